import { Hono } from 'hono';
import { ICON_SIZES, iconPath, PWA_BASE, type IconSize } from '../../src/contract/pwa-words.ts';
import { BRAND_COLOURS, themeFor } from '../../src/app/theme.ts';
import { clientName, findClientByNo } from '../data/client.ts';
import { appIcon } from '../lib/app-icons.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';

// The installable app of each client number (server/API.md "Installable app"): a web app manifest carrying the
// tenant's name, colours and icons, so an app installed from a partner's address carries the partner's brand. The
// page links it once it is idle (src/app/share-meta.ts). Not JSON envelopes: the browser reads these files itself.

/** Files a tenant may change (its name, its logo): an hour in caches, not forever. */
const CACHE = 'public, max-age=3600';

export function pwaRoutes(deps: Deps, staticDir: string): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get(`${PWA_BASE}/:file{[a-z0-9-]+\\.webmanifest}`, (c) => {
    const clientNo = c.req.param('file').replace(/\.webmanifest$/, '');
    const client = findClientByNo(db, clientNo);
    if (!client) return c.text('Not Found', 404);
    const language: Language = c.req.query('lang') === 'en-US' ? 'en-US' : 'zh-CN';
    const name = clientName(db, client.id, language) ?? client.client_no;
    const colours = BRAND_COLOURS[themeFor(client.tenant_id)];
    const number = client.client_no.toLowerCase();
    const manifest = {
      // The client number makes each brand its own app: two partners' apps installed on one phone stay apart.
      id: `/app/${number}`,
      name,
      short_name: [...name].length > 12 ? [...name].slice(0, 12).join('') : name,
      lang: language,
      start_url: `/app/${number}`,
      scope: '/app/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: colours.theme,
      background_color: colours.background,
      icons: [
        ...ICON_SIZES.map((size) => ({ src: iconPath(number, size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
        { src: iconPath(number, 512, true), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
    c.header('Cache-Control', CACHE);
    return c.body(JSON.stringify(manifest), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
  });

  routes.get(`${PWA_BASE}/:file{[a-z0-9-]+\\.png}`, async (c) => {
    const match = /^([a-z0-9]+)-(maskable-)?(\d+)\.png$/.exec(c.req.param('file'));
    const size = Number(match?.[3]) as IconSize;
    const client = match ? findClientByNo(db, match[1]!) : undefined;
    if (!client || !ICON_SIZES.includes(size) || (match?.[2] && size !== 512)) return c.text('Not Found', 404);
    let png: Buffer;
    try {
      png = await appIcon(staticDir, client.logo_url, size, Boolean(match?.[2]), BRAND_COLOURS[themeFor(client.tenant_id)].theme);
    } catch (error) {
      // A logo that is missing, unreadable or outside the static files: no icon, and the operator is told why.
      deps.log(`pwa: no icon for ${client.client_no}: ${(error as Error).message}`);
      return c.text('Not Found', 404);
    }
    c.header('Cache-Control', CACHE);
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png' });
  });

  return routes;
}

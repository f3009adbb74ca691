import { Hono } from 'hono';
import { ICON_SIZES, iconPath, PWA_BASE, PWA_CLIENT_NO, type IconSize } from '../../shared/contract/pwa-words.ts';
import { BRAND_COLOURS, themeFor } from '../../shared/theme-colours.ts';
import { clientName, findClientByNo } from '../data/client.ts';
import { appIcon } from '../lib/app-icons.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';

// The installable app of each client number (server/API.md "Installable app"): a web app manifest carrying the
// tenant's name, colours and icons, so an app installed from a partner's address carries the partner's brand. The
// page links it once it is idle (src/app/idle/share-meta.ts). Not JSON envelopes: the browser reads these files itself.

/** Files a tenant may change (its name, its logo): an hour in caches, not forever. */
const CACHE = 'public, max-age=3600';

export function pwaRoutes(deps: Deps, staticDir: string): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get(`${PWA_BASE}/:file{${PWA_CLIENT_NO}\\.webmanifest}`, async (c) => {
    // As the page wrote it (the client's row matches it in any case): the app starts where the person was.
    const number = c.req.param('file').replace(/\.webmanifest$/, '');
    const client = await findClientByNo(db, number);
    if (!client) return c.text('Not Found', 404);
    const language: Language = c.req.query('lang') === 'en-US' ? 'en-US' : 'zh-CN';
    const name = await clientName(db, client.id, language) ?? client.client_no;
    const colours = BRAND_COLOURS[themeFor(client.tenant_id)];
    const manifest = {
      // The client number makes each brand its own app: two partners' apps installed on one phone stay apart.
      id: `/app/${number}`,
      name,
      short_name: [...name].length > 12 ? [...name].slice(0, 12).join('') : name,
      lang: language,
      start_url: `/app/${number}`,
      // Every page is /app/<page>/<clientNo>: a scope of one client's own could hold none of its pages but home.
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

  routes.get(`${PWA_BASE}/:file{${PWA_CLIENT_NO}-[a-z0-9-]+\\.png}`, async (c) => {
    const match = new RegExp(`^(${PWA_CLIENT_NO})-(maskable-)?(\\d+)\\.png$`).exec(c.req.param('file'));
    const size = Number(match?.[3]) as IconSize;
    const client = match ? await findClientByNo(db, match[1]!) : undefined;
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

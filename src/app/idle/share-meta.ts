/**
 * Spec §1's share meta from the client: its logo as the page's icons and og:image, og:title (the page title), and a
 * description per tenant, for link previews and search results. Nothing on the first screen shows them, so boot starts
 * this once the first page is idle (index.ts), with its texts (texts/index.ts); the title itself is the shell's
 * (shell.ts).
 */
import { effect } from '@preact/signals-react';
import { locale, t } from '../../core/i18n/index.ts';
import { iconPath, manifestPath } from '../../../shared/contract/pwa-words.ts';
import { listenForInstallPrompt } from '../../install/install-prompt.ts';
import { aboutApp, clientNo } from '../client-state.ts';
import { pageTitle } from '../shell.ts';
import { ensureIdleTexts } from './texts/index.ts';

function setLink(rel: string, href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** Keeps the share meta in step with the client's data and the language. */
export async function startShareMeta(): Promise<void> {
  await ensureIdleTexts();
  effect(() => {
    const name = aboutApp.value?.clientName ?? '';
    setMeta('property', 'og:title', pageTitle(name, t('app.shell.titleSeparator'), t('app.shell.offlineGame')));
    const description = name ? t('app.share.description', { name }) : t('app.share.descriptionNoName');
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
    const logo = aboutApp.value?.logoUrl;
    if (logo) {
      setLink('icon', logo);
      setMeta('property', 'og:image', new URL(logo, location.href).href);
    }
    // The installable app of this client number, in the page's language: its manifest, and the icon iOS puts on the
    // home screen (a PNG: it takes no SVG there). The server makes both from the tenant's data (server/routes/pwa.ts).
    const number = clientNo.value;
    if (number) {
      setLink('manifest', manifestPath(number, locale.value));
      listenForInstallPrompt();
      setLink('apple-touch-icon', iconPath(number, 192));
    }
  });
}

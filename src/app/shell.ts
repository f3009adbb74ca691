/**
 * Shell duties of spec §1 that live outside any page: title, icons and share meta from the client, the tenant theme
 * and the container height. The old-domain notice (old-domain.ts) and the service worker (service-worker.ts) load
 * after the first screen.
 */
import { effect } from '@preact/signals-react';
import { locale, t } from '../core/i18n/index.ts';
import { notify } from '../core/ui/notify.ts';
import { aboutApp, reloadAboutApp, tenantId } from './client-state.ts';
import { applyTheme, themeFor } from './theme.ts';

export function pageTitle(clientName: string, separator: string, phrase: string): string {
  return clientName ? `${clientName}${separator}${phrase}` : phrase;
}

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

/** Keeps document-level state in step with the signals it depends on. */
export function startShellEffects(): void {
  effect(() => {
    const name = aboutApp.value?.clientName ?? '';
    const title = pageTitle(name, t('app.shell.titleSeparator'), t('app.shell.offlineGame'));
    document.title = title;
    setMeta('property', 'og:title', title);
    // Per tenant, for search results and link previews of the public pages.
    const description = name ? t('app.shell.description', { name }) : t('app.shell.descriptionNoName');
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
    const logo = aboutApp.value?.logoUrl;
    if (logo) {
      setLink('icon', logo);
      setLink('apple-touch-icon', logo);
      setMeta('property', 'og:image', new URL(logo, location.href).href);
    }
  });
  effect(() => applyTheme(themeFor(tenantId.value)));
  // The about-app texts are per language.
  let firstLocale = true;
  effect(() => {
    void locale.value;
    if (firstLocale) firstLocale = false;
    else void reloadAboutApp();
  });

  // Spec §1: the container follows the window height (mobile URL bars change it without a CSS unit noticing).
  const setHeight = () => document.documentElement.style.setProperty('--app-height', `${window.innerHeight}px`);
  setHeight();
  addEventListener('resize', setHeight);
  addEventListener('offline', () => notify(t('app.shell.offline'), 'info'));
}

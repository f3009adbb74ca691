/**
 * Shell duties of spec §1 that live outside any page: title, icons and share meta from the client,
 * the tenant theme, the container height, the old-domain notice and the service worker.
 */
import { effect } from '@preact/signals-react';
import { locale, t } from '../core/i18n/index.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { notify } from '../core/ui/notify.ts';
import { aboutApp, clientNo, reloadAboutApp, tenantId } from './client-state.ts';
import { reloadWhenHidden, updateActivated } from './update-guard.ts';
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

export interface OldDomainConfig {
  oldDomains: string[];
  newOrigin: string;
}

export function readOldDomainConfig(env: ImportMetaEnv | undefined = import.meta.env): OldDomainConfig {
  return {
    oldDomains: (env?.VITE_OLD_DOMAINS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
    newOrigin: (env?.VITE_NEW_DOMAIN_ORIGIN ?? '').replace(/\/+$/, ''),
  };
}

/**
 * Spec §1: on an old domain, null when not; else the new login address built from the client number,
 * or an empty link when there is no client number (the notice then says to contact customer service).
 */
export function oldDomainNotice(host: string, number: string, config: OldDomainConfig): { link: string } | null {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  if (!config.oldDomains.includes(hostname)) return null;
  if (!number || !config.newOrigin) return { link: '' };
  return { link: `${config.newOrigin}/app/login/${encodeURIComponent(number)}` };
}

export function showOldDomainNotice(): void {
  const notice = oldDomainNotice(location.host, clientNo.value, readOldDomainConfig());
  if (!notice) return;
  void openDialog({
    title: t('common.notice'),
    message: notice.link ? `${t('app.shell.oldDomain')} ${notice.link}` : t('app.shell.oldDomainNoClient'),
    actions: notice.link
      ? [{ label: t('app.shell.openNewAddress'), primary: true, href: notice.link }, { label: t('common.close') }]
      : [{ label: t('common.ok'), primary: true }],
  });
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

/**
 * Production only: /sw.js with scope /app/; when a new worker takes over an open page, reload it once, at a moment
 * that cuts nothing (update-guard.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The very first install also claims the page: that one change is no update, so it is skipped.
  let firstClaimPending = !navigator.serviceWorker.controller;
  let updated = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (firstClaimPending) {
      firstClaimPending = false;
      return;
    }
    if (updated) return;
    updated = true;
    // The toast is on screen for the moment before the reload, or says the new version waits for the page to end.
    notify(t(updateActivated() === 'reloaded' ? 'app.shell.updateReady' : 'app.shell.updateDeferred'), 'info');
  });
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/app/' })
      .then((registration) => {
        // A long-lived tab (a phone session can run for hours) looks for a new version whenever it comes back.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => {});
          else reloadWhenHidden();
        });
      })
      .catch(() => {});
  });
}

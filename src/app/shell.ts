/**
 * Shell duties of spec §1 that live outside any page: the title (client name, separator, the offline-game phrase),
 * the tenant theme and the container height following the window's. The icons and share meta, the old-domain notice
 * and the service worker load after the first screen (idle/).
 */
import { effect } from '@preact/signals-react';
import { locale, t } from '../core/i18n/index.ts';
import { notify } from '../core/ui/notify.ts';
import { aboutApp, reloadAboutApp, tenantId } from './client-state.ts';
import { applyTheme, themeFor } from './theme.ts';

export function pageTitle(clientName: string, separator: string, phrase: string): string {
  return clientName ? `${clientName}${separator}${phrase}` : phrase;
}

/** Keeps document-level state in step with the signals it depends on. */
export function startShellEffects(): void {
  effect(() => {
    document.title = pageTitle(aboutApp.value?.clientName ?? '', t('app.shell.titleSeparator'), t('app.shell.offlineGame'));
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

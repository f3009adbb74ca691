/**
 * Production only: /sw.js with scope /app/; when a new worker takes over an open page, reload it once, at a moment
 * that cuts nothing (update-arrival.ts, update-guard.ts). Boot loads this once the first screen is idle: nothing on
 * that screen needs the worker, and a first visit's worker installs after the page has loaded anyway.
 */
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { reloadWhenHidden, updateActivated } from './update-arrival.ts';
import { ensureIdleTexts } from './texts/index.ts';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The words of the notice below, in place before a new version can arrive.
  void ensureIdleTexts();
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
    const outcome = updateActivated();
    void ensureIdleTexts().then(() => notify(t(outcome === 'reloaded' ? 'app.update.ready' : 'app.update.deferred'), 'info'));
  });
  const register = () =>
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
  // Registering before the page's load event would compete with the page's own files for a slow network.
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}

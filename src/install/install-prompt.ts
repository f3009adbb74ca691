/**
 * The browser's install prompt, kept for the install page: Chrome and Edge fire `beforeinstallprompt` once the
 * manifest is in (src/app/idle/share-meta.ts links it once the first page is idle), and the page may be opened long after.
 * `listenForInstallPrompt` is started with the manifest, so no prompt is missed.
 */
import { signal } from '@preact/signals-react';

/** The event of the Web App Install API (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installPrompt = signal<InstallPromptEvent | null>(null);
/** Set once the browser installed the app (the `appinstalled` event), whichever way it was started. */
export const appInstalled = signal(false);

let listening = false;

export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the page's button instead of the browser's own mini-infobar.
    event.preventDefault();
    installPrompt.value = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    appInstalled.value = true;
    installPrompt.value = null;
  });
}

/** Shows the browser's prompt; resolves with whether the person accepted. A prompt is used once. */
export async function promptInstall(): Promise<boolean> {
  const event = installPrompt.value;
  if (!event) return false;
  installPrompt.value = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') appInstalled.value = true;
  return outcome === 'accepted';
}

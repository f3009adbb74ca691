/**
 * The installable app per client number (spec §2 install-pwa; server/API.md "Installable app"): where its web app
 * manifest and icons are, for the page that links them (src/app/idle/share-meta.ts) and the server that makes them
 * (server/routes/pwa.ts). Plain values only.
 */
export const PWA_BASE = '/app/pwa';
/** The icon sizes installers ask for (Android's launcher and splash screen); 512 comes as a maskable one too. */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/**
 * A client number in these paths: letters and digits (the server's are). Its case is kept: the installed app starts at
 * the address the person used, and the app tells client numbers apart as written.
 */
export const PWA_CLIENT_NO = '[A-Za-z0-9]+';

export const manifestPath = (clientNo: string, language: string): string =>
  `${PWA_BASE}/${encodeURIComponent(clientNo)}.webmanifest?lang=${encodeURIComponent(language)}`;

export const iconPath = (clientNo: string, size: IconSize, maskable = false): string =>
  `${PWA_BASE}/${encodeURIComponent(clientNo)}-${maskable ? 'maskable-' : ''}${size}.png`;

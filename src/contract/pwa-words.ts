/**
 * The installable app per client number (spec §2 install-pwa; server/API.md "Installable app"): where its web app
 * manifest and icons are, for the page that links them (src/app/share-meta.ts) and the server that makes them
 * (server/routes/pwa.ts). Plain values only.
 */
export const PWA_BASE = '/app/pwa';
/** The icon sizes installers ask for (Android's launcher and splash screen); 512 comes as a maskable one too. */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

export const manifestPath = (clientNo: string, language: string): string =>
  `${PWA_BASE}/${encodeURIComponent(clientNo.toLowerCase())}.webmanifest?lang=${encodeURIComponent(language)}`;

export const iconPath = (clientNo: string, size: IconSize, maskable = false): string =>
  `${PWA_BASE}/${encodeURIComponent(clientNo.toLowerCase())}-${maskable ? 'maskable-' : ''}${size}.png`;

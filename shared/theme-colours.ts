/**
 * The tenant themes' colours, written once (spec §9: tenant 100 is dark green, every other tenant the default blue).
 * global.css and index.html name them as `%brand.<theme>.<role>%` and `%shell.<tone>%`, which the build writes in
 * (scripts/theme-colours-plugin.mjs); the server's web app manifest (server/routes/pwa.ts) and the invite poster
 * read them from here.
 */
export const GREEN_TENANT_ID = 100;
export type ThemeName = 'green' | 'default';

/** The browser's UI colour (meta theme-color) per tone of theme. */
export const SHELL_COLOURS = { dark: '#00aba9', light: '#ffffff' } as const;

/**
 * Per theme: the brand colour (`--base`: title bars, buttons, an installed app's title bar and icon ground) and the
 * page's ground (`--bg` in the default theme, the body's in green; an installed app's splash screen).
 */
export const BRAND_COLOURS: Record<ThemeName, { theme: string; background: string }> = {
  default: { theme: '#045df9', background: '#f5f6f8' },
  green: { theme: '#1c4e42', background: '#07140f' },
};

export function themeFor(tenant: number | undefined): ThemeName {
  return tenant === GREEN_TENANT_ID ? 'green' : 'default';
}

/**
 * Spec §9: tenant 100 is dark green, every other tenant the default blue. A module of its own (no imports) because the
 * page's inline boot (inline-boot.ts) applies the cached tenant's theme before the app runs, as the shell does after.
 */
export const GREEN_TENANT_ID = 100;
export type ThemeName = 'green' | 'default';
/** The browser's UI colour (meta theme-color) per theme. */
export const SHELL_COLOURS = { dark: '#00aba9', light: '#ffffff' } as const;
/**
 * An installed app's colours per theme (its manifest, server/routes/pwa.ts): the brand colour (`--base` of
 * global.css) for the title bar and icon ground, and the page's ground for the splash screen.
 */
export const BRAND_COLOURS: Record<ThemeName, { theme: string; background: string }> = {
  default: { theme: '#045df9', background: '#f5f6f8' },
  green: { theme: '#1c4e42', background: '#07140f' },
};

export function themeFor(tenant: number | undefined): ThemeName {
  return tenant === GREEN_TENANT_ID ? 'green' : 'default';
}

/** Puts the document in a theme: the attribute global.css keys on, and the browser's UI colour. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'green' ? SHELL_COLOURS.dark : SHELL_COLOURS.light);
}

/**
 * Puts the document in a tenant's theme. A module with one import (the colours) because the page's inline boot
 * (inline-boot.ts) applies the cached tenant's theme before the app runs, as the shell does after.
 */
import { SHELL_COLOURS, type ThemeName } from '../../shared/theme-colours.ts';

export { themeFor, type ThemeName } from '../../shared/theme-colours.ts';

/** Puts the document in a theme: the attribute global.css keys on, and the browser's UI colour. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'green' ? SHELL_COLOURS.dark : SHELL_COLOURS.light);
}

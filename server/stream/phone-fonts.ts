import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

// The virtual phones' typeface: Noto Sans SC (variable weight), shipped as an npm package so Chinese is drawn as
// text on any machine, whatever fonts its system has. The package splits the font by Unicode range into about a
// hundred WOFF2 files; registered under one family name, Skia picks the file that has each character.

/** The family the phone screens are drawn in (draw-screen.ts). */
export const PHONE_FONT = 'Phone Sans';

let registered = 0;

/** Registers the font files once (about 100 ms); returns how many were taken. */
export function registerPhoneFonts(): number {
  if (registered > 0) return registered;
  const require = createRequire(import.meta.url);
  const files = join(dirname(require.resolve('@fontsource-variable/noto-sans-sc/package.json')), 'files');
  for (const name of readdirSync(files)) {
    if (!name.endsWith('-wght-normal.woff2')) continue;
    if (GlobalFonts.registerFromPath(join(files, name), PHONE_FONT)) registered++;
  }
  if (registered === 0) throw new Error(`no phone font files could be registered from ${files}`);
  return registered;
}

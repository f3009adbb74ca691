// The first-screen closure, read from Vite's build manifest: what a cold visit to the login screen
// must download before it can be used. Shared by the size check and the service-worker precache list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Source modules whose chunks the first screen needs besides the entry (the default dictionary, the login page). */
export const FIRST_SCREEN_SOURCES = ['src/core/i18n/zh-CN.ts', 'src/account/pages/login.tsx'];

/** What else is precached for an offline start: the other dictionary, home and the 404 page. */
export const PRECACHE_SOURCES = [
  ...FIRST_SCREEN_SOURCES,
  'src/core/i18n/en-US.ts',
  'src/core/i18n/zh-CN-app.ts',
  'src/core/i18n/en-US-app.ts',
  'src/devices/pages/home.tsx',
  'src/misc/pages/not-found.tsx',
];

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Files (relative to dist) of the given manifest keys and everything they import statically. */
export function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) throw new Error(`not in the build manifest: ${key}`);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

export function firstScreenFiles(manifest) {
  return ['index.html', ...closure(manifest, ['index.html', ...FIRST_SCREEN_SOURCES])];
}

export function precacheFiles(manifest) {
  return ['index.html', ...closure(manifest, ['index.html', ...PRECACHE_SOURCES])];
}

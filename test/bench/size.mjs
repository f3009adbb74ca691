// `npm run size`: builds (unless --no-build) and prints the first-screen closure — index.html (with its inline
// scripts and styles), the entry, the default dictionary and the login route's chunks — in gzip and brotli bytes.
// Fails above the hard ceiling of 60 KB gzip or above 6 files; prints how far the 30 KB target still is (the
// ceiling moves to the target once the first screen is under it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { firstScreenFiles } from '../../scripts/first-screen.mjs';

export const BUDGET_GZIP_BYTES = 60 * 1024;
export const TARGET_GZIP_BYTES = 30 * 1024;
/** Each file is a request on a 400 ms link, even in one round: the first screen comes in at most this many. */
export const MAX_FILES = 6;
const root = new URL('../..', import.meta.url).pathname;
const dist = join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('../../scripts/build.mjs');
  await build({ quiet: true });
}

const rows = firstScreenFiles(dist).map((file) => {
  const data = readFileSync(join(dist, file));
  return {
    file,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), { raw: 0, gzip: 0, brotli: 0 });

const pad = (value, width) => String(value).padStart(width);
console.log(`${'first-screen file'.padEnd(48)}${pad('raw', 9)}${pad('gzip', 9)}${pad('brotli', 9)}`);
for (const row of rows) console.log(`${row.file.padEnd(48)}${pad(row.raw, 9)}${pad(row.gzip, 9)}${pad(row.brotli, 9)}`);
console.log(`${'total'.padEnd(48)}${pad(total.raw, 9)}${pad(total.gzip, 9)}${pad(total.brotli, 9)}`);
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`first screen: ${kb(total.gzip)} KB gzip, ${kb(total.brotli)} KB brotli in ${rows.length} files (budget ${kb(BUDGET_GZIP_BYTES)} KB gzip, ${MAX_FILES} files)`);
const toGo = total.gzip - TARGET_GZIP_BYTES;
console.log(toGo > 0 ? `target ${kb(TARGET_GZIP_BYTES)} KB gzip: ${kb(toGo)} KB to go` : `target ${kb(TARGET_GZIP_BYTES)} KB gzip: reached`);
// Lazy by design: the streaming SDK, the phone-view pages and their texts must never be part of the first screen.
const lazyOnly = rows.filter((row) => /(^|\/)(stream-sdk|phone-view|stream-(zh-CN|en-US))-/.test(row.file));
if (lazyOnly.length) {
  console.error(`in the first screen but meant to load on demand: ${lazyOnly.map((row) => row.file).join(', ')}`);
  process.exit(1);
}
// The entry's chunk loader is the app's own (src/app/chunk-loader.ts, swapped in by scripts/chunk-loader-plugin.mjs):
// Vite's helper, 1.3 KB larger, comes back unnoticed if an upgrade of Vite renames the module the plugin answers for.
const vitesHelper = rows.filter((row) => row.file.endsWith('.js') && readFileSync(join(dist, row.file), 'utf8').includes('vite:preloadError'));
if (vitesHelper.length) {
  console.error(`Vite's own preload helper is back in ${vitesHelper.map((row) => row.file).join(', ')}: see scripts/chunk-loader-plugin.mjs`);
  process.exit(1);
}
if (rows.length > MAX_FILES) {
  console.error(`${rows.length} files in the first screen, more than ${MAX_FILES}`);
  process.exit(1);
}
if (total.gzip > BUDGET_GZIP_BYTES) {
  console.error(`over budget by ${kb(total.gzip - BUDGET_GZIP_BYTES)} KB gzip`);
  process.exit(1);
}

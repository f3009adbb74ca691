// `npm run size`: builds (unless --no-build) and prints the first-screen closure — index.html (with its inline
// scripts and styles: the boot, the app's entry, the login page, the default language's texts), the files the entry
// imports, and any file the login route or the default dictionary still needs — in gzip and brotli bytes.
// The bytes are those the server sends: the build's .gz and .br siblings, or the file itself when it has none (the
// build leaves files under 256 bytes uncompressed).
// Fails above the 33 KB gzip budget (the first screen is about 32.5 KB with only the build tricks that pay 200 bytes or
// more left in the build, each one's header says what; its boot plan grows by about 60 bytes with each page: a change
// that takes it over fails; the hard ceiling of 60 KB is still named when that is crossed too) or above 6 files.
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { firstScreenFiles } from '../../scripts/first-screen.mjs';

export const BUDGET_GZIP_BYTES = 33 * 1024;
/** The hard ceiling the budget started at, before the first screen came near 30 KB. */
export const CEILING_GZIP_BYTES = 60 * 1024;
/** Each file is a request on a 400 ms link, even in one round: the first screen comes in at most this many. */
export const MAX_FILES = 6;
const root = new URL('../..', import.meta.url).pathname;
const dist = join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('../../scripts/build.mjs');
  await build({ quiet: true });
}

const DECODE = { '.gz': gunzipSync, '.br': brotliDecompressSync };
const damaged = [];

/**
 * Bytes on the wire for `file` sent with an encoding: its precompressed sibling, else the file as it is. A sibling
 * that does not decode to the file's own bytes is reported: the budget would otherwise count bytes no browser reads.
 */
function sent(file, suffix) {
  const original = readFileSync(join(dist, file));
  const sibling = join(dist, file + suffix);
  if (!existsSync(sibling)) return original.length;
  const encoded = readFileSync(sibling);
  let decoded;
  try {
    decoded = DECODE[suffix](encoded);
  } catch {
    decoded = undefined;
  }
  if (!decoded?.equals(original)) damaged.push(file + suffix);
  return encoded.length;
}

const rows = firstScreenFiles(dist).map((file) => ({
  file,
  raw: readFileSync(join(dist, file)).length,
  gzip: sent(file, '.gz'),
  brotli: sent(file, '.br'),
}));
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), { raw: 0, gzip: 0, brotli: 0 });

const pad = (value, width) => String(value).padStart(width);
console.log(`${'first-screen file'.padEnd(48)}${pad('raw', 9)}${pad('gzip', 9)}${pad('brotli', 9)}`);
for (const row of rows) console.log(`${row.file.padEnd(48)}${pad(row.raw, 9)}${pad(row.gzip, 9)}${pad(row.brotli, 9)}`);
console.log(`${'total'.padEnd(48)}${pad(total.raw, 9)}${pad(total.gzip, 9)}${pad(total.brotli, 9)}`);
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`first screen: ${kb(total.gzip)} KB gzip, ${kb(total.brotli)} KB brotli in ${rows.length} ${rows.length === 1 ? 'file' : 'files'} (budget ${kb(BUDGET_GZIP_BYTES)} KB gzip, ${MAX_FILES} files)`);
const left = BUDGET_GZIP_BYTES - total.gzip;
if (left >= 0) console.log(`budget ${kb(BUDGET_GZIP_BYTES)} KB gzip: ${left} bytes left`);
// Lazy by design: the streaming SDK, the phone-view pages and their texts must never be part of the first screen.
const lazyOnly = rows.filter((row) => /(^|\/)(stream-sdk|phone-view|stream-(zh-CN|en-US))-/.test(row.file));
if (lazyOnly.length) {
  console.error(`in the first screen but meant to load on demand: ${lazyOnly.map((row) => row.file).join(', ')}`);
  process.exit(1);
}
// The first screen's chunk loader is the app's own (src/app/chunk-loader.ts, swapped in by
// scripts/chunk-loader-plugin.mjs): Vite's helper, 1.3 KB larger, comes back unnoticed if an upgrade of Vite renames
// the module the plugin answers for. index.html is searched too: the app's entry is inline there.
const vitesHelper = rows.filter((row) => /\.(js|html)$/.test(row.file) && readFileSync(join(dist, row.file), 'utf8').includes('vite:preloadError'));
if (vitesHelper.length) {
  console.error(`Vite's own preload helper is back in ${vitesHelper.map((row) => row.file).join(', ')}: see scripts/chunk-loader-plugin.mjs`);
  process.exit(1);
}
if (damaged.length) {
  console.error(`precompressed copies that do not decode to their file: ${damaged.join(', ')}`);
  process.exit(1);
}
if (rows.length > MAX_FILES) {
  console.error(`${rows.length} files in the first screen, more than ${MAX_FILES}`);
  process.exit(1);
}
if (total.gzip > CEILING_GZIP_BYTES) {
  console.error(`over the hard ceiling of ${kb(CEILING_GZIP_BYTES)} KB gzip by ${kb(total.gzip - CEILING_GZIP_BYTES)} KB`);
  process.exit(1);
}
if (total.gzip > BUDGET_GZIP_BYTES) {
  console.error(`over the budget of ${kb(BUDGET_GZIP_BYTES)} KB gzip by ${total.gzip - BUDGET_GZIP_BYTES} bytes (the hard ceiling is ${kb(CEILING_GZIP_BYTES)} KB)`);
  process.exit(1);
}

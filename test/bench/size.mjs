// `npm run size`: builds (unless --no-build) and prints the first-screen closure — the entry, the
// default dictionary, the login route's chunks and the CSS — in gzip and brotli bytes. Fails above
// the budget of 60 KB gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { firstScreenFiles } from '../../scripts/first-screen.mjs';

export const BUDGET_GZIP_BYTES = 60 * 1024;
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
console.log(`first screen: ${kb(total.gzip)} KB gzip, ${kb(total.brotli)} KB brotli (budget ${kb(BUDGET_GZIP_BYTES)} KB gzip)`);
// Lazy by design: the streaming SDK, the phone-view pages and their texts must never be part of the first screen.
const lazyOnly = rows.filter((row) => /(^|\/)(stream-sdk|phone-view|stream-(zh-CN|en-US))-/.test(row.file));
if (lazyOnly.length) {
  console.error(`in the first screen but meant to load on demand: ${lazyOnly.map((row) => row.file).join(', ')}`);
  process.exit(1);
}
if (total.gzip > BUDGET_GZIP_BYTES) {
  console.error(`over budget by ${kb(total.gzip - BUDGET_GZIP_BYTES)} KB gzip`);
  process.exit(1);
}

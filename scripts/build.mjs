// Production build: Vite (the app), then the service worker (esbuild bundle + workbox injectManifest
// with the first-screen precache list), then .br/.gz siblings for the server to send as they are.
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { precacheFiles } from './first-screen.mjs';
import { prerender } from './prerender.mjs';
import { inlineEntry } from './inline-entry.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const tmp = join(root, '.tmp');

export async function build({ quiet = false } = {}) {
  await viteBuild({ root, logLevel: quiet ? 'warn' : 'info' });
  mkdirSync(tmp, { recursive: true });
  const prerendered = await prerender(dist, tmp);
  const entry = inlineEntry(dist);
  if (!quiet) console.log(`prerendered into index.html: ${prerendered.pages.join(', ')}; inlined ${[...prerendered.inlined, ...(entry ? [entry] : [])].join(', ')}`);

  const swBundle = join(tmp, 'sw.js');
  await esbuild({
    entryPoints: [join(root, 'sw/sw.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2019',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: swBundle,
    logLevel: 'warning',
  });

  const { count, size, warnings } = await injectManifest({
    swSrc: swBundle,
    swDest: join(dist, 'sw.js'),
    globDirectory: dist,
    globPatterns: precacheFiles(dist),
    // Files sit at the root of dist but are served under /app/.
    modifyURLPrefix: { '': '/app/' },
    // Hashed names carry their own version.
    dontCacheBustURLsMatching: /assets\/.+-[\w-]{8}\.\w+$/,
  });
  if (warnings.length) console.warn(warnings.join('\n'));

  const compressed = await precompress(dist);
  if (!quiet) console.log(`service worker: ${count} files precached (${(size / 1024).toFixed(1)} KiB); ${compressed} files precompressed`);
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes name.br and name.gz beside each text file worth compressing (the server picks by Accept-Encoding). The .gz
 * comes from Zopfli, a slower encoder whose output any gzip reader takes: the first screen is 1,388 bytes smaller than
 * with zlib's level 9, about 28 ms of transfer at 50 kB/s for clients without brotli (older partner webviews), paid
 * once at build time (about 8 s for the whole build; docs/build-tricks.md). The library is used rather than a deflate
 * encoder of our own.
 */
async function precompress(dir) {
  // Imported here, once the app is built: the library's loader installs process-wide handlers for uncaught errors
  // (which print its whole source), and a failed Vite build should report its own error.
  const { gzipAsync: zopfliGzip } = await import('@gfx/zopfli');
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = join(dir, String(name));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile() || relative(dist, file).startsWith('.vite')) continue;
    const data = readFileSync(file);
    if (data.length < 256) continue;
    writeFileSync(`${file}.gz`, await zopfliGzip(data, { numiterations: 5 }));
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    count++;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

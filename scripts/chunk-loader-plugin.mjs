// Puts src/app/chunk-loader.ts where Vite's build would bring its own preload helper (the module every wrapped
// dynamic import calls). The helper is Vite's internal module "\0vite/preload-helper.js"; this plugin runs before
// Vite's and answers for that id first. The size check (test/bench/size.mjs) fails the build's first screen if an
// upgrade of Vite renames the id and its helper comes back.
//
// Saves 478 bytes gzip of the first screen (334 brotli), about 10 ms of transfer at 50 kB/s (docs/build-tricks.md).
// The inline entry needs it too: Vite's helper reads import.meta, which scripts/inline-entry.mjs refuses in a module
// that has no address of its own, and it would fetch the entry's stylesheet again, which the page holds inline.
import { fileURLToPath } from 'node:url';

const HELPER_ID = '\0vite/preload-helper.js';
const LOADER = fileURLToPath(new URL('../src/app/chunk-loader.ts', import.meta.url));

export function chunkLoaderPlugin() {
  return {
    name: 'cloud-phone:chunk-loader',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === HELPER_ID || id === HELPER_ID.slice(1)) return LOADER;
    },
  };
}

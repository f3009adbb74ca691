// Puts src/app/chunk-loader.ts where Vite's build would bring its own preload helper (the module every wrapped
// dynamic import calls): this plugin runs before Vite's and answers for the helper's id first.
//
// Pays 457 bytes gzip of the first screen (429 brotli), about 9 ms of transfer at 50 kB/s, measured against the same
// build with Vite's helper. The inline entry needs it too: Vite's helper reads import.meta, which
// scripts/inline-entry.mjs refuses in a module that has no address of its own, and it would fetch the entry's
// stylesheet again, which the page holds inline.
// Depends on: vite's internal module id "\0vite/preload-helper.js" (`preloadHelperId` in vite's
// dist/node/chunks/node.js). test/unit/project/chunk-loader.test.ts builds a sample with the installed Vite and fails
// if Vite's helper comes back; the size check (test/bench/size.mjs) fails on it in the app's build too.
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

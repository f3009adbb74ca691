// Puts src/app/chunk-loader.ts where Vite's build would bring its own preload helper (the module every wrapped
// dynamic import calls). The helper is Vite's internal module "\0vite/preload-helper.js"; this plugin runs before
// Vite's and answers for that id first. The size check (test/bench/size.mjs) fails the build's first screen if an
// upgrade of Vite renames the id and its helper comes back.
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

import { test } from 'uvu';
import type { Plugin } from 'vite';
import * as assert from 'uvu/assert';
import { chunkLoaderPlugin } from '../../../scripts/chunk-loader-plugin.mjs';
import { miniBuild } from './mini-build.ts';

// The build puts the app's chunk loader (src/app/chunk-loader.ts) where Vite would bring its own preload helper, by
// answering for the helper's internal module id (scripts/chunk-loader-plugin.mjs). If an upgrade of Vite renames that
// id, the plugin answers for nothing and Vite's helper comes back: 0.4 KB gzip more, and an `import.meta` the inline
// entry refuses. The size check looks for it in the build too (test/bench/size.mjs); this finds it before a build.

const FILES = {
  'entry.js': "import './base.css'; document.body.onclick = () => import('./page.js').then((page) => page.show());",
  'page.js': "import './page.css'; export const show = () => document.body.append('page');",
  'base.css': 'body{margin:0}',
  'page.css': 'p{margin:0}',
};

test("Vite wraps a dynamic import in its helper, which the plugin replaces with the app's loader", async () => {
  const entryOf = async (plugins: Parameters<typeof miniBuild>[1]) => (await miniBuild(FILES, plugins)).find((chunk) => chunk.isEntry)!.code;
  // Without the plugin: Vite's own helper, recognisable by the event it dispatches (the size check looks for it too).
  assert.match(await entryOf([]), /vite:preloadError/, "the sample brings Vite's helper");
  const code = await entryOf([chunkLoaderPlugin() as Plugin]);
  assert.not.match(code, /vite:preloadError/, "Vite's helper is back: its internal id has changed (scripts/chunk-loader-plugin.mjs)");
  assert.not.match(code, /import\.meta/);
  assert.match(code, /did not load/, "the app's loader is in its place");
});

test.run();

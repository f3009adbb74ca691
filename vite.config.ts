import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { aliases } from './aliases.mjs';
import { bootPlanPlugin, devFingerprintPlugin } from './scripts/boot-plan.mjs';
import { chunkLoaderPlugin } from './scripts/chunk-loader-plugin.mjs';
import { compatClassesPlugin } from './scripts/compat-classes-plugin.mjs';
import { IDLE_CHUNK, inIdleChunk, isIdleModule } from './scripts/load-phases.mjs';
import { themeColours } from './scripts/theme-colours-plugin.mjs';
import { BRAND_COLOURS, SHELL_COLOURS } from './shared/theme-colours.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiPort = process.env.API_PORT ?? '8080';
/** The lazy pages' shared helpers: see below. */
const SHARED_MODULES =
  /src[\\/](?:core|app)[\\/](?!i18n[\\/]|texts[\\/]|error-catalogue|more-routes|ui[\\/](?:dialog-host|sheet|menu|focus-trap)|sanitize-html)|shared[\\/](?:validate|format|error-codes|reply-codes|name-lookalike)\.ts/;

export default defineConfig({
  base: '/app/',
  plugins: [chunkLoaderPlugin(), compatClassesPlugin(), preact({ reactAliasesEnabled: false }), bootPlanPlugin({ version: pkg.version }), devFingerprintPlugin(), themeColours({ brand: BRAND_COLOURS, shell: SHELL_COLOURS })],
  resolve: {
    // Ordered most specific first: 'react/jsx-runtime' must win over 'react'.
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({
        find: new RegExp(`^${find.replace(/[/]/g, '\\/')}$`),
        replacement,
      })),
      // The two below each save bytes of the first screen by leaning on how another package is written (measured
      // against the same build without each one; gzip, brotli in brackets). test/unit/project/build-aliases.test.ts
      // fails when an upgrade changes what they lean on.
      //
      // rosetta's one dependency, dlv: its "browser" file, which Vite takes, is a UMD wrapper, and any CommonJS module
      // brings the bundler's CommonJS interop into the entry; its "module" file is the same function as plain ESM.
      // Pays 357 bytes (311). Depends on: rosetta importing 'dlv'; dlv shipping dist/dlv.es.js.
      { find: /^dlv$/, replacement: 'dlv/dist/dlv.es.js' },
      // tus-js-client's URL parser (url-parse, CommonJS, with the two packages it requires), whose one job the
      // browser's URL does (src/app/tus-url.ts): it brought the CommonJS interop into the entry for the upload's sake,
      // and 11 KB (before compression) into the upload's chunk. Pays 281 bytes (210); it and the dlv alias pay only
      // together, as either CommonJS package alone brings the interop back. Depends on: tus-js-client's
      // lib.esm/upload.js importing url-parse, and using it as `new URL(link, origin)` alone.
      { find: /^url-parse$/, replacement: fileURLToPath(new URL('./src/app/tus-url.ts', import.meta.url)) },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    // Partner webviews lag behind desktop browsers; es2019 keeps optional chaining transpiled for old Android WebViews.
    target: 'es2019',
    manifest: true,
    cssCodeSplit: true,
    sourcemap: false,
    modulePreload: {
      polyfill: false,
      // The first screen's dynamic imports (in the entry: the route table's pages, texts, the dialog host, the
      // catalogue) carry no lists of the scripts they need: the boot plan in index.html has them, and the app
      // preloads a page's scripts from it (src/app/route-files.ts). Lazy chunks keep Vite's lists for their own
      // imports. Styles are listed as before.
      resolveDependencies: (_file, deps, { hostId }) => (/^assets\/index-[^/]*\.js$/.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      // Imported constants are written in where they are used: the reply codes (shared/reply-codes.ts) then cost the
      // entry nothing for the codes only lazy pages compare with, instead of one exported binding each. Saves 1,067
      // bytes gzip of the first screen (734 brotli), about 21 ms of transfer at 50 kB/s.
      optimization: { inlineConst: { mode: 'all' } },
      onLog(level, log, handler) {
        // main.tsx imports the login page so that it travels inline with the entry; the route table's dynamic import
        // of it then resolves to the entry's own chunk, which is the point, not a mistake to warn about.
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /pages[\\/]login\.tsx is dynamically/.test(log.message)) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads statically in one chunk, which the build then inlines into index.html
            // (scripts/inline-entry.mjs; the lazy pages import what they share with it from a stub of its exports,
            // scripts/inline-exports.mjs). On a 400 ms link each extra file of the first screen is a request, and
            // without this group the bundler would split the modules the lazy pages share into initial chunks.
            { name: 'index', tags: ['$initial'] },
            // What boot loads once the first page is idle: the modules of src/app/idle/ but their texts (one file per
            // language), in one file of its own (scripts/load-phases.mjs). The lazy pages' shared file below would
            // otherwise carry them, and list their texts with every page.
            { name: IDLE_CHUNK, test: inIdleChunk },
            // The general helpers the lazy pages share (loading states, formatting, clipboard, page header) in one small
            // file, so that a page using one of them does not pull in the device list below. Texts, the error
            // catalogue, the rest of the route table (app/more-routes.ts) and the idle modules keep files of their own.
            { name: 'shared', test: (id) => SHARED_MODULES.test(id) && !isIdleModule(id) },
            // Sheets, menus and the dialog host (with their focus handling and styles) in a file of their own: pages
            // open them on a tap, and the device list, a returning user's first screen, shows without them. The HTML
            // sanitiser is left to the bundler, which keeps it with the few pages that show rich text.
            { name: 'overlays', test: /src[\\/]core[\\/]ui[\\/](?:dialog-host|sheet|menu|focus-trap)\b/ },
            // The same for the signed-in first screen, the device list: the home page and what it imports (list,
            // grid, card, device state, formatting) in one file instead of a dozen, which costs a returning user
            // a dozen requests and the boot script a dozen preload links. Pages sharing those parts load it too.
            { name: 'home', test: /src[\\/]devices[\\/]pages[\\/]home\.tsx$/ },
            // A share link's early start (src/share/early-join.ts), which the boot runs as soon as it arrives, in one
            // file with what it uses: the viewer's kept keys, the stream's address and the socket it opens early. The
            // stream SDK imports the last two (and its reconnection delays, here too) from that file: on a slow link
            // each file of the share page's first round is a request queued on the browser's six connections, and
            // the early start's side effect does nothing on another page.
            { name: 'stream-start', test: /src[\\/](?:share[\\/](?:early-join|kept-viewer)|stream[\\/](?:stream-url|early-socket|backoff))\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/static': `http://localhost:${apiPort}`,
    },
  },
});

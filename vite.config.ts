import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { aliases } from './aliases.mjs';
import { bootPlanPlugin, devFingerprintPlugin } from './scripts/boot-plan.mjs';
import { chunkLoaderPlugin } from './scripts/chunk-loader-plugin.mjs';
import { compatClassesPlugin } from './scripts/compat-classes-plugin.mjs';
import { themeColours } from './scripts/theme-colours-plugin.mjs';
import { BRAND_COLOURS, SHELL_COLOURS } from './shared/theme-colours.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiPort = process.env.API_PORT ?? '8080';
/** The lazy pages' shared helpers, and the modules boot loads once the first page is idle (src/main.tsx): see below. */
const SHARED_MODULES =
  /src[\\/](?:core|app)[\\/](?!i18n[\\/]|texts[\\/]|error-catalogue|more-routes|ui[\\/](?:dialog-host|sheet|menu|focus-trap)|sanitize-html)|shared[\\/](?:validate|format|error-codes|reply-codes|name-lookalike)\.ts/;
const IDLE_MODULES = /src[\\/]app[\\/](?:service-worker|update-arrival|share-meta|old-domain|texts[\\/]index)\.ts$/;

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
      // rosetta's one dependency: its "browser" file is a UMD wrapper, which brings the bundler's CommonJS interop
      // into the entry; its "module" file is the same function as plain ESM. Saves 418 bytes gzip of the first screen
      // (209 brotli), about 8 ms of transfer at 50 kB/s (docs/build-tricks.md).
      { find: /^dlv$/, replacement: 'dlv/dist/dlv.es.js' },
      // wouter's path-pattern parser, which this app never calls (src/app/no-route-patterns.ts says why). Saves 186
      // bytes gzip of the first screen (132 brotli), about 4 ms of transfer at 50 kB/s.
      { find: /^regexparam$/, replacement: fileURLToPath(new URL('./src/app/no-route-patterns.ts', import.meta.url)) },
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
      // entry nothing for the codes only lazy pages compare with, instead of one exported binding each. Saves 410
      // bytes gzip of the first screen (207 brotli), about 8 ms of transfer at 50 kB/s.
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
            // What boot loads once the first page is idle (the service worker's registration and what a new version
            // does, the share meta, the old-domain notice, and the loader of their texts), in one file of its own: the
            // lazy pages' shared file below would otherwise carry it, and list its texts with every page.
            { name: 'idle', test: IDLE_MODULES },
            // The general helpers the lazy pages share (loading states, formatting, clipboard, page header) in one small
            // file, so that a page using one of them does not pull in the device list below. Texts, the error
            // catalogue, the rest of the route table (app/more-routes.ts) and the idle modules keep files of their own.
            { name: 'shared', test: (id) => SHARED_MODULES.test(id) && !IDLE_MODULES.test(id) },
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

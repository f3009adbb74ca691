// Build step after Vite (scripts/build.mjs): makes dist/index.html paint the first screen by itself.
// - The login page (zh-CN, the default language) is rendered into #app, marked inert: it is a picture of the page
//   until the app takes it over (src/main.tsx), and with JavaScript off it is what shows.
// - The login page in English and the 404 page in both languages wait in <template>s; a second inline script picks
//   the one the head's boot decided on (src/app/inline-prerender.ts), usually before the first paint; a style rule
//   hides the Chinese login meanwhile when the boot decided on another page or language.
// - The entry's stylesheet is inlined, so the first paint waits for no request but the HTML.
// The pages are rendered by src/prerender.tsx, built for Node with the app's own Vite config (aliases included).
//
// Measured against the same build without each (docs/build-tricks.md, cold login on the slow profile, interleaved
// runs): the prerendered pages bring the first paint forward by about half a second (736 ms against 1,276, medians
// of 6) at the price of 1,161 bytes gzip of the first screen. The page is usable no sooner (1,245 against 1,276 ms;
// 177 ms later on a machine under heavy load, where styling, laying out and painting the picture before the app
// replaces it weighs more), and an offline launch is painted no sooner (and was usable later, 495 against 300 ms,
// within that bench's spread). The inlined stylesheet brings the first paint forward by about half a second too (736
// against 1,242), the page usable by 179 ms, and saves 214 bytes gzip and a file.
import { build as viteBuild } from 'vite';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileInlineScript } from './boot-plan.mjs';

const root = new URL('..', import.meta.url).pathname;
const LANGUAGES = ['zh-CN', 'en-US'];
/** The variant #app holds as markup (page segment and language); the others are templates. */
const IN_PLACE_PAGE = { segment: 'login', lang: 'zh-CN' };
const IN_PLACE = `${IN_PLACE_PAGE.segment}-${IN_PLACE_PAGE.lang}`;
const SHOW_PRERENDERED = `import { showPrerendered } from './src/app/inline-prerender.ts';\nshowPrerendered();`;

async function renderPages(tmp) {
  const outDir = join(tmp, 'prerender');
  await viteBuild({
    root,
    logLevel: 'warn',
    // Everything bundled, so the React names resolve through the app's aliases to Preact here too.
    ssr: { noExternal: true },
    build: { ssr: join(root, 'src/prerender.tsx'), outDir, emptyOutDir: true, rolldownOptions: { output: { codeSplitting: false, entryFileNames: '[name].js' } } },
  });
  const { prerenderPage, PRERENDERED_SEGMENTS } = await import(pathToFileURL(join(outDir, 'prerender.js')).href);
  const pages = {};
  for (const segment of PRERENDERED_SEGMENTS) {
    // Without test ids: a test (or a script) looking for a control finds the app's own, never this picture of it.
    for (const lang of LANGUAGES) pages[`${segment}-${lang}`] = (await prerenderPage(segment, lang)).replace(/ data-testid="[^"]*"/g, '');
  }
  rmSync(outDir, { recursive: true, force: true });
  return pages;
}

/** Rewrites dist/index.html (and dist/boot-plan.json: the inlined stylesheet is no longer a file of the first screen). */
export async function prerender(dist, tmp) {
  const pages = await renderPages(tmp);
  const indexPath = join(dist, 'index.html');
  let html = readFileSync(indexPath, 'utf8');

  const planPath = join(dist, 'boot-plan.json');
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  const inlined = [];
  html = html.replace(/<link rel="stylesheet"[^>]*href="\/app\/([^"]+\.css)"[^>]*>/g, (_, file) => {
    inlined.push(file);
    // The file's address stays on the block: lazy chunks list the entry's stylesheet among their imports' styles, and
    // the chunk loader (src/app/chunk-loader.ts) then finds it in place instead of fetching it again.
    return `<style data-href="/app/${file}">${readFileSync(join(dist, file), 'utf8').trim()}</style>`;
  });
  plan.entry = plan.entry.filter((file) => !inlined.includes(file));
  writeFileSync(planPath, JSON.stringify(plan, null, 2));

  const templates = Object.entries(pages)
    .filter(([name]) => name !== IN_PLACE)
    .map(([name, markup]) => `<template id="prerendered-${name}">${markup}</template>`)
    .join('');
  const app = `<div id="app" inert data-prerendered="${IN_PLACE}">${pages[IN_PLACE]}</div>`;
  if (!html.includes('<div id="app"></div>')) throw new Error('prerender: index.html has no empty <div id="app"></div>');
  // The templates before the script that reads them.
  const picker = await compileInlineScript(SHOW_PRERENDERED);
  // A function, not a string: `$` in the markup or the script would otherwise be read as a replacement pattern.
  html = html.replace('<div id="app"></div>', () => `${app}\n    ${templates}\n    <script>${picker}</script>`);
  // The markup in #app is hidden while the head's boot has decided on another page or language and the picker has not
  // yet swapped it: the parser may paint between the two on a slow link (the HTML comes in pieces), and the Chinese
  // login would flash before the English one or before home's spinner. Without JavaScript nothing is decided, and it
  // shows.
  const { segment, lang } = IN_PLACE_PAGE;
  const inPlace = `#app[data-prerendered="${IN_PLACE}"]`;
  const hold = `html[data-boot-page]:not([data-boot-page="${segment}"]) ${inPlace},html[data-boot-page]:not([lang="${lang}"]) ${inPlace}{visibility:hidden}`;
  html = html.replace('</head>', () => `  <style>${hold}</style>\n  </head>`);
  writeFileSync(indexPath, html);
  return { pages: Object.keys(pages), inlined };
}

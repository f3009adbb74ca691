// The first screen and the offline start, as lists of files (relative to dist) read from the build's boot plan
// (scripts/boot-plan.mjs, dist/boot-plan.json): what a cold visit to the login screen downloads before it can be used,
// and what the service worker precaches. Shared by the size check, the benchmarks and the service-worker build.
//
// The precache list saves a first visit's link 65 KB brotli once the worker registers: 17 files, 55.5 KB, where
// precaching every built file would fetch 92 files, 120.5 KB (about 1.3 s more at 50 kB/s; docs/build-tricks.md).
import { readPlan } from './boot-plan.mjs';

const unique = (files) => [...new Set(files)];

/**
 * index.html (which carries the app's entry, the login page and the default language's texts inline), the files the
 * entry imports (none while it is one chunk), and whatever the login route and the default dictionary still need as
 * files (nothing, today): exactly what the page asks for in its one round.
 */
export function firstScreenFiles(dist) {
  const boot = readPlan(dist);
  return unique(['index.html', ...boot.entry, ...boot.route('login'), ...boot.texts('zh-CN')]);
}

/**
 * For an offline start: the first screen in both languages, and home and the 404 page with what a signed-in page
 * loads besides its own chunk (the app's texts and the error catalogue), so a returning user opens the app offline;
 * the rest of the route table, so that a page the worker has kept from an earlier visit opens offline too; and what
 * boot loads once idle, with its texts in both languages (a language switch loads every part asked for so far).
 */
export function precacheFiles(dist) {
  const boot = readPlan(dist);
  return unique([
    ...firstScreenFiles(dist),
    ...boot.texts('en-US'),
    ...boot.route(''),
    ...boot.route('404'),
    ...boot.appTexts('zh-CN'),
    ...boot.appTexts('en-US'),
    ...boot.errorTexts('zh-CN'),
    ...boot.errorTexts('en-US'),
    ...boot.moreRoutes,
    ...boot.idle,
  ]);
}

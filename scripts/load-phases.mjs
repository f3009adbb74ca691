// Which load phase a module belongs to, read off where it is: the one rule the build config (vite.config.ts, the
// `idle` chunk), the boot plan (scripts/boot-plan.mjs, the idle files the service worker precaches) and the boot
// (src/main.tsx, which imports the folder's entry) follow. A module placed in, moved into or renamed within
// src/app/idle/ needs no list updated anywhere else; test/unit/project/load-phases.test.ts holds the three to it.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What boot loads once the first page is on screen and the page is idle: one file, the `idle` chunk. */
export const IDLE_FOLDER = 'src/app/idle';
/** The folder's one module that boot imports (src/main.tsx); the others are reached from it. */
export const IDLE_ENTRY = `${IDLE_FOLDER}/index.ts`;
/** The name of the chunk the folder's modules go into (vite.config.ts), and so the start of its file's name. */
export const IDLE_CHUNK = 'idle';
/**
 * A text module of one language in a texts/ folder (a lazy part's may carry the part's name): a file of its own in
 * every phase, asked for in the language shown, never bundled with the modules that load it.
 */
export const TEXT_PART = /[\\/]texts[\\/](?:[\w-]+-)?(zh-CN|en-US)\.ts$/;

/** A module id (absolute, as the bundler gives it) as a path relative to the project root, with `/` separators. */
const fromRoot = (id) => relative(root, id.replace(/[?#].*$/, '')).split('\\').join('/');

/** The module `id` is in the idle folder. */
export const isIdleModule = (id) => fromRoot(id).startsWith(`${IDLE_FOLDER}/`);

/** The module `id` goes into the idle chunk: a module of the idle folder that is not one of its text parts. */
export const inIdleChunk = (id) => isIdleModule(id) && !TEXT_PART.test(id);

/** Every source module of the idle folder, relative to the project root, sorted. */
export function idleModules() {
  return readdirSync(join(root, IDLE_FOLDER), { recursive: true })
    .map((name) => `${IDLE_FOLDER}/${String(name).split('\\').join('/')}`)
    .filter((file) => /\.tsx?$/.test(file))
    .sort();
}

/**
 * For the boot plan (scripts/boot-plan.mjs): what boot loads once the first page is idle and the texts it loads, the
 * folder's modules that are in this build (`byModule`: module relative to the root to its chunk; one may be left out,
 * as the old-domain notice is by a build that names no old domain). Fails when one is not where the folder puts it
 * (the idle chunk; a file of its own for a text part), or when the first screen (`entryFiles`) imports the idle chunk.
 */
export function idleModulesIn(byModule, entryFiles, modules = idleModules()) {
  const idle = byModule.get(IDLE_ENTRY);
  if (idle?.name !== IDLE_CHUNK) throw new Error(`boot plan: ${IDLE_ENTRY} is not in the ${IDLE_CHUNK} chunk (vite.config.ts)`);
  if (entryFiles.has(idle.fileName)) throw new Error(`boot plan: the first screen imports the ${IDLE_CHUNK} chunk; nothing eager may import from ${IDLE_FOLDER}/`);
  const present = modules.filter((module) => byModule.has(module));
  for (const module of present) {
    const chunk = byModule.get(module);
    const own = TEXT_PART.test(module) ? chunk.facadeModuleId && relative(root, chunk.facadeModuleId) === module && chunk.moduleIds.length === 1 : chunk === idle;
    if (!own) throw new Error(`boot plan: ${module} is in ${chunk.fileName}, not where ${IDLE_FOLDER}/ puts it`);
  }
  return present;
}

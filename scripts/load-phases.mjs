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

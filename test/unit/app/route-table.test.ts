import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { KNOWN_SEGMENTS, ROUTES } from '../../../src/app/routes.ts';

const camelCase = (segment: string) => segment.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** The two routes whose segment is not a word. */
const SPECIAL_NAMES: Record<string, string> = { '': 'home', '404': 'notFound' };

test('a route is named after its segment in camelCase (home and notFound aside)', () => {
  for (const route of ROUTES) {
    assert.is(route.name, SPECIAL_NAMES[route.segment] ?? camelCase(route.segment), route.segment);
  }
});

test('names and segments are unique, and every segment is a known one-segment page', () => {
  assert.is(new Set(ROUTES.map((route) => route.name)).size, ROUTES.length);
  assert.is(new Set(ROUTES.map((route) => route.segment)).size, ROUTES.length);
  for (const route of ROUTES) if (route.segment) assert.ok(KNOWN_SEGMENTS.has(route.segment), route.segment);
});

const srcRoot = new URL('../../../src/', import.meta.url).pathname;
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('only the router imports the route table at run time; pages take types and navigation helpers', () => {
  // `import type` is erased, so it never brings the table's lazy pages along.
  const runtimeImport = /^import\s+(?!type\b)[^;]*from\s+'[./]*(?:app\/)?routes\.ts'/m;
  const importers = sourceFiles(srcRoot)
    .filter((file) => runtimeImport.test(readFileSync(file, 'utf8')))
    .map((file) => relative(srcRoot, file))
    .sort();
  // prerender.tsx runs at build time only (scripts/prerender.mjs): it is never part of the app's bundle.
  assert.equal(importers, ['app/router-rules.ts', 'prerender.tsx']);
});


test.run();

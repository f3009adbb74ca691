import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { KNOWN_SEGMENTS } from '../../../src/app/page-segments.ts';
import { MORE_PAGES } from '../../../src/app/more-routes.ts';
import { parseRouteTable } from '../../../scripts/boot-plan.mjs';
import { ROUTES } from './route-rows.ts';

const camelCase = (segment: string) => segment.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** The two routes whose segment is not a word. */
const SPECIAL_NAMES: Record<string, string> = { '': 'home', '404': 'notFound' };

test('a route is named after its segment in camelCase (home and notFound aside)', () => {
  for (const route of ROUTES) {
    assert.is(route.name, SPECIAL_NAMES[route.segment] ?? camelCase(route.segment), route.segment);
  }
});

test('names and segments are unique, and every segment is a known one-segment page', () => {
  // Both files' rows, as written (ROUTES holds only those whose segment is known: the count tells a missing one).
  const rows = parseRouteTable();
  assert.is(rows.length, ROUTES.length);
  assert.is(new Set(rows.map((route) => route.name)).size, rows.length);
  assert.is(new Set(rows.map((route) => route.segment)).size, rows.length);
  for (const route of rows) if (route.segment) assert.ok(KNOWN_SEGMENTS.has(route.segment), route.segment);
});

test("the entry carries the rows of the first screens and the share link's page only; every other page is in more-routes.ts", () => {
  const first = parseRouteTable().filter((route) => route.file === 'src/app/routes.ts').map((route) => route.name);
  assert.equal(first, ['home', 'login', 'notFound', 'shareScreenControl']);
  assert.is(MORE_PAGES.length + first.length, ROUTES.length);
});

const srcRoot = new URL('../../../src/', import.meta.url).pathname;
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('only the router and boot import the route table at run time; pages take types and navigation helpers', () => {
  // `import type` is erased, so it never brings the table's lazy pages along.
  const runtimeImport = /^import\s+(?!type\b)[^;]*from\s+'[./]*(?:app\/)?routes\.ts'/m;
  const importers = sourceFiles(srcRoot)
    .filter((file) => runtimeImport.test(readFileSync(file, 'utf8')))
    .map((file) => relative(srcRoot, file))
    .sort();
  // prerender.tsx runs at build time only (scripts/prerender.mjs): it is never part of the app's bundle.
  assert.equal(importers, ['app/resolve-route.ts', 'app/router-rules.ts', 'main.tsx', 'prerender.tsx']);
});

test('the rest of the table is loaded by routes.ts alone, so the entry never carries it', () => {
  const importers = sourceFiles(srcRoot)
    .filter((file) => /more-routes\.ts'/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(srcRoot, file));
  assert.equal(importers, ['app/routes.ts']);
  assert.match(readFileSync(join(srcRoot, 'app/routes.ts'), 'utf8'), /import\('\.\/more-routes\.ts'\)\.then/);
});

test.run();

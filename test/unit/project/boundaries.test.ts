import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The layout's rules, read off the imports of src/, shared/, server/ and sw/ (paths relative to the project root):
// - shared/ is the leaf both sides use: it imports nothing of src/, server/ or sw/; the server and the service
//   worker reach client code only through it;
// - core/ imports no domain (only core/ and shared/);
// - pages and parts read server data through the store and the domain's api/actions, never the http client;
// - a domain uses another's public files only (not its parts/ or pages/);
// - the browser never runs the contract's schemas (only its types, and its plain-value files).

const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const FOLDERS = ['src', 'shared', 'server', 'sw'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(tsx?|mjs)$/.test(name) ? [path] : [];
  });
}

interface Import {
  from: string;
  target: string;
  typeOnly: boolean;
}

/** Every relative import, re-export and dynamic import of a file's text, resolved to a path from the root. */
export function importsOf(file: string, text: string): Import[] {
  const statics = [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)].map((match) => ({ spec: match[2]!, typeOnly: Boolean(match[1]) }));
  const sideEffects = [...text.matchAll(/^import\s+'(\.[^']+)'/gm)].map((match) => ({ spec: match[1]!, typeOnly: false }));
  const dynamics = [...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) => ({ spec: match[1]!, typeOnly: false }));
  return [...statics, ...sideEffects, ...dynamics].map(({ spec, typeOnly }) => ({
    from: file,
    target: relative(ROOT, resolve(dirname(join(ROOT, file)), spec)),
    typeOnly,
  }));
}

const imports: Import[] = FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))).flatMap((path) => importsOf(relative(ROOT, path), readFileSync(path, 'utf8')));

const folderOf = (path: string) => path.split('/')[0]!;
/** The domain of a src/ path (`src/shop/pages/buy.tsx` is `shop`); the entry files beside the folders are the shell's. */
const domainOf = (path: string) => (path.split('/').length > 2 ? path.split('/')[1]! : 'app');
const isPageOrPart = (path: string) => path.startsWith('src/') && /\/(pages|parts)\//.test(path);

/** Imports that leave the shared leaf. */
export const leavingShared = (list: Import[]) => list.filter((entry) => entry.from.startsWith('shared/') && !entry.target.startsWith('shared/'));
/** Imports of the server or the service worker that reach src/ or each other (only shared/ is common ground). */
export const crossingSides = (list: Import[]) =>
  list.filter((entry) => (entry.from.startsWith('server/') || entry.from.startsWith('sw/')) && folderOf(entry.target) !== folderOf(entry.from) && !entry.target.startsWith('shared/'));
/** Imports of src/core/ that reach a domain. */
export const coreReachingDomains = (list: Import[]) => list.filter((entry) => entry.from.startsWith('src/core/') && !entry.target.startsWith('src/core/') && !entry.target.startsWith('shared/'));

test('the imports were read, of every folder', () => {
  for (const folder of FOLDERS.filter((name) => name !== 'sw')) {
    const count = imports.filter((entry) => entry.from.startsWith(`${folder}/`)).length;
    assert.ok(count > 40, `${count} imports in ${folder}/`);
  }
});

test('the rules catch what they forbid', () => {
  const made = (from: string, spec: string) => importsOf(from, `import { x } from '${spec}';\nconst later = () => import('${spec}');`);
  assert.equal(leavingShared(made('shared/contract/devices.ts', '../../src/core/http.ts')).length, 2);
  assert.equal(leavingShared(made('shared/validate.ts', '../server/lib/errors.ts')).length, 2);
  assert.equal(leavingShared(made('shared/contract/devices.ts', '../time-units.ts')).length, 0);
  assert.equal(crossingSides(made('server/routes/pwa.ts', '../../src/app/theme.ts')).length, 2);
  assert.equal(crossingSides(made('server/routes/pwa.ts', '../../shared/theme-colours.ts')).length, 0);
  assert.equal(coreReachingDomains(made('src/core/storage.ts', '../account/api.ts')).length, 2);
  assert.equal(coreReachingDomains(made('src/core/storage.ts', '../../shared/contract/account.ts')).length, 0);
});

test('the shared leaf imports nothing of src/, server/ or sw/', () => {
  assert.equal(leavingShared(imports), []);
});

test('the server and the service worker reach client code only through the shared leaf', () => {
  assert.equal(crossingSides(imports), []);
});

test('core imports no domain', () => {
  assert.equal(coreReachingDomains(imports), []);
});

test('no page or part imports the http client', () => {
  const offenders = imports.filter((entry) => isPageOrPart(entry.from) && entry.target === 'src/core/http.ts' && !entry.typeOnly);
  assert.equal(offenders, []);
});

test("no domain imports another domain's parts or pages", () => {
  const offenders = imports.filter(
    (entry) =>
      entry.from.startsWith('src/') &&
      /^src\/[^/]+\/(pages|parts)\//.test(entry.target) &&
      domainOf(entry.target) !== domainOf(entry.from) &&
      domainOf(entry.from) !== 'app',
  );
  assert.equal(offenders, []);
});

test("the browser's code imports only the contract's types and its plain-value files", () => {
  const schemaFiles = new Set(
    filesUnder(join(ROOT, 'shared/contract'))
      .filter((file) => readFileSync(file, 'utf8').includes("from 'valibot'"))
      .map((file) => relative(ROOT, file)),
  );
  assert.ok(schemaFiles.has('shared/contract/devices.ts'), 'the schema files were found');
  const offenders = imports.filter((entry) => entry.from.startsWith('src/') && schemaFiles.has(entry.target) && !entry.typeOnly);
  assert.equal(offenders, []);
});

test.run();

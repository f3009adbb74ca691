import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The layout's rules, read off the imports of src/: pages and parts read server data through the store and the
// domain's api/actions, never the http client; a domain uses another's public files only (not its parts/ or pages/);
// and the browser never runs the contract's schemas (only its types, and its plain-value files).

const SRC = resolve(new URL('../../../src', import.meta.url).pathname);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Import {
  from: string;
  target: string;
  typeOnly: boolean;
}

/** Every relative import and re-export of src/, resolved to a path. */
const imports: Import[] = filesUnder(SRC).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)].map((match) => ({
    from: relative(SRC, file),
    target: relative(SRC, resolve(dirname(file), match[2]!)),
    typeOnly: Boolean(match[1]),
  }));
});

const domainOf = (path: string) => path.split('/')[0]!;
const isPageOrPart = (path: string) => /\/(pages|parts)\//.test(path);

test('the imports were read', () => {
  assert.ok(imports.length > 300, `${imports.length} imports`);
});

test('no page or part imports the http client', () => {
  const offenders = imports.filter((entry) => isPageOrPart(entry.from) && entry.target === 'core/http.ts' && !entry.typeOnly);
  assert.equal(offenders, []);
});

test("no domain imports another domain's parts or pages", () => {
  const offenders = imports.filter(
    (entry) => /^[^/]+\/(pages|parts)\//.test(entry.target) && domainOf(entry.target) !== domainOf(entry.from) && domainOf(entry.from) !== 'app',
  );
  assert.equal(offenders, []);
});

test("the browser's code imports only the contract's types and its plain-value files", () => {
  const schemaFiles = new Set(filesUnder(join(SRC, 'contract')).filter((file) => readFileSync(file, 'utf8').includes("from 'valibot'")).map((file) => relative(SRC, file)));
  assert.ok(schemaFiles.has('contract/devices.ts'), 'the schema files were found');
  const offenders = imports.filter((entry) => !entry.from.startsWith('contract/') && schemaFiles.has(entry.target) && !entry.typeOnly);
  assert.equal(offenders, []);
});

test.run();

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
import config from '../../../vite.config.ts';
import { aliases } from '../../../aliases.mjs';
import TusUrl from '../../../src/app/tus-url.ts';

// The build resolves some packages' imports to other files (vite.config.ts, aliases.mjs), each for bytes of the first
// screen, and each leans on how another package is written: who imports the name, and what it does with it. These
// fail when an upgrade changes that, so the alias is updated or dropped rather than left doing nothing, or harm.

const NODE_MODULES = new URL('../../../node_modules/', import.meta.url).pathname;
const source = (file: string) => readFileSync(join(NODE_MODULES, file), 'utf8');

interface Node {
  type: string;
  [key: string]: unknown;
}

/** Every node of `root` with its parent. */
function nodesOf(root: Node): Array<{ node: Node; parent: Node | null }> {
  const found: Array<{ node: Node; parent: Node | null }> = [];
  const visit = (node: unknown, parent: Node | null): void => {
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    found.push({ node: node as Node, parent });
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => visit(item, node as Node));
      else if (value && typeof value === 'object') visit(value, node as Node);
    }
  };
  visit(root, null);
  return found;
}

/** The import declarations of `code` from `from`, and the uses (parent nodes) of the names they bind, outside them. */
function importsFrom(code: string, from: string) {
  const program = parseAst(code) as unknown as Node;
  const declarations = (program.body as Node[]).filter((node) => node.type === 'ImportDeclaration' && (node.source as { value: string }).value === from);
  const locals = declarations.flatMap((node) => (node.specifiers as Array<{ local: { name: string } }>).map((specifier) => specifier.local.name));
  const uses = nodesOf(program)
    .filter(({ node, parent }) => node.type === 'Identifier' && locals.includes(node.name as string) && parent?.type !== 'ImportSpecifier' && parent?.type !== 'ImportDefaultSpecifier')
    .map(({ parent }) => parent!);
  return { declarations, uses };
}

/** What vite.config.ts resolves `name` to (its aliases, aliases.mjs included). */
function aliasOf(name: string): string | undefined {
  const list = config.resolve?.alias as Array<{ find: RegExp; replacement: string }>;
  return list.find(({ find }) => find.test(name))?.replacement;
}

test("dlv: rosetta imports it, its browser file is the UMD wrapper, and its ES module file, which the build takes, is there", async () => {
  assert.is(importsFrom(source('rosetta/dist/index.mjs'), 'dlv').declarations.length, 1, 'rosetta imports dlv');
  const manifest = JSON.parse(source('dlv/package.json')) as { browser?: string; module?: string };
  // If dlv's browser file is plain ESM one day, the alias saves nothing: drop it.
  assert.match(source(`dlv/${manifest.browser}`), /typeof exports|module\.exports/, 'the browser file is CommonJS (UMD)');
  assert.is(aliasOf('dlv'), 'dlv/dist/dlv.es.js');
  const { default: dlv } = (await import(join(NODE_MODULES, 'dlv/dist/dlv.es.js'))) as { default: (object: unknown, path: string) => unknown };
  assert.is(dlv({ a: { b: 2 } }, 'a.b'), 2);
});

test("url-parse: tus-js-client imports it in one file, only to resolve the server's answer against the endpoint", () => {
  const folder = join(NODE_MODULES, 'tus-js-client/lib.esm');
  const importers = (readdirSync(folder, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.js') && importsFrom(readFileSync(join(folder, file), 'utf8'), 'url-parse').declarations.length > 0,
  );
  assert.equal(importers, ['upload.js']);
  const { uses } = importsFrom(source('tus-js-client/lib.esm/upload.js'), 'url-parse');
  assert.ok(uses.length > 0);
  // Each use is `new URL(link, origin)`: what the stand-in, the browser's URL, does the same.
  for (const parent of uses) assert.equal([parent.type, (parent.arguments as unknown[] | undefined)?.length], ['NewExpression', 2]);
  assert.match(aliasOf('url-parse') ?? '', /src\/app\/tus-url\.ts$/);
});

test("url-parse's stand-in resolves the server's answer against the endpoint, a path of the page's origin", () => {
  const origin = location.origin;
  assert.is(new TusUrl('/api/device/file/upload/abc', '/api/device/file/upload/').toString(), `${origin}/api/device/file/upload/abc`);
  assert.is(new TusUrl('abc', '/api/device/file/upload/').toString(), `${origin}/api/device/file/upload/abc`);
  assert.is(new TusUrl('https://files.example.com/u/1', '/api/device/file/upload/').toString(), 'https://files.example.com/u/1');
});

test("use-sync-external-store: wouter imports React's shim by the path aliases.mjs maps onto compat", () => {
  const shim = Object.keys(aliases).find((name) => name.startsWith('use-sync-external-store'))!;
  assert.ok(shim);
  const importers = readdirSync(join(NODE_MODULES, 'wouter/src')).filter((file) => !file.includes('.native.') && source(`wouter/src/${file}`).includes(`"${shim}"`));
  assert.equal(importers, ['use-sync-external-store.js']);
  assert.ok(existsSync(join(NODE_MODULES, 'preact/compat')), 'compat, which has the hook built in');
});

test.run();

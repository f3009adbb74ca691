// Build step after the entry's (scripts/build.mjs, scripts/inline-entry.mjs): the core's code (Preact, signals, the
// router, the http client, texts, session, form parts: what the entry shares with the lazy pages) moves into
// index.html too, as an inline module just before the entry's, and the core's file keeps only its exports.
//
// Why: on slow 3G the core was the one file the login screen waited for, and it could only be asked for once the
// page had been committed (70-180 ms after the HTML's first byte), a round trip later. The link sat idle between the
// HTML's last byte and the core's first. Carried by the HTML, the same bytes arrive without that gap: the login
// screen is usable about 160-200 ms sooner (test/bench/load.mjs). What it costs is in the README ("First screen").
//
// How: the core's export list becomes an object on the page (`window.__appCore`), and the file at the core's address,
// which the entry and every lazy chunk import, becomes a stub exporting each name from it. Inline modules run in
// document order, so the core's runs before the entry's (whose import of the stub evaluates after it) and before any
// lazy chunk. A stub exports values, not live bindings: the build fails if the core exports a binding it reassigns
// inside a function, whose later values the stub would not see (checked with Babel's scope analysis).
import babel from '@babel/core';
import { parseAst } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { absoluteSpecifiers, isCoreFile } from './inline-entry.mjs';

/** The property of `window` the inline core leaves its exports on. */
export const CORE_GLOBAL = '__appCore';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The chunk's one export list (`export { local as name, … }`, its last statement, without a source): names and place. */
export function exportList(code, file) {
  const exports = parseAst(code).body.filter((node) => node.type.startsWith('Export'));
  const [list] = exports;
  if (exports.length !== 1 || list.type !== 'ExportNamedDeclaration' || list.source || list.declaration) {
    throw new Error(`inline core: ${file} should end with one list of exports, as the bundler writes a shared chunk`);
  }
  if (code.slice(list.end).trim() !== '') throw new Error(`inline core: ${file} has code after its export list`);
  const names = list.specifiers.map((specifier) => ({ local: specifier.local.name, exported: specifier.exported.name ?? specifier.exported.value }));
  for (const { local, exported } of names) {
    if (!IDENTIFIER.test(exported) || exported === 'default' || typeof local !== 'string') {
      throw new Error(`inline core: ${file} exports ${exported}, which the stub cannot declare`);
    }
  }
  return { start: list.start, end: list.end, names };
}

/** Fails if `code` assigns to one of `locals` inside a function: the stub would keep the value it had at first. */
export function assertSettledExports(code, locals, file) {
  const ast = babel.parseSync(code, { sourceType: 'module', configFile: false, babelrc: false });
  babel.traverse(ast, {
    Program(path) {
      for (const local of locals) {
        const binding = path.scope.getBinding(local);
        if (!binding) throw new Error(`inline core: ${file} exports ${local}, which it does not declare at its top level`);
        if (binding.constantViolations.some((violation) => violation.getFunctionParent())) {
          throw new Error(`inline core: ${file} reassigns its export ${local} after it has run; the stub would keep its first value`);
        }
      }
      path.stop();
    },
  });
}

/** The core chunk `code` (served at `base + file`) as an inline module that leaves its exports on the page, and its stub. */
export function splitCore(code, file, base = '/app/') {
  const absolute = absoluteSpecifiers(code.trim(), file, base);
  const list = exportList(absolute, file);
  assertSettledExports(absolute, list.names.map((name) => name.local), file);
  const properties = list.names.map(({ local, exported }) => (local === exported ? local : `${exported}:${local}`));
  const inline = `${absolute.slice(0, list.start)}window.${CORE_GLOBAL}={${properties.join(',')}};`;
  const stub = `export const{${list.names.map(({ exported }) => exported).join(',')}}=window.${CORE_GLOBAL};\n`;
  return { inline, stub };
}

/** Moves the core's code of `dist` into its index.html, before the inline entry, and leaves the stub in its file. */
export function inlineCore(dist) {
  const plan = JSON.parse(readFileSync(join(dist, 'boot-plan.json'), 'utf8'));
  const coreFile = plan.entry.find(isCoreFile);
  if (!coreFile) throw new Error('inline core: the boot plan names no core file among the entry\'s');
  const { inline, stub } = splitCore(readFileSync(join(dist, coreFile), 'utf8'), coreFile, plan.base);
  if (/<\/script|<!--/i.test(inline)) throw new Error(`inline core: ${coreFile} contains text that would end an inline script`);

  const indexPath = join(dist, 'index.html');
  const html = readFileSync(indexPath, 'utf8');
  const entryScript = html.lastIndexOf('<script type="module">');
  if (entryScript < 0) throw new Error('inline core: index.html has no inline entry to put the core before (scripts/inline-entry.mjs runs first)');
  writeFileSync(indexPath, `${html.slice(0, entryScript)}<script type="module">${inline}</script>\n  ${html.slice(entryScript)}`);
  writeFileSync(join(dist, coreFile), stub);
  return coreFile;
}

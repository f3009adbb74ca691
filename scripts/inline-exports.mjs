// The exports of a chunk that travels inside index.html (scripts/inline-entry.mjs). An inline module has no address,
// so nothing can import it; yet the lazy pages share its modules (Preact, signals, the router, the http client,
// texts, session, form parts). So its export list becomes an object on the page (`window.__appExports`), and the
// chunk's file, which every lazy chunk imports, keeps a stub that exports each name from that object. The inline
// module runs before any lazy chunk can (they load from it), so the object is there when a stub is evaluated.
//
// A stub exports values, not live bindings: a chunk that reassigns an exported binding inside a function (whose later
// values the stub would not see), or waits at its top level, is left a file as it is, and the build says why.
//
// Pays: what the inline entry pays (713 bytes gzip and a file, scripts/inline-entry.mjs); without a way for the lazy
// pages to import the entry's modules, the entry could not be inline.
// Depends on: the bundler's shape of a shared chunk, one `export{local as name,…}` list as its last statement (rolldown,
// through vite), read with vite's `parseAst`; and @babel/core's scope analysis (`scope.getBinding(name)
// .constantViolations`; already a build dependency through the Preact preset). test/unit/project/inline-exports.test.ts
// bundles a sample with the installed vite and fails if either changes.
import babel from '@babel/core';
import { parseAst } from 'vite';

/** The property of `window` the inline chunk leaves its exports on. */
export const EXPORTS_GLOBAL = '__appExports';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The chunk's one export list (`export { local as name, … }`, its last statement, without a source): names and place;
 * null for a chunk that exports nothing.
 */
export function exportList(code, file) {
  const exports = parseAst(code).body.filter((node) => node.type.startsWith('Export'));
  if (exports.length === 0) return null;
  const [list] = exports;
  if (exports.length !== 1 || list.type !== 'ExportNamedDeclaration' || list.source || list.declaration) {
    throw new Error(`inline exports: ${file} should end with one list of exports, as the bundler writes a shared chunk`);
  }
  if (code.slice(list.end).trim() !== '') throw new Error(`inline exports: ${file} has code after its export list`);
  const names = list.specifiers.map((specifier) => ({ local: specifier.local.name, exported: specifier.exported.name ?? specifier.exported.value }));
  for (const { local, exported } of names) {
    if (!IDENTIFIER.test(exported) || typeof local !== 'string') {
      throw new Error(`inline exports: ${file} exports ${exported}, which the stub cannot declare`);
    }
  }
  return { start: list.start, end: list.end, names };
}

/** Code that may run after the module's top level has: a function's body, a class field's initialiser, a static block. */
const runsLater = (path) => path.findParent((parent) => parent.isFunction() || parent.isClassProperty() || parent.isClassPrivateProperty() || parent.isStaticBlock());

/**
 * Why `code` cannot hand its exports over as values, or null when it can: it assigns to one of `locals` in code that
 * may run later (the stub would keep the value it had at first), or it waits at its top level (a lazy chunk could then
 * evaluate the stub before the object is on the page). Read with Babel's scope analysis (`constantViolations` of each
 * top-level binding).
 */
export function unsettledExports(code, locals, file) {
  const ast = babel.parseSync(code, { sourceType: 'module', configFile: false, babelrc: false });
  const reasons = [];
  babel.traverse(ast, {
    Program(path) {
      for (const local of locals) {
        const binding = path.scope.getBinding(local);
        if (!binding) throw new Error(`inline exports: ${file} exports ${local}, which it does not declare at its top level`);
        if (binding.constantViolations.some(runsLater)) reasons.push(`it reassigns its export ${local} after it has run`);
      }
    },
    'AwaitExpression|ForOfStatement'(path) {
      if ((path.isAwaitExpression() || path.node.await) && !path.getFunctionParent()) reasons.push('it waits at its top level');
    },
  });
  return reasons.length ? [...new Set(reasons)].join('; ') : null;
}

/**
 * The chunk `code` (its import specifiers already absolute) as an inline module that leaves its exports on the page,
 * and the stub its file keeps; no stub for a chunk that exports nothing. A chunk whose exports cannot be handed over
 * as values (`unsettledExports`) is left as it is: `{ inline: null, reason }`, and the caller keeps it a file, which
 * the lazy pages import with live bindings.
 */
export function splitExports(code, file) {
  const list = exportList(code, file);
  if (!list) return { inline: code, stub: null };
  const reason = unsettledExports(code, [...new Set(list.names.map(({ local }) => local))], file);
  if (reason) return { inline: null, stub: null, reason };
  // Keyed by the export names, which the stub reads back under names of its own: an export may be named with a
  // reserved word (the bundler names them `in`, `do`… once there are enough), which `export const{in}` could not
  // declare but `const{in:$1}` and `export{$1 as in}` can.
  const inline = `${code.slice(0, list.start)}window.${EXPORTS_GLOBAL}={${list.names.map(({ local, exported }) => (local === exported ? local : `${exported}:${local}`)).join(',')}};`;
  const stub =
    `const{${list.names.map(({ exported }, index) => `${exported}:$${index}`).join(',')}}=window.${EXPORTS_GLOBAL};` +
    `export{${list.names.map(({ exported }, index) => `$${index} as ${exported}`).join(',')}};\n`;
  parseAst(inline);
  parseAst(stub);
  return { inline, stub };
}

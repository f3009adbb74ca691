// The exports of a chunk that travels inside index.html (scripts/inline-entry.mjs). An inline module has no address,
// so nothing can import it; yet the lazy pages share its modules (Preact, signals, the router, the http client,
// texts, session, form parts). So its export list becomes an object on the page (`window.__appExports`), and the
// chunk's file, which every lazy chunk imports, keeps a stub that exports each name from that object. The inline
// module runs before any lazy chunk can (they load from it), so the object is there when a stub is evaluated.
//
// A stub exports values, not live bindings: the build fails if the chunk exports a binding that it reassigns inside a
// function, whose later values the stub would not see (checked with Babel's scope analysis; @babel/core is already a
// build dependency through the Preact preset).
//
// What it saves is the inline entry's (scripts/inline-entry.mjs): without a way for the lazy pages to import the
// entry's modules, the entry could not be inline.
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
 * Fails if `code` assigns to one of `locals` in code that may run later (the stub would keep the value it had at
 * first), or waits at its top level (a lazy chunk could then evaluate the stub before the object is on the page).
 */
export function assertSettledExports(code, locals, file) {
  const ast = babel.parseSync(code, { sourceType: 'module', configFile: false, babelrc: false });
  babel.traverse(ast, {
    Program(path) {
      for (const local of locals) {
        const binding = path.scope.getBinding(local);
        if (!binding) throw new Error(`inline exports: ${file} exports ${local}, which it does not declare at its top level`);
        if (binding.constantViolations.some(runsLater)) {
          throw new Error(`inline exports: ${file} reassigns its export ${local} after it has run; the stub would keep its first value`);
        }
      }
    },
    'AwaitExpression|ForOfStatement'(path) {
      if ((path.isAwaitExpression() || path.node.await) && !path.getFunctionParent()) {
        throw new Error(`inline exports: ${file} waits at its top level; its exports must be on the page once it has run`);
      }
    },
  });
}

/**
 * The chunk `code` (its import specifiers already absolute) as an inline module that leaves its exports on the page,
 * and the stub its file keeps; no stub for a chunk that exports nothing.
 */
export function splitExports(code, file) {
  const list = exportList(code, file);
  if (!list) return { inline: code, stub: null };
  assertSettledExports(code, list.names.map((name) => name.local), file);
  // The object is keyed by the chunk's own (minified) names, written once each in shorthand (`{Sn,Tr}`, not
  // `{$:Sn,A:Tr}`), and the stub, a file, maps them back to the export names: no more code than keying the object by
  // the export names, and 108 bytes gzip less in index.html (13 brotli).
  const locals = [...new Set(list.names.map(({ local }) => local))];
  const inline = `${code.slice(0, list.start)}window.${EXPORTS_GLOBAL}={${locals.join(',')}};`;
  // Through names of its own: an export may be named with a reserved word (the bundler names them `in`, `do`… once
  // there are enough), which `export const{in}` could not declare but `export{$1 as in}` can.
  const stub =
    `const{${list.names.map(({ local }, index) => `${local}:$${index}`).join(',')}}=window.${EXPORTS_GLOBAL};` +
    `export{${list.names.map(({ exported }, index) => `$${index} as ${exported}`).join(',')}};\n`;
  parseAst(inline);
  parseAst(stub);
  return { inline, stub };
}

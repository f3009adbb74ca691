// Lets the bundler drop preact/compat's Suspense, SuspenseList and PureComponent, which this app does not use (its
// pages load through preact-iso's lazy() and ErrorBoundary; its components are functions), from the first screen:
// pays 739 bytes gzip of it (680 brotli), about 15 ms of transfer at 50 kB/s, measured against the same build without.
// Depends on: preact/compat's ES module build (dist/compat.module.js, or compat.mjs) declaring each class as a
// top-level function, setting its prototype up in top-level statements and naming it elsewhere only in its export
// list and default object. test/unit/project/compat-classes.test.ts fails if the installed compat is shaped otherwise.
//
// compat declares each as a function and then sets its prototype up in statements at the module's top level
// (`(P.prototype = new Component).__c = …`), which a bundler must keep as side effects even when nothing uses P. At
// build time this moves each one's declaration and prototype writes into one function, called once and annotated as
// pure, whose result takes the name: unused, it goes as a whole; used, it is the same class as before, set up before
// anything can reach it (the module's exports are read only once it has run). compat itself is not changed on disk.
// If compat's shape is not the one expected (another version), it is left as it is and the build says so.
import { parseAst } from 'vite';

// compat's ES module build, by either of its names (package.json's "module" and its "import" condition).
const COMPAT = /[\\/]preact[\\/]compat[\\/]dist[\\/]compat\.(?:module\.js|mjs)$/;
const CLASSES = ['Suspense', 'SuspenseList', 'PureComponent'];

/** `node` is `X.prototype`, a member of it, or a member of `(X.prototype = …)`. */
function onPrototypeOf(node, name) {
  if (node?.type !== 'MemberExpression') return false;
  const object = node.object;
  if (!node.computed && node.property.name === 'prototype' && object.type === 'Identifier' && object.name === name) return true;
  if (object.type === 'AssignmentExpression') return onPrototypeOf(object.left, name);
  return onPrototypeOf(object, name);
}

/** Every use of the identifier `name` in `root`, as nodes. */
function usesOf(root, name) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'Identifier' && node.name === name) found.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(root);
  return found;
}

/**
 * compat's module `code` with each class of `exported` (export names) declared by a pure, called-once function; null
 * when the shape is not the expected one: a top-level function declaration, writes to its prototype as top-level
 * expression statements (or parts of one), and no other use than those, the export list and the default object.
 */
export function wrapClassSetup(code, exported = CLASSES) {
  const program = parseAst(code);
  const locals = {};
  for (const node of program.body) {
    if (node.type === 'ExportNamedDeclaration' && !node.source) for (const specifier of node.specifiers) locals[specifier.exported.name] = specifier.local.name;
  }
  const statements = program.body.filter((node) => node.type === 'ExpressionStatement');
  const partsOf = (statement) => (statement.expression.type === 'SequenceExpression' ? statement.expression.expressions : [statement.expression]);
  const removed = new Set();
  const edits = [];
  for (const name of exported.map((exportName) => locals[exportName])) {
    if (!name) return null;
    const declaration = program.body.find((node) => node.type === 'FunctionDeclaration' && node.id?.name === name);
    const writes = statements.flatMap((statement) => partsOf(statement).filter((part) => part.type === 'AssignmentExpression' && onPrototypeOf(part.left, name)));
    if (!declaration || !writes.length) return null;
    const last = statements.find((statement) => statement.start <= writes.at(-1).start && writes.at(-1).end <= statement.end);
    // Every other use must be read once the module has run: the export list, or the default object built after.
    const moved = [declaration, ...writes];
    const laterReads = program.body.filter((node) => node.type === 'ExportNamedDeclaration' || (node.type === 'VariableDeclaration' && node.start >= last.end));
    const within = (node, outer) => node.start >= outer.start && node.end <= outer.end;
    for (const use of usesOf(program, name)) {
      if (!moved.some((part) => within(use, part)) && !laterReads.some((read) => within(use, read))) return null;
    }
    for (const write of writes) removed.add(write);
    edits.push({ start: declaration.start, end: declaration.end, text: '' });
    const setup = writes.map((write) => `${code.slice(write.start, write.end)};`).join('');
    edits.push({ start: last.end, end: last.end, text: `;var ${name}=/*@__PURE__*/(function(){${code.slice(declaration.start, declaration.end)};${setup}return ${name}})();` });
  }
  // The statements the writes came from keep their other parts.
  for (const statement of statements) {
    const parts = partsOf(statement);
    if (!parts.some((part) => removed.has(part))) continue;
    const kept = parts.filter((part) => !removed.has(part)).map((part) => code.slice(part.start, part.end));
    edits.push({ start: statement.start, end: statement.end, text: kept.length ? `${kept.join(',')};` : '' });
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  try {
    parseAst(out);
  } catch {
    return null;
  }
  return out;
}

export function compatClassesPlugin() {
  let wrapped = false;
  return {
    name: 'cloud-phone:compat-classes',
    apply: 'build',
    buildStart() {
      wrapped = false;
    },
    transform(code, id) {
      if (!COMPAT.test(id)) return null;
      const out = wrapClassSetup(code);
      if (out === null) {
        this.warn('preact/compat is not shaped as scripts/compat-classes-plugin.mjs expects: its unused classes stay in the bundle');
        return null;
      }
      wrapped = true;
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (!error && !wrapped) this.warn('preact/compat was not found under the names scripts/compat-classes-plugin.mjs knows: its unused classes stay in the bundle');
    },
  };
}

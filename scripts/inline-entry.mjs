// Build step after the prerender (scripts/build.mjs): the entry's own chunk (the modules only the entry uses,
// scripts/entry-split.mjs says which) moves into index.html as an inline module at the end of <body>.
//
// Why: on slow 3G the HTML arrives about half a second before the first script can (one more round trip), and the
// link sits idle in between. Bytes carried by the HTML fill that gap for free; bytes in a file share the link with
// everything else of the second round. Nothing imports the entry, so it needs no address of its own: the files it
// imports (the core, the bundler's runtime) become <link rel="modulepreload"> tags in the head, in the place of the
// entry's script tag, which the server also sends as a Link header (server/page-headers.ts), so the core is still the
// first file asked for. The core's code then follows the entry into the page (scripts/inline-core.mjs), its file
// keeping only its exports.
//
// An inline module resolves relative specifiers against the document's address, not the assets folder, so every
// import specifier of the chunk is rewritten to an absolute path, found with Vite's parser (not by pattern).
import { parseAst } from 'vite';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const IMPORTING = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

/** The core's file (scripts/entry-split.mjs): the one the entry imports first, and which scripts/inline-core.mjs inlines. */
export const isCoreFile = (file) => /(^|\/)core-[^/]*\.js$/.test(file);

/** `code`, a chunk served at `base + file`, with every relative import specifier made absolute. */
export function absoluteSpecifiers(code, file, base = '/app/') {
  const edits = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'MetaProperty') throw new Error(`inline entry: ${file} uses import.meta, which an inline module reads off the page`);
    const source = IMPORTING.has(node.type) ? node.source : undefined;
    if (source) {
      const literal = source.type === 'Literal' || (source.type === 'TemplateLiteral' && source.expressions.length === 0);
      const value = source.type === 'Literal' ? source.value : literal ? source.quasis[0].value.cooked : undefined;
      if (typeof value !== 'string') throw new Error(`inline entry: an import in ${file} has a computed specifier`);
      // The parser's offsets must point at the quoted specifier itself before anything is cut there.
      if (code.slice(source.start + 1, source.end - 1) !== value) throw new Error(`inline entry: cannot locate the specifier ${value} in ${file}`);
      if (value.startsWith('.')) edits.push({ start: source.start, end: source.end, text: JSON.stringify(posix.join(posix.dirname(base + file), value)) });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(parseAst(code));
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Moves the entry chunk of `dist` into its index.html; returns the file that was inlined. */
export function inlineEntry(dist) {
  const planPath = join(dist, 'boot-plan.json');
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  const base = plan.base;
  const indexPath = join(dist, 'index.html');
  let html = readFileSync(indexPath, 'utf8');
  const entryTag = new RegExp(`<script type="module" crossorigin src="${base}(assets/[^"]+\\.js)"></script>`).exec(html);
  if (!entryTag) throw new Error('inline entry: index.html has no module script for the entry');
  const entryFile = entryTag[1];
  const code = absoluteSpecifiers(readFileSync(join(dist, entryFile), 'utf8').trim(), entryFile, base);
  if (/<\/script|<!--/i.test(code)) throw new Error(`inline entry: ${entryFile} contains text that would end an inline script`);

  // A chunk importing the entry would ask for a file that is no longer there: entry-split.mjs must leave none.
  const entryName = posix.basename(entryFile);
  const importers = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js') && name !== entryName && readFileSync(join(dist, 'assets', name), 'utf8').includes(entryName));
  if (importers.length) throw new Error(`inline entry: ${importers.join(', ')} import ${entryFile}; a module they import belongs in the core (scripts/entry-split.mjs)`);

  // The entry's imports, each preloaded once, the core first: Vite adds its own tags for an entry's imports, after the
  // boot script; these take their place, in the entry's.
  const imports = plan.entry.filter((file) => file !== entryFile && file.endsWith('.js'));
  const ordered = [...imports.filter(isCoreFile), ...imports.filter((file) => !isCoreFile(file))];
  const preload = (file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`;
  for (const file of ordered) html = html.split(`\n    ${preload(file)}`).join('');
  // Replaced through functions: the code is full of `$`, which a replacement string would read as patterns.
  html = html.replace(entryTag[0], () => ordered.map(preload).join('\n    '));
  const bodyEnd = html.lastIndexOf('</body>');
  html = `${html.slice(0, bodyEnd)}  <script type="module">${code}</script>\n  ${html.slice(bodyEnd)}`;
  for (const file of ordered) {
    if (html.split(preload(file)).length !== 2) throw new Error(`inline entry: index.html should preload ${file} once`);
  }
  writeFileSync(indexPath, html);

  plan.entry = plan.entry.filter((file) => file !== entryFile);
  writeFileSync(planPath, JSON.stringify(plan, null, 2));
  rmSync(join(dist, entryFile));
  return entryFile;
}

// Build step after the prerender (scripts/build.mjs): the entry chunk (everything the first screen runs: Preact,
// signals, the router, the http client, texts, session, the boot, the route table and view, the first screen's
// layouts, the login page, the default language's first-screen texts) moves into index.html as an inline module at
// the end of <body>.
//
// Why: on slow 3G the HTML arrives a round trip before the first script can, and a script can only be asked for once
// the page is committed (70-180 ms after the HTML's first byte at 4x CPU): a link carrying the HTML and then files
// sits idle between the HTML's last byte and the first file's first. Bytes carried by the HTML come without that gap.
// Measured against the same build with the entry left a file (docs/build-tricks.md, slow profile, interleaved runs):
// a cold login is usable at 1,685 ms against 2,056 (one round of requests instead of two), a returning user's home at
// 1,888 against 2,322; and the first screen is 713 bytes gzip (830 brotli) smaller in one file than in two.
// Depends on: Vite writing the entry into index.html as `<script type="module" crossorigin src="…">`, and the bundler's
// shape of a chunk (scripts/inline-exports.mjs); test/unit/project/inline-entry.test.ts builds a page with the
// installed Vite and fails if either changes.
//
// The lazy pages import the modules they share with the entry from the entry's file: that file keeps a stub of its
// exports, read off the page (scripts/inline-exports.mjs). The boot plan lists it with every lazy page
// (scripts/boot-plan.mjs), so the boot asks for it in the first round with a page opened by address that needs it;
// the login page needs no file at all.
//
// An inline module resolves relative specifiers against the document's address, not the assets folder, so every
// import specifier of the chunk is rewritten to an absolute path, found with Vite's parser (not by pattern).
import { parseAst } from 'vite';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { splitExports } from './inline-exports.mjs';

const IMPORTING = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

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

/**
 * Moves the entry chunk of `dist` into its index.html; returns the file that was inlined, or null when the chunk
 * cannot hand its exports over as values (scripts/inline-exports.mjs says why): it then stays a file, as Vite wrote it.
 */
export function inlineEntry(dist) {
  const planPath = join(dist, 'boot-plan.json');
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  const base = plan.base;
  const indexPath = join(dist, 'index.html');
  let html = readFileSync(indexPath, 'utf8');
  const entryTag = new RegExp(`<script type="module" crossorigin src="${base}(assets/[^"]+\\.js)"></script>`).exec(html);
  if (!entryTag) throw new Error('inline entry: index.html has no module script for the entry');
  const entryFile = entryTag[1];
  const { inline, stub, reason } = splitExports(absoluteSpecifiers(readFileSync(join(dist, entryFile), 'utf8').trim(), entryFile, base), entryFile);
  if (inline === null) {
    console.warn(`inline entry: ${entryFile} stays a file, as its exports cannot be handed over as values (${reason}); the first screen carries it as a file of its own`);
    return null;
  }
  if (/<\/script|<!--/i.test(inline)) throw new Error(`inline entry: ${entryFile} contains text that would end an inline script`);

  // Preloaded, each once: the files the entry imports (none, as long as the entry is one chunk). Vite adds its own
  // tags for an entry's imports, after the boot script; these take their place, in the entry's (server/page-headers.ts
  // sends them as a Link header too).
  const preloads = plan.entry.filter((file) => file !== entryFile && file.endsWith('.js'));
  const preload = (file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`;
  for (const file of preloads) html = html.split(`\n    ${preload(file)}`).join('');
  // Replaced through functions: the code is full of `$`, which a replacement string would read as patterns.
  html = html.replace(entryTag[0], () => preloads.map(preload).join('\n    '));
  const bodyEnd = html.lastIndexOf('</body>');
  html = `${html.slice(0, bodyEnd)}  <script type="module">${inline}</script>\n  ${html.slice(bodyEnd)}`;
  for (const file of preloads) {
    if (html.split(preload(file)).length !== 2) throw new Error(`inline entry: index.html should preload ${file} once`);
  }
  writeFileSync(indexPath, html);

  // The HTML no longer loads the entry's file; what is left of it (the stub) is for the pages the plan lists it with.
  plan.entry = plan.entry.filter((file) => file !== entryFile);
  writeFileSync(planPath, JSON.stringify(plan, null, 2));
  if (stub) writeFileSync(join(dist, entryFile), stub);
  else rmSync(join(dist, entryFile));
  return entryFile;
}

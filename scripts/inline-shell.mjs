// Build step after the prerender (scripts/build.mjs): the entry's own chunk, the app's shell (scripts/shell-split.mjs
// says what is in it), moves into index.html as an inline module at the end of <body>.
//
// Why: on slow 3G the HTML arrives about half a second before the first script can (one more round trip), and the
// link sits idle in between. Bytes carried by the HTML fill that gap for free; bytes in a file share the link with
// everything else of the second round. Nothing else imports the shell, so it needs no address of its own: its static
// imports (the core) become a <link rel="modulepreload"> in the head, in the place of the entry's script tag, which the
// server also sends as a Link header (server/page-headers.ts), so the core is still the first file asked for.
//
// An inline module resolves relative specifiers against the document's address, not /app/assets/, so every import
// specifier of the chunk is rewritten to an absolute path, found with Vite's parser (not by pattern).
import { parseAst } from 'vite';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const BASE = '/app/';

/** Absolute path of every relative import specifier in `code`, a chunk that lives at `/app/<file>`. */
export function absoluteSpecifiers(code, file) {
  const edits = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    const source =
      node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ImportExpression'
        ? node.source
        : undefined;
    if (source) {
      const value = source.type === 'Literal' ? source.value : source.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0].value.cooked : undefined;
      if (typeof value !== 'string') throw new Error(`inline shell: an import in ${file} has a computed specifier`);
      if (value.startsWith('.')) edits.push({ start: source.start, end: source.end, text: JSON.stringify(posix.join(posix.dirname(BASE + file), value)) });
    }
    if (node.type === 'MetaProperty') throw new Error(`inline shell: ${file} uses import.meta, which an inline module reads off the page`);
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
export function inlineShell(dist) {
  const indexPath = join(dist, 'index.html');
  let html = readFileSync(indexPath, 'utf8');
  const tag = /<script type="module" crossorigin src="\/app\/(assets\/[^"]+\.js)"><\/script>/.exec(html);
  if (!tag) throw new Error('inline shell: index.html has no module script for the entry');
  const file = tag[1];
  const code = absoluteSpecifiers(readFileSync(join(dist, file), 'utf8').trim(), file);
  if (/<\/script|<!--/i.test(code)) throw new Error(`inline shell: ${file} contains text that would end an inline script`);

  const planPath = join(dist, 'boot-plan.json');
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  // The shell's imports, largest first (the core before the bundler's tiny runtime), each preloaded once: Vite adds
  // its own tags for an entry's imports, after the boot script; these take their place, in the entry's.
  const size = (other) => readFileSync(join(dist, other)).length;
  const imported = plan.entry.filter((other) => other !== file && other.endsWith('.js')).sort((a, b) => size(b) - size(a));
  const preload = (other) => `<link rel="modulepreload" crossorigin href="${BASE}${other}">`;
  for (const other of imported) html = html.split(`\n    ${preload(other)}`).join('');
  const preloads = imported.map(preload).join('\n    ');
  // A lazy chunk importing the shell would load a second copy of it from the file: the split must leave none.
  const name = posix.basename(file);
  const importers = readdirSync(join(dist, 'assets')).filter((other) => other.endsWith('.js') && other !== name && readFileSync(join(dist, 'assets', other), 'utf8').includes(name));
  if (importers.length) throw new Error(`inline shell: ${importers.join(', ')} import ${file}, which would then load twice`);
  // Replaced through functions: the code is full of `$`, which a replacement string would read as patterns.
  html = html.replace(tag[0], () => preloads).replace('</body>', () => `  <script type="module">${code}</script>\n  </body>`);
  writeFileSync(indexPath, html);

  plan.entry = plan.entry.filter((other) => other !== file);
  writeFileSync(planPath, JSON.stringify(plan, null, 2));
  rmSync(join(dist, file));
  return file;
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { absoluteSpecifiers, inlineEntry } from '../../../scripts/inline-entry.mjs';
import { chunkLoaderPlugin } from '../../../scripts/chunk-loader-plugin.mjs';

// The build inlines the entry chunk into index.html (scripts/inline-entry.mjs), where relative specifiers would resolve
// against the page's address: each one must become the asset's absolute path, and nothing else may change.

test('every form of import and re-export gets its absolute path; bare and absolute specifiers stay as they are', () => {
  const code = [
    'import{a as b}from"./core-1.js";',
    "import './side-2.js';",
    'export*from"./all-3.js";',
    'export{c}from"./some-4.js";',
    'const p=()=>import("./page-5.js");',
    'const q=()=>import(`./page-6.js`);',
    'import x from"preact";',
    'const r=()=>import("/app/assets/already-7.js");',
  ].join('');
  const expected = [
    'import{a as b}from"/app/assets/core-1.js";',
    'import "/app/assets/side-2.js";',
    'export*from"/app/assets/all-3.js";',
    'export{c}from"/app/assets/some-4.js";',
    'const p=()=>import("/app/assets/page-5.js");',
    'const q=()=>import("/app/assets/page-6.js");',
    'import x from"preact";',
    'const r=()=>import("/app/assets/already-7.js");',
  ].join('');
  assert.is(absoluteSpecifiers(code, 'assets/index-0.js'), expected);
});

test('text before a specifier that is not ASCII does not shift where it is cut', () => {
  const code = 'const t="登录，验证码";import("./page-1.js");const u="✓";import("./page-2.js");';
  assert.is(absoluteSpecifiers(code, 'assets/index-0.js'), 'const t="登录，验证码";import("/app/assets/page-1.js");const u="✓";import("/app/assets/page-2.js");');
});

test('a specifier computed at run time, or import.meta, stops the build with the reason', () => {
  assert.throws(() => absoluteSpecifiers('const n="x";import(`./${n}.js`);', 'assets/index-0.js'), /computed specifier/);
  assert.throws(() => absoluteSpecifiers('console.log(import.meta.url);', 'assets/index-0.js'), /import\.meta/);
});

test('another base and a chunk in a subfolder resolve like the browser would', () => {
  assert.is(absoluteSpecifiers('import"../b.js";', 'assets/sub/a.js', '/h5/'), 'import"/h5/assets/b.js";');
});

/** A dist folder with an index.html that loads `code` as its entry, and the boot plan's lists. */
function distWith(code: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'inline-entry-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/index-0.js'), code);
  writeFileSync(join(dist, 'index.html'), '<html><head>\n    <script type="module" crossorigin src="/app/assets/index-0.js"></script>\n</head><body>\n</body></html>');
  writeFileSync(join(dist, 'boot-plan.json'), JSON.stringify({ base: '/app/', entry: ['assets/index-0.js'] }));
  return dist;
}

test('the entry moves into index.html, its file keeping the stub of its exports', () => {
  const dist = distWith('import{a}from"./shared-1.js";const n=a+1;export{n as b};');
  try {
    assert.is(inlineEntry(dist), 'assets/index-0.js');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    assert.not.match(html, /src="\/app\/assets\/index-0\.js"/);
    assert.match(html, /<script type="module">import\{a\}from"\/app\/assets\/shared-1\.js";const n=a\+1;window\.__appExports=\{b:n\};<\/script>\n {2}<\/body>/);
    assert.is(readFileSync(join(dist, 'assets/index-0.js'), 'utf8'), 'const{b:$0}=window.__appExports;export{$0 as b};\n');
    assert.equal(JSON.parse(readFileSync(join(dist, 'boot-plan.json'), 'utf8')).entry, []);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test('an entry that reassigns an export later stays a file, as Vite wrote it, and the build goes on', () => {
  const code = 'let n=0;function s(v){n=v}export{n as a,s as b};';
  const dist = distWith(code);
  const warn = console.warn;
  const warned: unknown[] = [];
  console.warn = (...args: unknown[]) => void warned.push(...args);
  try {
    const before = readFileSync(join(dist, 'index.html'), 'utf8');
    assert.is(inlineEntry(dist), null);
    assert.is(readFileSync(join(dist, 'index.html'), 'utf8'), before);
    assert.ok(existsSync(join(dist, 'assets/index-0.js')));
    assert.is(readFileSync(join(dist, 'assets/index-0.js'), 'utf8'), code);
    assert.equal(JSON.parse(readFileSync(join(dist, 'boot-plan.json'), 'utf8')).entry, ['assets/index-0.js'], 'the first screen counts the file');
    assert.match(String(warned[0]), /stays a file.*reassigns its export n/);
  } finally {
    console.warn = warn;
    rmSync(dist, { recursive: true, force: true });
  }
});

test('a page built by the installed Vite has the entry tag and chunk the step reads, and ends up with one inline module', async () => {
  // If this fails after an upgrade of vite, the build stops at this step: update scripts/inline-entry.mjs.
  const project = mkdtempSync(join(tmpdir(), 'inline-entry-page-'));
  try {
    writeFileSync(join(project, 'index.html'), '<!doctype html><html><head><script type="module" src="/main.js"></script></head><body><div id="app"></div></body></html>');
    writeFileSync(join(project, 'main.js'), "import { greet } from './greet.js'; document.title = greet('a'); document.body.onclick = () => import('./page.js').then((page) => page.show());");
    writeFileSync(join(project, 'greet.js'), "export const greet = (name) => 'hello ' + name;");
    writeFileSync(join(project, 'page.js'), "import { greet } from './greet.js'; export const show = () => document.body.append(greet('page'));");
    const dist = join(project, 'dist');
    await build({
      configFile: false,
      logLevel: 'silent',
      root: project,
      base: '/app/',
      plugins: [chunkLoaderPlugin()],
      build: { outDir: dist, target: 'es2019', modulePreload: { polyfill: false }, rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } } },
    });
    const entry = readdirSync(join(dist, 'assets')).find((file) => file.startsWith('index-'))!;
    writeFileSync(join(dist, 'boot-plan.json'), JSON.stringify({ base: '/app/', entry: [`assets/${entry}`] }));
    assert.is(inlineEntry(dist), `assets/${entry}`);
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    assert.not.match(html, /<script type="module"[^>]*\bsrc=/);
    assert.match(html, /<script type="module">[^<]*window\.__appExports=\{\w+:\w+\};<\/script>/);
    assert.match(readFileSync(join(dist, 'assets', entry), 'utf8'), /^const\{\w+:\$0\}=window\.__appExports;export\{\$0 as \w+\};\n$/);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();

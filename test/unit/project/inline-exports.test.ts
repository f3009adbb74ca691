import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXPORTS_GLOBAL, exportList, splitExports } from '../../../scripts/inline-exports.mjs';
import { miniBuild } from './mini-build.ts';

// The build moves the entry chunk into index.html (scripts/inline-entry.mjs) and leaves in its file a stub that
// exports what the inline module left on the page (scripts/inline-exports.mjs), for the lazy pages to import. The
// pair must give every importer the same values, and a chunk whose exports would go stale in the stub must be left a
// file as it is, not inlined and not stopping the build.

const importText = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`);

test('the inline module leaves its exports on the page and the stub gives them out under their exported names', async () => {
  const chunk = ['var e,t={hooks:[]};function n(a){return a+1}class r{}', 'e=7;t.hooks.push(n);', 'export{n as a,t as b,r as c,e};'].join('');
  const { inline, stub } = splitExports(chunk, 'assets/index-0.js');
  assert.not.ok(/\bexport\b/.test(inline), 'an inline module exports nothing: nothing can import it');
  // The page's object is keyed by the export names; the stub reads them under names of its own.
  assert.ok(inline!.endsWith('window.__appExports={a:n,b:t,c:r,e};'), inline!);
  assert.is(stub, 'const{a:$0,b:$1,c:$2,e:$3}=window.__appExports;export{$0 as a,$1 as b,$2 as c,$3 as e};\n');
  const page = globalThis as unknown as Record<string, unknown>;
  try {
    page.window = globalThis;
    await importText(inline!);
    const module = await importText(stub!);
    assert.is(module.a(1), 2);
    assert.is(module.b, (page[EXPORTS_GLOBAL] as { b: unknown }).b, 'one object, not a copy');
    assert.is((module.b as { hooks: unknown[] }).hooks[0], module.a);
    assert.is(typeof module.c, 'function');
    assert.is(module.e, 7, 'a binding settled at the top level keeps its last value');
  } finally {
    delete page.window;
    delete page[EXPORTS_GLOBAL];
  }
});

test('exports named with reserved words, and text that is not ASCII before the list, come through', async () => {
  const { inline, stub } = splitExports('const t="登录，验证码 ✓";function f(){return t}export{f as in,t as default,f as do};', 'assets/index-0.js');
  assert.ok(inline!.endsWith('window.__appExports={in:f,default:t,do:f};'), inline!);
  const page = globalThis as unknown as Record<string, unknown>;
  try {
    page.window = globalThis;
    await importText(inline!);
    const module = await importText(stub!);
    assert.is(module.in(), '登录，验证码 ✓');
    assert.is(module.default, '登录，验证码 ✓');
    assert.is(module.do, module.in);
  } finally {
    delete page.window;
    delete page[EXPORTS_GLOBAL];
  }
});

test('a chunk that exports nothing stays as it is, with no stub', () => {
  assert.equal(splitExports('document.title="x";', 'assets/index-0.js'), { inline: 'document.title="x";', stub: null });
});

test('a chunk that reassigns an exported binding later, inside a function, is left as it is, with the reason', () => {
  const left = (code: string) => splitExports(code, 'assets/index-0.js');
  assert.equal(left('let n=0;function s(v){n=v}export{n as a,s as b};'), { inline: null, stub: null, reason: 'it reassigns its export n after it has run' });
  assert.match(left('var n=0;const up=()=>{n++};export{n as a,up as b};').reason!, /reassigns its export n/);
  // A parameter or local of the same name is another binding: not a reassignment of the export.
  assert.ok(left('var n=0;function s(n){n=1;return n}export{n as a,s as b};').stub);
  // A class field's initialiser and a static block run later too.
  assert.match(left('let n=0;class C{x=(n=1)}export{n as a,C as b};').reason!, /reassigns its export n/);
  assert.match(left('let n=0;class C{static{n=1}}export{n as a,C as b};').reason!, /reassigns its export n/);
  // Set at the top level only: handed over as a value.
  assert.ok(left('let n=0;n=2;export{n as a};').stub);
});

test('a chunk that waits at its top level is left as it is: a lazy chunk could read the stub before its exports are there', () => {
  assert.match(splitExports('const n=await Promise.resolve(1);export{n as a};', 'assets/index-0.js').reason!, /waits at its top level/);
  assert.match(splitExports('for await(const x of[]){}const n=1;export{n as a};', 'assets/index-0.js').reason!, /waits at its top level/);
  assert.ok(splitExports('const f=async()=>{await 1};export{f as a};', 'assets/index-0.js').stub, 'a wait inside a function is fine');
});

test('a chunk that is not one list of exports at its end is refused, not guessed at', () => {
  assert.throws(() => exportList('export const a=1;', 'assets/index-0.js'), /one list of exports/);
  assert.throws(() => exportList('const a=1;export{a};export{a as b};', 'assets/index-0.js'), /one list of exports/);
  assert.throws(() => exportList('export{a}from"./x.js";', 'assets/index-0.js'), /one list of exports/);
  assert.throws(() => exportList('const a=1;export{a};a;', 'assets/index-0.js'), /code after its export list/);
  assert.throws(() => exportList('const a=1;export{a as "b-c"};', 'assets/index-0.js'), /cannot declare/);
  assert.equal(exportList('const a=1,b=2;export{a,b as c};', 'assets/index-0.js')!.names, [
    { local: 'a', exported: 'a' },
    { local: 'b', exported: 'c' },
  ]);
});

test('the installed bundler writes a shared chunk as the pass reads it, and a reassigned export in it is found', async () => {
  // If this fails after an upgrade of vite (rolldown), the entry can no longer be inlined as it is: update the pass.
  const files = {
    'entry.js': "import { count, bump, label } from './shared.js'; document.title = label(count); bump(); import('./lazy.js').then((m) => m.run());",
    'shared.js': "export let count = 1; export function bump() { count++; } export const label = (n) => 'n' + n;",
    'lazy.js': "import { label } from './shared.js'; export function run() { return label(2); }",
  };
  const entry = (await miniBuild(files)).find((chunk) => chunk.isEntry)!;
  const { inline, stub } = splitExports(entry.code.trim(), entry.fileName);
  assert.ok(inline && stub, 'a chunk whose exports are settled is handed over');
  assert.match(stub, /^const\{\w+:\$0\}=window\.__appExports;export\{\$0 as \w+\};\n$/);
  // The lazy chunk imports the binding that bump() changes: that chunk stays a file.
  const reassigned = { ...files, 'lazy.js': "import { count } from './shared.js'; export function run() { return count; }" };
  const kept = (await miniBuild(reassigned)).find((chunk) => chunk.isEntry)!;
  assert.match(splitExports(kept.code.trim(), kept.fileName).reason ?? '', /reassigns its export/);
});

test.run();

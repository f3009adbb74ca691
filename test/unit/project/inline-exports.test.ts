import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXPORTS_GLOBAL, exportList, splitExports } from '../../../scripts/inline-exports.mjs';

// The build moves the entry chunk into index.html (scripts/inline-entry.mjs) and leaves in its file a stub that
// exports what the inline module left on the page (scripts/inline-exports.mjs), for the lazy pages to import. The
// pair must give every importer the same values, and the build must refuse a chunk whose exports would go stale in
// the stub.

const importText = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`);

test('the inline module leaves its exports on the page and the stub gives them out under their exported names', async () => {
  const chunk = ['var e,t={hooks:[]};function n(a){return a+1}class r{}', 'e=7;t.hooks.push(n);', 'export{n as a,t as b,r as c,e};'].join('');
  const { inline, stub } = splitExports(chunk, 'assets/index-0.js');
  assert.not.ok(/\bexport\b/.test(inline), 'an inline module exports nothing: nothing can import it');
  // The page's object is keyed by the chunk's own names, in shorthand; the stub maps them to the exported names.
  assert.ok(inline.endsWith('window.__appExports={n,t,r,e};'), inline);
  assert.is(stub, 'const{n:$0,t:$1,r:$2,e:$3}=window.__appExports;export{$0 as a,$1 as b,$2 as c,$3 as e};\n');
  const page = globalThis as unknown as Record<string, unknown>;
  try {
    page.window = globalThis;
    await importText(inline);
    const module = await importText(stub!);
    assert.is(module.a(1), 2);
    assert.is(module.b, (page[EXPORTS_GLOBAL] as { t: unknown }).t, 'one object, not a copy');
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
  // One binding under two names is one property on the page, and two exports of the stub.
  assert.ok(inline.endsWith('window.__appExports={f,t};'), inline);
  const page = globalThis as unknown as Record<string, unknown>;
  try {
    page.window = globalThis;
    await importText(inline);
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

test('a chunk that reassigns an exported binding later, inside a function, stops the build', () => {
  assert.throws(() => splitExports('let n=0;function s(v){n=v}export{n as a,s as b};', 'assets/index-0.js'), /reassigns its export n/);
  assert.throws(() => splitExports('var n=0;const up=()=>{n++};export{n as a,up as b};', 'assets/index-0.js'), /reassigns its export n/);
  // A parameter or local of the same name is another binding: not a reassignment of the export.
  assert.ok(splitExports('var n=0;function s(n){n=1;return n}export{n as a,s as b};', 'assets/index-0.js').stub);
  // A class field's initialiser and a static block run later too.
  assert.throws(() => splitExports('let n=0;class C{x=(n=1)}export{n as a,C as b};', 'assets/index-0.js'), /reassigns its export n/);
  assert.throws(() => splitExports('let n=0;class C{static{n=1}}export{n as a,C as b};', 'assets/index-0.js'), /reassigns its export n/);
});

test('a chunk that waits at its top level stops the build: a lazy chunk could read the stub before its exports are there', () => {
  assert.throws(() => splitExports('const n=await Promise.resolve(1);export{n as a};', 'assets/index-0.js'), /waits at its top level/);
  assert.throws(() => splitExports('for await(const x of[]){}const n=1;export{n as a};', 'assets/index-0.js'), /waits at its top level/);
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

test.run();

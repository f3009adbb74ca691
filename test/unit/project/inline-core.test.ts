import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORE_GLOBAL, exportList, splitCore } from '../../../scripts/inline-core.mjs';

// The build moves the core's code into index.html (scripts/inline-core.mjs) and leaves in its file a stub that
// exports what the inline core left on the page. The pair must give every importer the same values, and the build
// must refuse a core whose exports would go stale in the stub.

const importText = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`);

test('the inline core leaves its exports on the page and the stub gives them out under their exported names', async () => {
  const chunk = [
    'import("./page-1.js").catch(()=>{});',
    'var e,t={hooks:[]};function n(a){return a+1}class r{}',
    'e=7;t.hooks.push(n);',
    'export{n as a,t as b,r as c,e};',
  ].join('');
  const { inline, stub } = splitCore(chunk, 'assets/core-0.js');
  assert.ok(inline.includes('import("/app/assets/page-1.js")'), 'its imports resolve from the assets folder, as the file did');
  assert.not.ok(/\bexport\b/.test(inline), 'an inline module exports nothing: nothing can import it');
  const page = globalThis as unknown as Record<string, unknown>;
  try {
    page.window = globalThis;
    await importText(inline);
    const module = await importText(stub);
    assert.is(module.a(1), 2);
    assert.is(module.b, (page[CORE_GLOBAL] as { b: unknown }).b, 'one object, not a copy');
    assert.is((module.b as { hooks: unknown[] }).hooks[0], module.a);
    assert.is(typeof module.c, 'function');
    assert.is(module.e, 7, 'a binding settled at the top level keeps its last value');
  } finally {
    delete page.window;
    delete page[CORE_GLOBAL];
  }
});

test('a core that reassigns an exported binding later, inside a function, stops the build', () => {
  assert.throws(() => splitCore('let n=0;function s(v){n=v}export{n as a,s as b};', 'assets/core-0.js'), /reassigns its export n/);
  assert.throws(() => splitCore('var n=0;const up=()=>{n++};export{n as a,up as b};', 'assets/core-0.js'), /reassigns its export n/);
  // A parameter or local of the same name is another binding: not a reassignment of the export.
  assert.is(splitCore('var n=0;function s(n){n=1;return n}export{n as a,s as b};', 'assets/core-0.js').stub, 'export const{a,b}=window.__appCore;\n');
});

test('a chunk that is not one list of exports at its end is refused, not guessed at', () => {
  assert.throws(() => exportList('export const a=1;', 'assets/core-0.js'), /one list of exports/);
  assert.throws(() => exportList('const a=1;export{a};export{a as b};', 'assets/core-0.js'), /one list of exports/);
  assert.throws(() => exportList('export{a}from"./x.js";', 'assets/core-0.js'), /one list of exports/);
  assert.throws(() => exportList('const a=1;export{a as default};', 'assets/core-0.js'), /cannot declare/);
  assert.equal(exportList('const a=1,b=2;export{a,b as c};', 'assets/core-0.js').names, [
    { local: 'a', exported: 'a' },
    { local: 'b', exported: 'c' },
  ]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { absoluteSpecifiers } from '../../../scripts/inline-entry.mjs';

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

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { wrapClassSetup } from '../../../scripts/compat-classes-plugin.mjs';

// The build wraps preact/compat's Suspense, SuspenseList and PureComponent, declaration and prototype set-up, in one
// pure function each (scripts/compat-classes-plugin.mjs), so the bundler can drop them when unused. Used, they must be the same
// classes; a module of another shape must be left alone.

const importText = (code: string) => import(`data:text/javascript,${encodeURIComponent(code)}`);

const SAMPLE = [
  'class Component{}',
  'const options={};',
  'function S(){this.n=0}',
  'options.a=1,(S.prototype=new Component).open=function(){return this.n+1},S.prototype.close=S.prototype.stop=function(){return "closed"};',
  'function L(){}',
  '(L.prototype=new Component).render=function(){return "list"};',
  'var all={Suspense:S,SuspenseList:L};',
  'export{S as Suspense,L as SuspenseList,options,all as default};',
].join('');
/** The sample's two classes (the build's list names PureComponent too, which the sample leaves out). */
const SAMPLE_CLASSES = ['Suspense', 'SuspenseList'];

test('each class becomes one pure function that declares it and sets its prototype up; used, it works as before', async () => {
  const out = wrapClassSetup(SAMPLE, SAMPLE_CLASSES)!;
  assert.ok(out, 'the sample has the expected shape');
  assert.match(out, /var S=\/\*@__PURE__\*\/\(function\(\)\{function S\(\)/);
  assert.match(out, /var L=\/\*@__PURE__\*\/\(function\(\)\{function L\(\)/);
  assert.match(out, /^class Component\{\}const options=\{\};options\.a=1;/, 'the other writes of the statement stay in place');
  const module = await importText(out);
  const suspense = new module.Suspense();
  assert.is(suspense.open(), 1);
  assert.is(suspense.close(), 'closed');
  assert.is(suspense.stop(), 'closed');
  assert.is(new module.SuspenseList().render(), 'list');
  assert.is(module.default.Suspense, module.Suspense, 'the default object holds the same class');
  assert.is(module.options.a, 1);
});

test('a class used before the module has run, or without prototype writes, leaves the module alone', () => {
  assert.is(wrapClassSetup(SAMPLE.replace('var all=', 'options.first=S;var all='), SAMPLE_CLASSES), null);
  assert.is(wrapClassSetup(SAMPLE.replace('(L.prototype=new Component).render=function(){return "list"};', ''), SAMPLE_CLASSES), null);
  assert.is(wrapClassSetup(SAMPLE.replace('L as SuspenseList,', ''), SAMPLE_CLASSES), null);
});

test('the installed preact/compat has the shape the build expects, and keeps it once wrapped', () => {
  const file = new URL('../../../node_modules/preact/compat/dist/compat.module.js', import.meta.url);
  const out = wrapClassSetup(readFileSync(file, 'utf8'));
  assert.ok(out, 'if this fails after an upgrade of Preact, the plugin leaves compat as it is: update or drop the plugin');
  assert.is((out!.match(/=\/\*@__PURE__\*\/\(function\(\)\{function /g) ?? []).length, 3);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from '../helpers.ts';

test('agreement names follow the language header', async () => {
  const { call } = await setup();
  const zh = await call('/api/cms/agreement/get-name');
  assert.is(zh.code, 0);
  assert.equal(zh.data, [
    { type: 1, name: '用户协议' },
    { type: 2, name: '隐私政策' },
  ]);
  const en = await call('/api/cms/agreement/get-name', { language: 'en-US' });
  assert.equal(en.data, [
    { type: 1, name: 'User Agreement' },
    { type: 2, name: 'Privacy Policy' },
  ]);
});

test('agreement content is HTML in the requested language with the tenant brand', async () => {
  const { call } = await setup();
  const en = await call('/api/cms/agreement/get-content?type=2', { language: 'en-US' });
  assert.is(en.code, 0);
  assert.is(en.data.type, 2);
  assert.is(en.data.name, 'Privacy Policy');
  assert.match(en.data.content, /<h2>/);
  assert.match(en.data.content, /<ul>/);
  assert.match(en.data.content, /Demo Cloud Phone/);
  const green = await call('/api/cms/agreement/get-content?type=1', { tenant: 100 });
  assert.is(green.data.name, '用户协议');
  assert.match(green.data.content, /绿洲云机/);
  assert.not.match(green.data.content, /演示云手机/);
});

test('unknown or missing agreement type is a 400 in the envelope', async () => {
  const { call } = await setup();
  assert.is((await call('/api/cms/agreement/get-content?type=3')).code, 400);
  assert.is((await call('/api/cms/agreement/get-content')).code, 400);
});

test('get-rule answers the invite rule', async () => {
  const { call } = await setup();
  const rule = await call('/api/cms/agreement/get-rule?code=invite', { language: 'en-US' });
  assert.is(rule.code, 0);
  assert.is(rule.data.code, 'invite');
  assert.is(rule.data.name, 'Invitation Rules');
  assert.match(rule.data.content, /<p>/);
  assert.is((await call('/api/cms/agreement/get-rule?code=nope')).code, 400);
});

test.run();

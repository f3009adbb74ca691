import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contentPagesForIndex, insertContentPage } from '../../../../server/data/content-pages.ts';
import { setup } from '../helpers.ts';

// Content pages (server/API.md "Content pages"): lists by kind and single pages, per tenant and language with the
// zh-CN fallback, null for an unknown id, refusals of bad queries, and the plain-text export for an assistant.

const PAGE = '/api/cms/page';
const staticFile = (url: string) => fileURLToPath(new URL(`../../../../server${url}`, import.meta.url));

test('tutorials are listed in both languages, in order, each with an image the server holds', async () => {
  const { call } = await setup();
  const en = await call(`${PAGE}/list?kind=tutorial`, { language: 'en-US' });
  assert.is(en.code, 0);
  assert.ok(en.data.length >= 8);
  assert.is(en.data[0].id, 'buy-renew');
  assert.is(en.data[0].title, 'Buy and renew a cloud phone');
  assert.not.ok('html' in en.data[0], 'lists carry no HTML');
  const zh = await call(`${PAGE}/list?kind=tutorial`);
  assert.equal(zh.data.map((p: any) => p.id), en.data.map((p: any) => p.id));
  assert.is(zh.data[0].title, '购买与续费云手机');
  for (const page of en.data) assert.ok(existsSync(staticFile(page.imageUrl)), page.imageUrl);
  const games = await call(`${PAGE}/list?kind=game`, { language: 'en-US' });
  assert.is(games.data.length, 4);
  for (const game of games.data) assert.ok(game.imageUrl && game.summary && existsSync(staticFile(game.imageUrl)));
});

test('a page by id: HTML with the brand, the SDK guide names the token call and the socket', async () => {
  const { call } = await setup();
  const page = await call(`${PAGE}/get?id=grants`, { language: 'en-US' });
  assert.is(page.code, 0);
  assert.is(page.data.kind, 'tutorial');
  assert.is(page.data.language, 'en-US');
  assert.match(page.data.html, /Demo Cloud Phone/);
  const green = await call(`${PAGE}/get?id=grants`, { tenant: 100 });
  assert.match(green.data.html, /绿洲云机/);
  const sdk = await call(`${PAGE}/get?id=sdk-guide`, { language: 'en-US' });
  assert.is(sdk.data.kind, 'sdk');
  assert.match(sdk.data.html, /security-token/);
  assert.match(sdk.data.html, /\/stream\/ws/);
});

test('unknown id is null; bad id or kind, or no tenant, is refused', async () => {
  const { call } = await setup();
  const missing = await call(`${PAGE}/get?id=no-such-page`);
  assert.is(missing.code, 0);
  assert.is(missing.data, null);
  assert.is((await call(`${PAGE}/get`)).code, 400);
  assert.is((await call(`${PAGE}/get?id=${encodeURIComponent('../x')}`)).code, 400);
  assert.is((await call(`${PAGE}/list?kind=secret`)).code, 400);
  assert.is((await call(`${PAGE}/list`)).code, 400);
  assert.not.equal((await call(`${PAGE}/list?kind=game`, { tenant: null })).code, 0);
});

test('a page only in Chinese falls back to it; another tenant never sees it', async () => {
  const { call, db } = await setup();
  await insertContentPage(db, 2, 'zh-CN', { slug: 'desk-only', kind: 'page', title: '仅中文', summary: '', html: '<p>中文</p>', image_url: '', sort: 0 });
  const en = await call(`${PAGE}/get?id=desk-only`, { tenant: 2, language: 'en-US' });
  assert.is(en.data.title, '仅中文');
  assert.is(en.data.language, 'zh-CN');
  assert.is((await call(`${PAGE}/get?id=desk-only`, { tenant: 1 })).data, null);
});

test('contentPagesForIndex: every page of the tenant as plain text in one language', async () => {
  const { db } = await setup();
  const en = await contentPagesForIndex(db, 1, 'en-US');
  const ids = en.map((p) => p.id);
  assert.ok(ids.includes('redeem-code') && ids.includes('sdk-guide') && ids.includes('game-farm'));
  const redeem = en.find((p) => p.id === 'redeem-code')!;
  assert.is(redeem.kind, 'tutorial');
  assert.is(redeem.title, 'Redeem an activation code');
  assert.not.match(redeem.text, /[<>]/);
  assert.match(redeem.text, /Activation code/);
  const sdk = en.find((p) => p.id === 'sdk-guide')!;
  assert.match(sdk.text, /ws\(s\):\/\/<host>\/stream\/ws/, 'entities decoded');
  assert.match((await contentPagesForIndex(db, 1, 'zh-CN')).find((p) => p.id === 'redeem-code')!.title, /激活码/);
});

test.run();

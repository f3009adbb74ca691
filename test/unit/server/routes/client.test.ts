import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';

const SECURE = '/api/merchant/client/get-client-secure-data';
const ABOUT = '/api/merchant/client/get-about-app';
const FUNCTIONS = '/api/merchant/client-function/list?functionType=1';
const KEYS = '/api/merchant/config/getKeys';

test('secure data matches the client number case-insensitively and needs no tenant header', async () => {
  const { call } = await setup();
  const upper = await call(`${SECURE}?clientNo=DEMO`, { tenant: null });
  assert.is(upper.status, 200);
  assert.is(upper.code, 0);
  assert.equal(upper.data, { tenantId: 1, clientId: 1, platform: 'h5' });
  const lower = await call(`${SECURE}?clientNo=green`, { tenant: null });
  assert.equal(lower.data, { tenantId: 100, clientId: 2, platform: 'h5' });
  const desk = await call(`${SECURE}?clientNo=Desk`, { tenant: null });
  assert.equal(desk.data, { tenantId: 2, clientId: 3, platform: 'pc' });
});

test('secure data of an unknown or missing client number is CLIENT_NOT_FOUND', async () => {
  const { call } = await setup();
  for (const query of ['?clientNo=NOPE', '']) {
    const reply = await call(`${SECURE}${query}`, { tenant: null });
    assert.is(reply.status, 200);
    assert.is(reply.code, ErrorCode.CLIENT_NOT_FOUND);
    assert.is(reply.msg, 'Client does not exist');
    assert.is(reply.data, null);
  }
});

test('about-app follows the language header, zh-CN by default', async () => {
  const { call } = await setup();
  const zh = await call(`${ABOUT}?clientNo=DEMO`, { clientId: 1 });
  assert.is(zh.code, 0);
  assert.equal(zh.data, {
    clientNo: 'DEMO',
    clientName: '演示云手机',
    logoUrl: '/static/logos/demo.svg',
    version: '1.0.0',
    customerServiceUrl: 'https://example.com/support',
  });
  const en = await call(`${ABOUT}?clientNo=demo`, { clientId: 1, language: 'en-US' });
  assert.is(en.data.clientName, 'Demo Cloud Phone');
  const green = await call(`${ABOUT}?clientNo=GREEN`, { tenant: 100, clientId: 2, language: 'en-US' });
  assert.is(green.data.clientName, 'Green Cloud');
  assert.is(green.data.logoUrl, '/static/logos/green.svg');
});

test('about-app refuses a client of another tenant', async () => {
  const { call } = await setup();
  const reply = await call(`${ABOUT}?clientNo=GREEN`, { tenant: 1, clientId: 1 });
  assert.is(reply.code, ErrorCode.CLIENT_NOT_FOUND);
});

test('function list is the one of the client in the headers', async () => {
  const { call } = await setup();
  const demo = await call(FUNCTIONS, { tenant: 1, clientId: 1 });
  assert.is(demo.code, 0);
  assert.is(demo.data.length, 19);
  assert.ok(demo.data.some((f: { key: string }) => f.key === 'app_button'), 'app management, enabled like the rest');
  assert.ok(demo.data.some((f: { key: string }) => f.key === 'upload_button'), 'uploads, enabled like the rest');
  assert.ok(demo.data.some((f: { key: string; enable: boolean }) => f.key === 'sync_button' && f.enable), 'group control is seeded, enabled');
  assert.ok(demo.data.every((f: { enable: boolean }) => f.enable === true));
  assert.equal(demo.data[0], { key: 'root_button', name: 'Root', props: {}, enable: true });
  const green = await call(FUNCTIONS, { tenant: 100, clientId: 2 });
  const disabled = green.data.filter((f: { enable: boolean }) => !f.enable).map((f: { key: string }) => f.key);
  assert.equal(disabled, ['template_button']);
  assert.ok(green.data.some((f: { key: string }) => f.key === 'productBuy'));
});

test('function list refuses a client-id of another tenant and a missing client-id', async () => {
  const { call } = await setup();
  const other = await call(FUNCTIONS, { tenant: 1, clientId: 2 });
  assert.is(other.code, ErrorCode.CLIENT_NOT_FOUND);
  const missing = await call(FUNCTIONS, { tenant: 1 });
  assert.is(missing.code, ErrorCode.BAD_REQUEST);
});

test('about-app and the function list may name their client by number alone, so boot asks all three at once', async () => {
  const { call } = await setup();
  const about = await call(`${ABOUT}?clientNo=green`, { tenant: null, language: 'en-US' });
  assert.is(about.code, 0);
  assert.is(about.data.clientName, 'Green Cloud');
  const functions = await call(`${FUNCTIONS}&clientNo=GREEN`, { tenant: null });
  assert.is(functions.code, 0);
  assert.equal(functions.data.filter((f: { enable: boolean }) => !f.enable).map((f: { key: string }) => f.key), ['template_button']);
  // The same client with its headers gives the same list; headers of another tenant do not open it.
  const withHeaders = await call(`${FUNCTIONS}&clientNo=GREEN`, { tenant: 100, clientId: 2 });
  assert.equal(withHeaders.data, functions.data);
  assert.is((await call(`${FUNCTIONS}&clientNo=GREEN`, { tenant: 1, clientId: 1 })).code, ErrorCode.CLIENT_NOT_FOUND);
  assert.is((await call(`${ABOUT}?clientNo=GREEN`, { tenant: 1, clientId: 1 })).code, ErrorCode.CLIENT_NOT_FOUND);
  // An unknown number is not a tenant either; with neither headers nor number the tenant is missing as before.
  assert.is((await call(`${FUNCTIONS}&clientNo=NOPE`, { tenant: null })).code, ErrorCode.CLIENT_NOT_FOUND);
  const bare = await call(FUNCTIONS, { tenant: null });
  assert.is(bare.code, ErrorCode.BAD_REQUEST);
  assert.is(bare.msg, MISSING_TENANT_MESSAGE);
});

test('getKeys returns only existing requested keys, in request order, paged', async () => {
  const { call } = await setup();
  const keys = [
    'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT',
    'NO_SUCH_KEY',
    'PHONE_EXPIRE_TIME_TEXT_LESS_THAN',
    'GUEST_TRIAL_MINUTES',
    'PHONE_REPLACE_BY_BATCH_COUNT_LIMIT',
    'PHONE_GIVE_BY_BATCH_COUNT_LIMIT',
  ];
  const page1 = await call(KEYS, { body: { pageNo: 1, pageSize: 2, keys } });
  assert.is(page1.code, 0);
  assert.equal(page1.data, {
    list: [
      { key: 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT', value: '5' },
      { key: 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN', value: '72' },
    ],
    total: 5,
  });
  const page3 = await call(KEYS, { body: { pageNo: 3, pageSize: 2, keys } });
  assert.equal(page3.data, { list: [{ key: 'PHONE_GIVE_BY_BATCH_COUNT_LIMIT', value: '5' }], total: 5 });
  const beyond = await call(KEYS, { body: { pageNo: 4, pageSize: 2, keys } });
  assert.equal(beyond.data, { list: [], total: 5 });
  const all = await call(KEYS, { body: { pageNo: 1, pageSize: 100, keys } });
  assert.equal(
    all.data.list.map((e: { key: string }) => e.key),
    keys.filter((k) => k !== 'NO_SUCH_KEY'),
  );
  assert.is(all.data.list.find((e: { key: string }) => e.key === 'PHONE_REPLACE_BY_BATCH_COUNT_LIMIT').value, '10');
});

test('getKeys refuses malformed input with 400 in the envelope', async () => {
  const { call } = await setup();
  assert.is((await call(KEYS, { body: { pageNo: 1, pageSize: 100, keys: 'GUEST_TRIAL_MINUTES' } })).code, 400);
  assert.is((await call(KEYS, { body: { pageNo: 0, pageSize: 100, keys: [] } })).code, 400);
  assert.is((await call(KEYS, { body: { pageNo: 1, pageSize: 101, keys: [] } })).code, 400);
  assert.is((await call(KEYS, { body: '{not json' })).code, 400);
});

test('get-config answers the value, or null for an unknown key', async () => {
  const { call } = await setup();
  const known = await call('/api/infra/config/get-config', { body: { key: 'GUEST_TRIAL_MINUTES' } });
  assert.equal(known.data, { key: 'GUEST_TRIAL_MINUTES', value: '10' });
  const unknown = await call('/api/infra/config/get-config', { body: { key: 'NOPE' } });
  assert.equal(unknown.data, { key: 'NOPE', value: null });
});

test('a tenant-scoped call without tenant-id (or with an unknown one) answers 400 with the shared message', async () => {
  const { call } = await setup();
  // A tenant-id that is sent rules even where the client number could name the tenant (about-app).
  for (const tenant of ['abc', 999]) {
    const reply = await call(`${ABOUT}?clientNo=DEMO`, { tenant, clientId: 1 });
    assert.is(reply.status, 200);
    assert.is(reply.code, 400);
    assert.is(reply.msg, MISSING_TENANT_MESSAGE);
  }
  const keys = await call(KEYS, { tenant: null, body: { pageNo: 1, pageSize: 10, keys: ['GUEST_TRIAL_MINUTES'] } });
  assert.is(keys.msg, MISSING_TENANT_MESSAGE);
  const login = await call('/api/merchant/auth/login', { tenant: null, body: { mobile: '13800138000', password: 'demo1234' } });
  assert.is(login.msg, MISSING_TENANT_MESSAGE);
});

test.run();

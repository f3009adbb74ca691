import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate, openDatabase } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';
import { setup } from '../helpers.ts';

test('an unknown /api path is HTTP 404 with the envelope, even without headers', async () => {
  const { app } = await setup();
  for (const init of [{}, { headers: { 'tenant-id': '1' } }, { method: 'POST' }]) {
    const response = await app.request('/api/merchant/nope', init);
    assert.is(response.status, 404);
    assert.equal(await response.json(), { code: 404, msg: 'Interface does not exist', data: null });
  }
  // A known path with the wrong method is not an interface either.
  assert.is((await app.request('/api/merchant/auth/login')).status, 404);
});

test('an unexpected error is HTTP 500 "System exception" and its stack is logged', async () => {
  const { app, db, errors } = await setup();
  // The start-up work is done before the first answer; then the database goes away.
  assert.is((await app.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO')).status, 200);
  await db.close();
  const response = await app.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  assert.is(response.status, 500);
  assert.equal(await response.json(), { code: 500, msg: 'System exception', data: null });
  assert.is(errors.length, 1);
  // What the engine said of its closed connection: SQLite's words, or pg's of its ended pool.
  assert.match(errors[0]!, /database connection is not open|Cannot use a pool after calling end/);
});

test('a request body over 64 KB is refused with 413 and the envelope, before the route reads it', async () => {
  const { app } = await setup();
  const login = '/api/merchant/auth/login';
  const headers = { 'tenant-id': '1', 'content-type': 'application/json' };
  const huge = JSON.stringify({ mobile: '13800138000', password: 'x'.repeat(2 * 1024 * 1024) });
  const sized = await app.request(login, { method: 'POST', headers, body: huge });
  assert.is(sized.status, 413);
  assert.equal(await sized.json(), { code: 413, msg: 'Request body too large', data: null });
  // Like every API answer, the refusal is not to be kept by any cache.
  assert.is(sized.headers.get('cache-control'), 'no-store');

  // Without a Content-Length (chunked), the count is kept while the body streams in.
  const chunks = Array.from({ length: 40 }, () => new TextEncoder().encode('x'.repeat(4096)));
  const stream = new ReadableStream({ pull(controller) { const next = chunks.shift(); if (next) controller.enqueue(next); else controller.close(); } });
  const chunked = await app.request(login, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  assert.is(chunked.status, 413);
  assert.is((await chunked.json()).code, 413);

  const normal = await app.request(login, { method: 'POST', headers, body: JSON.stringify({ mobile: '13800138000', password: 'demo1234' }) });
  assert.is((await normal.json()).code, 0, 'an ordinary body still goes through');
});

test('every API answer says no-store (personal data), a refusal and an unknown path included', async () => {
  const { app } = await setup();
  const secure = await app.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  assert.is(secure.headers.get('cache-control'), 'no-store');
  const login = await app.request('/api/merchant/auth/login', {
    method: 'POST',
    headers: { 'tenant-id': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800138000', password: 'demo1234' }),
  });
  const { data } = await login.json();
  assert.is(login.headers.get('cache-control'), 'no-store');
  const user = await app.request('/api/merchant/user/get', { headers: { 'tenant-id': '1', authorization: `Bearer ${data.accessToken}` } });
  assert.is((await user.json()).data.mobile, '13800138000');
  assert.is(user.headers.get('cache-control'), 'no-store');
  assert.is((await app.request('/api/merchant/user/get', { headers: { 'tenant-id': '1' } })).headers.get('cache-control'), 'no-store');
  assert.is((await app.request('/api/nope')).headers.get('cache-control'), 'no-store');
});

test('migrations and seed are idempotent', async () => {
  const db = openDatabase(':memory:');
  await seed(db);
  const tables = ['clients', 'client_functions', 'configs', 'agreements', 'users', 'customer_services', 'advertisements', 'grades', 'phones'];
  const counts = () => mapInOrder(tables, async (table) => (await db.value<number>(`SELECT COUNT(*) FROM ${table}`))!);
  const before = await counts();
  assert.is(migrate(db.db), 0);
  await seed(db);
  assert.equal(await counts(), before);
  assert.equal(before.slice(0, 2), [3, 57]);
  assert.equal(before.slice(5), [2, 10, 9, 1037]);
  const versions = await db.column('SELECT version FROM schema_migrations ORDER BY version');
  assert.equal(versions, migrations.map((m) => m.version).sort((a, b) => a - b));
  assert.is(db.db.pragma('foreign_keys', { simple: true }), 1);
});

test('a migration appended later runs once', () => {
  const { db } = openDatabase(':memory:');
  const extra = { version: 99, name: 'test table', sql: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)' };
  assert.is(migrate(db, [extra]), 1);
  assert.is(migrate(db, [extra]), 0);
});

test('/ redirects to the demo client', async () => {
  const { app } = await setup();
  const response = await app.request('/');
  assert.is(response.status, 302);
  assert.is(response.headers.get('location'), '/app/demo');
});

test.run();

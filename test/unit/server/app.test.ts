import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate, openDatabase } from '../../../server/db/index.ts';
import { seed } from '../../../server/db/seed.ts';
import { setup } from './helpers.ts';

test('an unknown /api path is HTTP 404 with the envelope, even without headers', async () => {
  const { app } = setup();
  for (const init of [{}, { headers: { 'tenant-id': '1' } }, { method: 'POST' }]) {
    const response = await app.request('/api/merchant/nope', init);
    assert.is(response.status, 404);
    assert.equal(await response.json(), { code: 404, msg: 'Interface does not exist', data: null });
  }
  // A known path with the wrong method is not an interface either.
  assert.is((await app.request('/api/merchant/auth/login')).status, 404);
});

test('an unexpected error is HTTP 500 "System exception" and its stack is logged', async () => {
  const { app, db, errors } = setup();
  db.close();
  const response = await app.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  assert.is(response.status, 500);
  assert.equal(await response.json(), { code: 500, msg: 'System exception', data: null });
  assert.is(errors.length, 1);
  assert.match(errors[0]!, /database connection is not open/);
});

test('migrations and seed are idempotent', () => {
  const db = openDatabase(':memory:');
  seed(db);
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  const tables = ['clients', 'client_functions', 'configs', 'agreements', 'users', 'customer_services', 'advertisements', 'grades', 'phones'];
  const before = tables.map(count);
  assert.is(migrate(db), 0);
  seed(db);
  assert.equal(tables.map(count), before);
  assert.equal(before.slice(0, 2), [3, 48]);
  assert.equal(before.slice(5), [2, 10, 9, 1030]);
  const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
  assert.equal(versions, [1, 2, 3, 4, 5]);
  assert.is(db.pragma('foreign_keys', { simple: true }), 1);
});

test('a migration appended later runs once', () => {
  const db = openDatabase(':memory:');
  const extra = { version: 99, name: 'test table', sql: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)' };
  assert.is(migrate(db, [extra]), 1);
  assert.is(migrate(db, [extra]), 0);
});

test('/ redirects to the demo client', async () => {
  const { app } = setup();
  const response = await app.request('/');
  assert.is(response.status, 302);
  assert.is(response.headers.get('location'), '/app/demo');
});

test.run();

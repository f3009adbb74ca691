import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { createApp } from '../../../../server/app.ts';
import { UniqueViolation } from '../../../../server/db/engine.ts';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { hashToken } from '../../../../server/lib/tokens.ts';
import { setup } from '../helpers.ts';

/** A CHECK constraint's refusal, as SQLite and PostgreSQL word it. */
const CHECK_FAILED = /CHECK constraint failed|violates check constraint/;

// Migration 3 rebuilds users (nullable mobile, partial unique index) on databases made by migrations 1-2.

/** A database as the previous release left it: migrations 1-2, one user with a live session. */
function oldDatabase() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 2));
  db.exec(`
    INSERT INTO tenants (id, name) VALUES (1, 'Demo');
    INSERT INTO users (id, tenant_id, mobile, user_no, nickname, password_hash, register_time)
      VALUES (7, 1, '13600000000', '55555555', 'Old timer', NULL, 1000);
  `);
  db.prepare(
    `INSERT INTO sessions (user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at)
     VALUES (7, 1, 'fam', ?, ?, ?, ?, 1000)`,
  ).run(hashToken('old-access'), hashToken('old-refresh'), 8.64e15, 8.64e15);
  return db;
}

test('migration 3 keeps users and their sessions, and seed fills the new tables', async () => {
  const db = oldDatabase();
  assert.is(migrate(db, migrations.filter((m) => m.version <= 3)), 1);
  assert.equal(db.pragma('foreign_key_check'), []);
  assert.equal(db.prepare('SELECT id, mobile, user_no, nickname, guest, deleted_at FROM users').all(), [
    { id: 7, mobile: '13600000000', user_no: '55555555', nickname: 'Old timer', guest: 0, deleted_at: null },
  ]);
  assert.is(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get(), 1);
  // Later migrations (devices) apply on top before the seed, as openDatabase does on a real start.
  migrate(db);
  const engine = new SqliteEngine(db);
  await seed(engine);
  assert.is(db.prepare('SELECT COUNT(*) FROM customer_services').pluck().get(), 2);
  assert.is(db.prepare('SELECT COUNT(*) FROM advertisements').pluck().get(), 10);
  const app = createApp({ db: engine, distDir: '/nonexistent-dist', log: () => {}, logError: () => {} });
  const response = await app.request('/api/merchant/user/get', { headers: { 'tenant-id': '1', authorization: 'Bearer old-access' } });
  const body = (await response.json()) as { code: number; data: { userNo: string; guest: boolean } };
  assert.is(body.code, 0);
  assert.is(body.data.userNo, '55555555');
  assert.is(body.data.guest, false);
});

test('one live account per number and tenant; closed accounts and guests do not count', async () => {
  const { db } = await setup();
  const insert = (...values: (string | number | null)[]) =>
    db.run(`INSERT INTO users (tenant_id, mobile, user_no, register_time, guest, trial_expires_at, deleted_at) VALUES (?, ?, ?, 0, ?, ?, ?)`, ...values);
  /** What `insert` was refused with; fails the test when it went through. */
  const refused = async (...values: (string | number | null)[]) => {
    const error = await insert(...values).then(() => undefined, (error: unknown) => error);
    assert.ok(error, `insert of user ${values[2]} was refused`);
    return error;
  };
  await insert(1, '13600000000', '10000001', 0, null, null);
  const duplicate = await refused(1, '13600000000', '10000002', 0, null, null);
  assert.instance(duplicate, UniqueViolation);
  assert.is((duplicate as UniqueViolation).constraint, 'users_live_mobile');
  await insert(100, '13600000000', '10000003', 0, null, null);
  await db.run("UPDATE users SET deleted_at = 1 WHERE user_no = '10000001'");
  await insert(1, '13600000000', '10000004', 0, null, null);
  await insert(1, '13600000000', '10000005', 0, null, 5);
  await insert(1, null, '10000006', 1, 99, null);
  await insert(1, null, '10000007', 1, 99, null);
  // A guest has no number and a registered user has one; a guest always has a trial end.
  assert.match(String(await refused(1, null, '10000008', 0, null, null)), CHECK_FAILED);
  assert.match(String(await refused(1, '13600000001', '10000009', 1, 99, null)), CHECK_FAILED);
  assert.match(String(await refused(1, null, '10000010', 1, null, null)), CHECK_FAILED);
});

test('new tables are seeded only while empty, so removed rows stay removed', async () => {
  const { db } = await setup();
  const count = async (table: string) => (await db.value<number>(`SELECT COUNT(*) FROM ${table}`))!;
  await db.run("DELETE FROM advertisements WHERE title = 'Ended campaign'");
  await db.run('DELETE FROM customer_services WHERE tenant_id = 100');
  await seed(db);
  assert.is(await count('advertisements'), 8);
  assert.is(await count('customer_services'), 1);
  await db.run('DELETE FROM advertisements');
  await seed(db);
  assert.is(await count('advertisements'), 10);
});

test.run();

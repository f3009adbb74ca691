import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { createApp } from '../../../../server/app.ts';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';
import { hashToken } from '../../../../server/lib/tokens.ts';
import { SCALE_MOBILE } from '../device-helpers.ts';
import { DEMO_MOBILE, setup } from '../helpers.ts';

// API.md "Seed" and migration 4.

const MINUTE = 60_000;

test('the seed matches API.md: grades, the demo accounts and the 1,000-phone account', async () => {
  const { db, now, passwordLogin } = await setup();
  const count = async (sql: string, ...args: number[]) => (await db.value<number>(sql, ...args))!;
  for (const tenant of [1, 2, 100]) assert.is(await count('SELECT COUNT(*) FROM grades WHERE tenant_id = ?', tenant), 3);
  assert.is(await count('SELECT COUNT(*) FROM grade_names'), 3 * 3 * 2);

  const phonesOf = (tenant: number, mobile: string) =>
    db.all<{ phone_no: string; status: string; expire_time: number; group_id: number; grade_id: number }>(
      'SELECT p.* FROM phones p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = ? AND u.mobile = ?',
      tenant,
      mobile,
    );
  const groupsOf = (tenant: number, mobile: string) =>
    db.all('SELECT g.name, g.is_default FROM phone_groups g JOIN users u ON u.id = g.user_id WHERE u.tenant_id = ? AND u.mobile = ? ORDER BY g.id', tenant, mobile);

  const demo = await phonesOf(1, DEMO_MOBILE);
  assert.is(demo.length, 24);
  assert.equal(await groupsOf(1, DEMO_MOBILE), [{ name: '', is_default: 1 }, { name: 'Work', is_default: 0 }, { name: 'Games', is_default: 0 }]);
  assert.equal(new Set(demo.map((p) => p.grade_id)), new Set([1, 2, 3]));
  const stored = new Set(demo.map((p) => p.status));
  for (const s of ['online', 'offline', 'maintenance', 'replacing', 'trial', 'controlling', 'syncing', 'migrating']) assert.ok(stored.has(s), s);
  const left = demo.map((p) => p.expire_time - now()).sort((a, b) => a - b);
  assert.is(left.filter((ms) => ms <= 0).length, 1);
  assert.is(left.find((ms) => ms > 0), 5 * MINUTE);
  assert.ok(left.at(-1)! > 300 * 24 * 60 * MINUTE);

  assert.is((await phonesOf(100, DEMO_MOBILE)).length, 6);
  const scale = await phonesOf(1, SCALE_MOBILE);
  assert.is(scale.length, 1000);
  assert.is(new Set(scale.map((p) => p.group_id)).size, 4);
  assert.is((await groupsOf(1, SCALE_MOBILE)).length, 4);
  assert.is((await passwordLogin(1, SCALE_MOBILE)).code, 0);

  // The error cases account (seed-cases.ts): faults, replacing, migrating, a phone under a day.
  const cases = await db.all<{ phone_no: string; status: string; fault: string | null }>(
    "SELECT p.phone_no, p.status, p.fault FROM phones p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = 1 AND u.mobile = '13800138002' ORDER BY p.id",
  );
  assert.equal(cases.map((p) => p.phone_no), ['CP10000201', 'CP10000202', 'CP10000203', 'CP10000204', 'CP10000205', 'CP10000206', 'CP10000207']);
  assert.equal(cases.map((p) => p.fault ?? p.status), ['malfunction', 'disconnected', 'replacing', 'migrating', 'online', 'online', 'online']);
  assert.is(await db.value('SELECT COUNT(*) FROM phones WHERE fault IS NOT NULL'), 2);

  const numbers = await db.column<string>('SELECT phone_no FROM phones');
  assert.ok(numbers.every((n) => /^CP\d{8}$/.test(n)));
  assert.is(new Set(numbers).size, 1037);
});

test('the seed is idempotent; phones are seeded only while the table is empty', async () => {
  const { db } = await setup();
  const tables = ['grades', 'grade_names', 'phone_groups', 'phones', 'users'];
  const counts = () => mapInOrder(tables, (t) => db.value(`SELECT COUNT(*) FROM ${t}`));
  const before = await counts();
  await seed(db);
  assert.equal(await counts(), before);
  await db.run("DELETE FROM phones WHERE name = 'Reader'");
  await seed(db);
  assert.is(await db.value('SELECT COUNT(*) FROM phones'), 1036);
  await db.run('DELETE FROM phones');
  await seed(db);
  assert.equal(await counts(), before);
});

test('migration 4 on a database of the accounts release: users keep working and get a default group', async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 3));
  db.exec(`
    INSERT INTO tenants (id, name) VALUES (1, 'Demo');
    INSERT INTO users (id, tenant_id, mobile, user_no, register_time) VALUES (7, 1, '13600000000', '55555555', 1000);
  `);
  db.prepare(
    `INSERT INTO sessions (user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at)
     VALUES (7, 1, 'fam', ?, ?, ?, ?, 1000)`,
  ).run(hashToken('old-access'), hashToken('old-refresh'), 8.64e15, 8.64e15);
  // Migration 4 and the later ones (commerce, 5).
  assert.is(migrate(db), migrations.length - 3);
  const engine = new SqliteEngine(db);
  await seed(engine);
  assert.equal(db.pragma('foreign_key_check'), []);
  const app = createApp({ db: engine, distDir: '/nonexistent-dist', log: () => {}, logError: () => {} });
  const headers = { 'tenant-id': '1', authorization: 'Bearer old-access', language: 'en-US' };
  const list = (await (await app.request('/api/device/user/phone/list', { headers })).json()) as any;
  assert.is(list.code, 0);
  assert.is(list.data.total, 0);
  const groups = (await (await app.request('/api/device/phone-group/simple-list', { headers })).json()) as any;
  assert.equal(groups.data.map((g: any) => [g.name, g.isDefault, g.phoneCount]), [['Default group', true, 0]]);
  // The demo accounts the seed created got their phones.
  assert.is(db.prepare('SELECT COUNT(*) FROM phones').pluck().get(), 1037);
});

test.run();

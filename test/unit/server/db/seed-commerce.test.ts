import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';
import { count } from '../commerce-helpers.ts';
import { setup } from '../helpers.ts';

// API.md "Commerce" seed and migration 5.

const COMMERCE_TABLES = ['packages', 'grade_stock', 'coupons', 'activation_codes', 'activation_records', 'redeem_codes'];

test('the seed: packages and stock for every tenant; coupons and codes for the tenant-1 demo user', async () => {
  const ctx = await setup();
  for (const tenant of [1, 2, 100]) {
    assert.is(await count(ctx, 'SELECT COUNT(*) FROM packages WHERE tenant_id = ?', tenant), 9);
    assert.equal(await ctx.db.all('SELECT grade_id, stock FROM grade_stock WHERE tenant_id = ? ORDER BY grade_id', tenant), [
      { grade_id: 1, stock: 500 },
      { grade_id: 2, stock: 200 },
      { grade_id: 3, stock: 0 },
    ]);
  }
  const demoId = (await ctx.db.value<number>("SELECT id FROM users WHERE tenant_id = 1 AND mobile = '13800138000'"))!;
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons WHERE user_id = ?', demoId), 6);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons'), 6);
  const codes = await ctx.db.column('SELECT code FROM activation_codes ORDER BY code') as string[];
  assert.is(codes.length, 20);
  assert.ok(codes.every((code) => /^[A-Z0-9]{12}$/.test(code)), codes.join());
  for (const code of ['NEWSTD000005', 'NEWPRO000003', 'NEWULT000001', 'RENSTD000005', 'RENPRO000003', 'USEDCODE0001', 'EXPIREDCODE1']) assert.ok(codes.includes(code), code);
  // The error cases account's renewal code, bound to its phone CP10000206, and its upgrade order of that phone.
  const bound = await ctx.db.value("SELECT p.phone_no FROM activation_codes c JOIN phones p ON p.id = c.bound_phone_id WHERE c.code = 'BOUNDSTD0001'");
  assert.is(bound, 'CP10000206');
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM activation_codes WHERE bound_phone_id IS NOT NULL'), 1);
  assert.equal(await ctx.db.all("SELECT o.type, o.status, u.mobile FROM orders o JOIN users u ON u.id = o.user_id"), [
    { type: 'upgrade', status: 'waitPay', mobile: '13800138002' },
  ]);
  assert.equal(await ctx.db.all('SELECT code, used_at IS NOT NULL AS used FROM redeem_codes ORDER BY id'), [
    { code: 'WELCOME2026', used: 0 },
    { code: 'SPRING50', used: 0 },
    { code: 'USEDREDEEM', used: 1 },
  ]);
});

test('the seed is idempotent and keeps what sales and operators changed', async () => {
  const ctx = await setup();
  const counts = () => mapInOrder(COMMERCE_TABLES, (t) => count(ctx, `SELECT COUNT(*) FROM ${t}`));
  const before = await counts();
  await seed(ctx.db, ctx.now());
  assert.equal(await counts(), before);
  await ctx.db.run('UPDATE grade_stock SET stock = 7 WHERE tenant_id = 1 AND grade_id = 1');
  await ctx.db.run("DELETE FROM coupons WHERE type = 'extension'");
  await seed(ctx.db, ctx.now());
  assert.is(await count(ctx, 'SELECT stock FROM grade_stock WHERE tenant_id = 1 AND grade_id = 1'), 7);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons'), 5);
  // A removed stock row or package comes back (they are keyed), an emptied codes table is refilled.
  await ctx.db.run('DELETE FROM grade_stock WHERE tenant_id = 2');
  await ctx.db.run('DELETE FROM redeem_codes');
  await seed(ctx.db, ctx.now());
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM grade_stock WHERE tenant_id = 2'), 3);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM redeem_codes'), 3);
});

test('migration 5 on a database of the devices release: existing data kept, commerce seeded', async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 4));
  db.exec(`
    INSERT INTO tenants (id, name) VALUES (1, 'Demo');
    INSERT INTO users (id, tenant_id, mobile, user_no, register_time) VALUES (7, 1, '13600000000', '55555555', 1000);
  `);
  assert.is(migrate(db, migrations.filter((m) => m.version <= 5)), 1);
  // The seed writes the current schema (the later migrations add columns it fills).
  migrate(db);
  await seed(new SqliteEngine(db), 5_000_000);
  assert.equal(db.pragma('foreign_key_check'), []);
  assert.is(db.prepare('SELECT COUNT(*) FROM users WHERE id = 7').pluck().get(), 1);
  assert.is(db.prepare('SELECT COUNT(*) FROM packages').pluck().get(), 27);
  assert.is(db.prepare('SELECT COUNT(*) FROM coupons').pluck().get(), 6);
  assert.is(db.prepare("SELECT user_phone_id IS NOT NULL FROM activation_codes WHERE code = 'USEDCODE0001'").pluck().get(), 1);
});

test('migration 6 keeps the activation records and lets a record say tooLong', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 5));
  db.exec(`
    INSERT INTO tenants (id, name) VALUES (1, 'Demo');
    INSERT INTO users (id, tenant_id, mobile, user_no, register_time) VALUES (7, 1, '13600000000', '55555555', 1000);
    INSERT INTO activation_records (tenant_id, user_id, code, type, status, created_at) VALUES (1, 7, 'RENSTD000001', 2, 'activated', 2000);
  `);
  const tooLong = () => db.prepare("INSERT INTO activation_records (tenant_id, user_id, code, type, status, created_at) VALUES (1, 7, 'RENSTD000002', 2, 'tooLong', 3000)").run();
  assert.throws(tooLong, /CHECK constraint/);
  assert.is(migrate(db, migrations.filter((m) => m.version <= 6)), 1);
  tooLong();
  assert.equal(db.prepare('SELECT code, status FROM activation_records ORDER BY id').all(), [
    { code: 'RENSTD000001', status: 'activated' },
    { code: 'RENSTD000002', status: 'tooLong' },
  ]);
  assert.equal(db.pragma('foreign_key_check'), []);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';

// Migration 20 copies the phones table to widen its operation CHECK: nothing that refers to a phone may be lost
// (dropping the old table with foreign keys on would cascade), and foreign keys are back on afterwards.

const count = (db: Database.Database, table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

test('migration 20 keeps every phone and everything that refers to one; the new operations can be stored', async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 19));
  await seed(new SqliteEngine(db));
  const phone = db.prepare("SELECT id FROM phones WHERE tenant_id = 1 AND name = 'Shop assistant'").pluck().get() as number;
  db.prepare("UPDATE phones SET operation_type = 'reboot', operation_started_at = 1000, fault = 'malfunction' WHERE id = ?").run(phone);
  db.prepare(
    "INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at) VALUES (?, 'com.example.kept', 'Kept', '1', 1, NULL, 10, 1)",
  ).run(phone);
  const before = { phones: count(db, 'phones'), apps: count(db, 'phone_apps'), tokens: count(db, 'phone_security_tokens'), groups: count(db, 'phone_groups') };
  assert.ok(before.phones > 5);

  migrate(db);
  assert.equal({ phones: count(db, 'phones'), apps: count(db, 'phone_apps'), tokens: count(db, 'phone_security_tokens'), groups: count(db, 'phone_groups') }, before);
  assert.equal(db.prepare('SELECT operation_type, operation_started_at, fault FROM phones WHERE id = ?').get(phone), { operation_type: 'reboot', operation_started_at: 1000, fault: 'malfunction' });
  db.prepare("UPDATE phones SET operation_type = 'clone', operation_started_at = 2000 WHERE id = ?").run(phone);
  assert.throws(() => db.prepare("UPDATE phones SET operation_type = 'nap', operation_started_at = 2000 WHERE id = ?").run(phone));
  assert.is(db.pragma('foreign_keys', { simple: true }), 1);
  // Still enforced: an app of a phone that does not exist is refused, and deleting a phone takes its apps along.
  assert.throws(() => db.prepare("INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at) VALUES (999999, 'x', 'x', '1', 1, NULL, 1, 1)").run());
  assert.equal(db.prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'phones' AND type = 'index' AND sql IS NOT NULL ORDER BY name").pluck().all(), ['phones_group', 'phones_user', 'phones_user_expire']);
});

test.run();

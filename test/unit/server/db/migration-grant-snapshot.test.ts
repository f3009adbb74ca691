import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';

// Migration 13: grants made before it take their phone's number and name as they are when it runs.

test("migration 13 fills the grants' phone number and name from their phones", async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 12));
  await seed(new SqliteEngine(db));
  const phone = db.prepare("SELECT id, user_id, phone_no, name FROM phones WHERE tenant_id = 1 AND name = 'Backup'").get() as Record<string, any>;
  const other = db.prepare('SELECT id FROM users WHERE tenant_id = 1 AND id <> ? LIMIT 1').pluck().get(phone.user_id);
  db.prepare(
    `INSERT INTO phone_grants (tenant_id, phone_id, owner_id, mode, permission, days, grantee_id, expires_at, created_at)
     VALUES (1, ?, ?, 'account', 'view', 3, ?, 2, 1)`,
  ).run(phone.id, phone.user_id, other);
  assert.is(migrate(db), migrations.filter((m) => m.version > 12).length);
  assert.equal(db.prepare('SELECT phone_no, phone_name FROM phone_grants').get(), { phone_no: phone.phone_no, phone_name: 'Backup' });
  // The phone's later name is its own.
  db.prepare("UPDATE phones SET name = 'Renamed' WHERE id = ?").run(phone.id);
  assert.is(db.prepare('SELECT phone_name FROM phone_grants').pluck().get(), 'Backup');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { roomCount, viewerById } from '../../../../server/data/shares.ts';

// Migration 14: viewers recorded before it were never seen, so none of them holds a place in the room after it.

test('migration 14 leaves the viewers it finds unseen: out of the room until they join or connect again', async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 13));
  const engine = new SqliteEngine(db);
  await seed(engine);
  const phone = db.prepare("SELECT id, user_id FROM phones WHERE tenant_id = 1 AND name = 'Shop assistant'").get() as { id: number; user_id: number };
  const now = Date.now();
  const shareId = db
    .prepare(`INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at) VALUES (1, ?, ?, 'digest', 'view', ?, ?)`)
    .run(phone.id, phone.user_id, now + 3600_000, now).lastInsertRowid as number;
  const viewerId = db
    .prepare(`INSERT INTO share_viewers (share_id, display_name, key_hash, permission, state, joined_at, updated_at) VALUES (?, 'Old', 'key', 'view', 'enabled', ?, ?)`)
    .run(shareId, now, now).lastInsertRowid as number;
  assert.is(migrate(db), migrations.filter((m) => m.version > 13).length);
  assert.is(db.prepare('SELECT last_seen_at FROM share_viewers WHERE id = ?').pluck().get(viewerId), 0);
  assert.is(await roomCount(engine, shareId, now - 10_000), 0);
  assert.is((await viewerById(engine, viewerId, now - 10_000))!.state, 'disabled');
});

test.run();

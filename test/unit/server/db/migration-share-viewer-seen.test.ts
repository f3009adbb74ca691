import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { roomCount, viewerById } from '../../../../server/data/shares.ts';

// Migration 14: viewers recorded before it were never seen, so none of them holds a place in the room after it.

test('migration 14 leaves the viewers it finds unseen: out of the room until they join or connect again', async () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 13));
  await seed(db);
  const phone = await db.get("SELECT id, user_id FROM phones WHERE tenant_id = 1 AND name = 'Shop assistant'") as { id: number; user_id: number };
  const now = Date.now();
  const shareId = (await db.run(`INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at) VALUES (1, ?, ?, 'digest', 'view', ?, ?) RETURNING id`, phone.id, phone.user_id, now + 3600_000, now)).lastId as number;
  const viewerId = (await db.run(`INSERT INTO share_viewers (share_id, display_name, key_hash, permission, state, joined_at, updated_at) VALUES (?, 'Old', 'key', 'view', 'enabled', ?, ?) RETURNING id`, shareId, now, now)).lastId as number;
  assert.is(migrate(db), migrations.filter((m) => m.version > 13).length);
  assert.is(await db.value('SELECT last_seen_at FROM share_viewers WHERE id = ?', viewerId), 0);
  assert.is(await roomCount(db, shareId, now - 10_000), 0);
  assert.is((await viewerById(db, viewerId, now - 10_000))!.state, 'disabled');
});

test.run();

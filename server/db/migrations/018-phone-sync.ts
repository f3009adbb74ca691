import type { Migration } from './migration.ts';

export const migration018: Migration = {
  version: 18,
  name: 'group control: sync groups of phones and their members',
  // A sync group (server/lib/sync.ts) is one owner's 2-20 phones, one of them the main-control phone whose input the
  // stream mirrors to the others (server/stream/sync-fanout.ts). A phone is in at most one group (the primary key).
  // `state` is the last thing the stream saw when it mirrored input to a follower: it writes only on a change.
  sql: `
      CREATE TABLE sync_groups (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        main_phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX sync_groups_user ON sync_groups(user_id);
      CREATE INDEX sync_groups_main ON sync_groups(main_phone_id);
      CREATE TABLE sync_members (
        phone_id INTEGER PRIMARY KEY REFERENCES phones(id) ON DELETE CASCADE,
        group_id INTEGER NOT NULL REFERENCES sync_groups(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'following' CHECK (state IN ('following', 'failed')),
        failed_at INTEGER
      );
      CREATE INDEX sync_members_group ON sync_members(group_id);
  `,
};

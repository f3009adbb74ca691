import type { Migration } from './migration.ts';

export const migration021: Migration = {
  version: 21,
  name: 'replacements: each replacement of a phone, for the frequency limit and the phone history',
  // One row per phone per replace-submit that got past the checks (server/lib/replacements.ts): started (success) or
  // failed at once on a faulty host (failed, with its reason). `replace_type` is spec §4's 1 (fresh) or 2 (data moved).
  sql: `
      CREATE TABLE phone_replacements (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        replace_type INTEGER NOT NULL CHECK (replace_type IN (1, 2)),
        result TEXT NOT NULL CHECK (result IN ('success', 'failed')),
        reason_code INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX phone_replacements_phone ON phone_replacements(phone_id, created_at);
  `,
};

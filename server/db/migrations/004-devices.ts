import type { Migration } from './migration.ts';

export const migration004: Migration = {
  version: 4,
  name: 'grades, phone groups, cloud phones and their security tokens',
  // Device names and texts are per tenant and language like client_names. The default group stores an empty name:
  // its display name follows the language at read time (API.md "Devices").
  sql: `
      CREATE TABLE grades (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        id INTEGER NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, id)
      );
      CREATE TABLE grade_names (
        tenant_id INTEGER NOT NULL,
        grade_id INTEGER NOT NULL,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (tenant_id, grade_id, language),
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id) ON DELETE CASCADE
      );

      CREATE TABLE phone_groups (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        created_at INTEGER NOT NULL,
        CHECK ((is_default = 1) = (name = ''))
      );
      -- Exactly one default group per user (created lazily, INSERT OR IGNORE relies on this index), and names
      -- unique per user regardless of ASCII case.
      CREATE UNIQUE INDEX phone_groups_default ON phone_groups (user_id) WHERE is_default = 1;
      CREATE UNIQUE INDEX phone_groups_name ON phone_groups (user_id, name COLLATE NOCASE) WHERE is_default = 0;

      CREATE TABLE phones (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        group_id INTEGER NOT NULL REFERENCES phone_groups(id),
        grade_id INTEGER NOT NULL,
        phone_no TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        -- The stored status; "expired" and "operating" are derived from expire_time and the operation columns.
        status TEXT NOT NULL DEFAULT 'online' CHECK (status IN ('online', 'offline', 'maintenance', 'replacing', 'expired',
          'trial', 'controlling', 'syncing', 'migrating')),
        expire_time INTEGER NOT NULL,
        root INTEGER NOT NULL DEFAULT 0 CHECK (root IN (0, 1)),
        width INTEGER NOT NULL DEFAULT 720,
        height INTEGER NOT NULL DEFAULT 1280,
        dpi INTEGER NOT NULL DEFAULT 320,
        -- The last operation; it is running while now < started_at + its duration (no timers, survives restarts).
        operation_type TEXT CHECK (operation_type IN ('reboot', 'quickRestart', 'reset')),
        operation_started_at INTEGER,
        created_at INTEGER NOT NULL,
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id),
        CHECK ((operation_type IS NULL) = (operation_started_at IS NULL))
      );
      -- Every list is one user's phones: by id (default sort, paging) or by expiry (the two expiry sorts).
      CREATE INDEX phones_user ON phones (user_id, id);
      CREATE INDEX phones_user_expire ON phones (user_id, expire_time, id);
      CREATE INDEX phones_group ON phones (group_id);

      -- Tokens to open a phone (the stream server verifies them); only the digest is stored, like session tokens.
      CREATE TABLE phone_security_tokens (
        id INTEGER PRIMARY KEY,
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX phone_security_tokens_phone ON phone_security_tokens (phone_id);
    `,
};

import type { Migration } from './migration.ts';

export const migration003: Migration = {
  version: 3,
  name: 'guest trial, soft-deleted users, invites, customer service and advertisements',
  // SQLite cannot drop the inline UNIQUE (tenant_id, mobile) nor relax mobile's NOT NULL, so users is rebuilt.
  // sessions references users with ON DELETE CASCADE and foreign keys are on (and cannot be switched off inside
  // this transaction): dropping users while sessions exists would delete every session. So sessions is parked in
  // a plain copy first, users is rebuilt, then sessions is recreated (now with a user_id index) and refilled.
  sql: `
      CREATE TABLE sessions_parked AS SELECT * FROM sessions;
      DROP TABLE sessions;

      CREATE TABLE users_rebuilt (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        -- NULL only for guests (CHECK below); a closed account keeps its number for the record.
        mobile TEXT,
        user_no TEXT NOT NULL UNIQUE,
        nickname TEXT NOT NULL DEFAULT '',
        avatar TEXT NOT NULL DEFAULT '',
        password_hash TEXT,
        register_time INTEGER NOT NULL,
        guest INTEGER NOT NULL DEFAULT 0 CHECK (guest IN (0, 1)),
        trial_expires_at INTEGER,
        fingerprint_id TEXT NOT NULL DEFAULT '',
        deleted_at INTEGER,
        mobile_changed_at INTEGER,
        inviter_user_id INTEGER REFERENCES users(id),
        CHECK ((guest = 1) = (mobile IS NULL)),
        CHECK (guest = 0 OR trial_expires_at IS NOT NULL)
      );
      INSERT INTO users_rebuilt (id, tenant_id, mobile, user_no, nickname, avatar, password_hash, register_time)
        SELECT id, tenant_id, mobile, user_no, nickname, avatar, password_hash, register_time FROM users;
      DROP TABLE users;
      ALTER TABLE users_rebuilt RENAME TO users;
      -- One live account per number and tenant; closed accounts and guests (NULL mobile) do not count.
      CREATE UNIQUE INDEX users_live_mobile ON users (tenant_id, mobile) WHERE deleted_at IS NULL AND mobile IS NOT NULL;

      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        family TEXT NOT NULL,
        access_hash TEXT NOT NULL UNIQUE,
        refresh_hash TEXT NOT NULL UNIQUE,
        access_expires_at INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        refresh_used_at INTEGER,
        revoked_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_family ON sessions (family);
      CREATE INDEX sessions_user ON sessions (user_id);
      INSERT INTO sessions (id, user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at,
          refresh_used_at, revoked_at, created_at)
        SELECT id, user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at,
          refresh_used_at, revoked_at, created_at FROM sessions_parked;
      DROP TABLE sessions_parked;

      -- One row per tenant; a tenant without a row has no customer service (empty strings in the reply).
      CREATE TABLE customer_services (
        tenant_id INTEGER PRIMARY KEY REFERENCES tenants(id),
        url TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        work_time TEXT NOT NULL DEFAULT ''
      );

      CREATE TABLE advertisements (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        ad_position INTEGER NOT NULL,
        platform_no TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        image_url TEXT NOT NULL,
        link_url TEXT NOT NULL DEFAULT '',
        sort INTEGER NOT NULL DEFAULT 0,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
      );
      CREATE INDEX advertisements_lookup ON advertisements (tenant_id, platform_no, ad_position, sort);
    `,
};

import type { Migration } from './migration.ts';

export const migration002: Migration = {
  version: 2,
  name: 'users, SMS codes and sessions',
  sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        mobile TEXT NOT NULL,
        user_no TEXT NOT NULL UNIQUE,
        nickname TEXT NOT NULL DEFAULT '',
        avatar TEXT NOT NULL DEFAULT '',
        password_hash TEXT,
        register_time INTEGER NOT NULL,
        UNIQUE (tenant_id, mobile)
      );
      CREATE TABLE sms_codes (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        mobile TEXT NOT NULL,
        scene INTEGER NOT NULL,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER
      );
      CREATE INDEX sms_codes_lookup ON sms_codes (tenant_id, mobile, scene, id);
      CREATE INDEX sms_codes_daily ON sms_codes (mobile, created_at);
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
    `,
};

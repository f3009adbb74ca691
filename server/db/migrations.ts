/**
 * Schema history. Each entry runs once, in order, inside its own transaction, and its version is recorded in
 * schema_migrations. Never edit a released entry: append a new one (next version number) for any change.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'tenants, clients, configuration and agreements',
    sql: `
      CREATE TABLE tenants (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL
      );
      CREATE TABLE clients (
        id INTEGER PRIMARY KEY,
        client_no TEXT NOT NULL UNIQUE COLLATE NOCASE,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        platform TEXT NOT NULL CHECK (platform IN ('h5', 'pc')),
        logo_url TEXT NOT NULL DEFAULT '',
        customer_service_url TEXT NOT NULL DEFAULT '',
        version TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX clients_tenant ON clients (tenant_id);
      CREATE TABLE client_names (
        client_id INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (client_id, language)
      );
      CREATE TABLE client_functions (
        id INTEGER PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        function_type INTEGER NOT NULL,
        function_key TEXT NOT NULL,
        name TEXT NOT NULL,
        props TEXT NOT NULL DEFAULT '{}',
        enable INTEGER NOT NULL DEFAULT 1,
        sort INTEGER NOT NULL DEFAULT 0,
        UNIQUE (client_id, function_type, function_key)
      );
      CREATE TABLE configs (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        config_key TEXT NOT NULL,
        value TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (tenant_id, config_key)
      );
      CREATE TABLE agreements (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        type INTEGER NOT NULL,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (tenant_id, type, language)
      );
      CREATE TABLE rules (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        code TEXT NOT NULL,
        language TEXT NOT NULL,
        name TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (tenant_id, code, language)
      );
    `,
  },
  {
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
  },
  {
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
  },
];

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
  {
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

      -- Tokens to open a phone (issue 6 verifies them); only the digest is stored, like session tokens.
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
  },
  {
    version: 5,
    name: 'commerce: packages, stock, coupons, orders, payments, activation and redeem codes',
    // Money is integer cents everywhere (API.md "Commerce"); the CHECKs keep a bug from storing an impossible amount.
    // An order's "paymentClosed" after 30 minutes is derived from create_time and the clock, like a phone's expiry,
    // so no timer has to close it.
    sql: `
      CREATE TABLE packages (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL,
        grade_id INTEGER NOT NULL,
        days INTEGER NOT NULL CHECK (days > 0),
        price INTEGER NOT NULL CHECK (price >= 0),
        original_price INTEGER NOT NULL CHECK (original_price >= 0),
        UNIQUE (tenant_id, grade_id, days),
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id)
      );
      CREATE TABLE grade_stock (
        tenant_id INTEGER NOT NULL,
        grade_id INTEGER NOT NULL,
        stock INTEGER NOT NULL CHECK (stock >= 0),
        PRIMARY KEY (tenant_id, grade_id),
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id)
      );

      CREATE TABLE coupons (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        type TEXT NOT NULL CHECK (type IN ('cash', 'discount', 'extension')),
        -- cash: cents off; discount: percent paid (1-99); extension: extra days per phone.
        value INTEGER NOT NULL CHECK (value > 0),
        min_amount INTEGER NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
        max_discount INTEGER CHECK (max_discount IS NULL OR max_discount > 0),
        valid_from INTEGER NOT NULL,
        valid_until INTEGER NOT NULL,
        -- Comma-separated order types (buy, renew, upgrade).
        order_types TEXT NOT NULL,
        used_at INTEGER,
        used_order_id INTEGER,
        created_at INTEGER NOT NULL,
        CHECK (type <> 'discount' OR value < 100),
        CHECK (valid_from < valid_until)
      );
      CREATE INDEX coupons_user ON coupons (user_id, id);

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        order_no TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL CHECK (type IN ('buy', 'renew', 'upgrade')),
        status TEXT NOT NULL CHECK (status IN ('waitPay', 'waitAllocate', 'allocated', 'shipped', 'completed', 'outOfStock',
          'activating', 'canceled', 'refunded', 'paymentClosed', 'paymentSuccessful')),
        -- buy and renew: the package's grade; upgrade: the target grade.
        grade_id INTEGER NOT NULL,
        package_id INTEGER REFERENCES packages(id),
        days INTEGER NOT NULL,
        extra_days INTEGER NOT NULL DEFAULT 0,
        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 20),
        -- JSON: the phones renewed or upgraded, or (buy) the phones allocated.
        phone_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(phone_ids)),
        -- JSON: the priced lines, kept so payment applies exactly what was quoted.
        lines TEXT NOT NULL CHECK (json_valid(lines)),
        original_amount INTEGER NOT NULL CHECK (original_amount >= 0),
        discount_amount INTEGER NOT NULL CHECK (discount_amount >= 0 AND discount_amount <= original_amount),
        pay_amount INTEGER NOT NULL CHECK (pay_amount = original_amount - discount_amount),
        coupon_id INTEGER REFERENCES coupons(id),
        allocate_later INTEGER NOT NULL DEFAULT 0 CHECK (allocate_later IN (0, 1)),
        -- The language of the request that placed it: phones created later (after a wallet callback) are named in it.
        language TEXT NOT NULL,
        create_time INTEGER NOT NULL,
        pay_time INTEGER,
        pay_method TEXT,
        remark TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX orders_user ON orders (user_id, create_time, id);
      CREATE INDEX orders_coupon ON orders (coupon_id) WHERE coupon_id IS NOT NULL;

      CREATE TABLE payments (
        -- Random and unguessable: the wallet callback is authorised by knowing it.
        id TEXT PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        method TEXT NOT NULL CHECK (method IN ('mock', 'alipay', 'wechat')),
        idempotency_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('waiting', 'success', 'refunded', 'closed', 'failed')),
        amount INTEGER NOT NULL CHECK (amount >= 0),
        return_url TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        UNIQUE (user_id, idempotency_key)
      );
      -- The last line of defence against charging twice: one successful payment per order, whatever the code does.
      CREATE UNIQUE INDEX payments_one_success ON payments (order_id) WHERE status = 'success';

      CREATE TABLE activation_codes (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        -- BINARY collation: codes are case-sensitive (spec §5).
        code TEXT NOT NULL,
        type INTEGER NOT NULL CHECK (type IN (1, 2)),
        grade_id INTEGER NOT NULL,
        days INTEGER NOT NULL CHECK (days > 0),
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        used_by_user_id INTEGER REFERENCES users(id),
        user_phone_id INTEGER,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant_id, code),
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id)
      );
      CREATE TABLE activation_records (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        code TEXT NOT NULL,
        type INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('activated', 'alreadyActivated', 'notExist', 'specMismatch', 'expired', 'noStock', 'failed')),
        grade_id INTEGER,
        days INTEGER,
        user_phone_id INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX activation_records_user ON activation_records (user_id, id);

      CREATE TABLE redeem_codes (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        code TEXT NOT NULL COLLATE NOCASE,
        -- The coupon it grants, valid valid_days from the moment it is redeemed.
        coupon_type TEXT NOT NULL CHECK (coupon_type IN ('cash', 'discount', 'extension')),
        value INTEGER NOT NULL CHECK (value > 0),
        min_amount INTEGER NOT NULL DEFAULT 0,
        max_discount INTEGER,
        order_types TEXT NOT NULL,
        valid_days INTEGER NOT NULL CHECK (valid_days > 0),
        used_at INTEGER,
        used_by_user_id INTEGER REFERENCES users(id),
        coupon_id INTEGER REFERENCES coupons(id),
        created_at INTEGER NOT NULL,
        UNIQUE (tenant_id, code)
      );
    `,
  },
];

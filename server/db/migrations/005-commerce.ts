import type { Migration } from './migration.ts';

export const migration005: Migration = {
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
};

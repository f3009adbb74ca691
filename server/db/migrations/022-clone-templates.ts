import type { Migration } from './migration.ts';

export const migration022: Migration = {
  version: 22,
  name: 'clone templates, their apps, clone orders and their phones',
  // A template's state is derived from the clock (lib/clones.ts): only its start, its failure and its deletion are
  // stored. Its apps are a copy of the source phone's at the start (icons included), so the source may change after.
  // The list and the kept count read only the rows not deleted or just deleted, through clone_templates_live.
  sql: `
      CREATE TABLE clone_templates (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        source_phone_id INTEGER NOT NULL REFERENCES phones(id),
        source_phone_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        root INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        dpi INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        fail_code INTEGER NOT NULL DEFAULT 0,
        deleted_at INTEGER
      );
      CREATE INDEX clone_templates_by_user ON clone_templates(user_id, created_at);
      CREATE INDEX clone_templates_live ON clone_templates(user_id, deleted_at, created_at);
      CREATE TABLE clone_template_apps (
        template_id INTEGER NOT NULL REFERENCES clone_templates(id) ON DELETE CASCADE,
        package_name TEXT NOT NULL,
        label TEXT NOT NULL,
        version_name TEXT NOT NULL,
        version_code INTEGER NOT NULL,
        icon_png BLOB,
        size_bytes INTEGER NOT NULL,
        PRIMARY KEY (template_id, package_name)
      );
      CREATE TABLE clone_orders (
        id INTEGER PRIMARY KEY,
        order_no TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        template_id INTEGER NOT NULL REFERENCES clone_templates(id),
        template_name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX clone_orders_by_user ON clone_orders(user_id, created_at);
      CREATE TABLE clone_order_items (
        order_id INTEGER NOT NULL REFERENCES clone_orders(id) ON DELETE CASCADE,
        phone_id INTEGER NOT NULL REFERENCES phones(id),
        phone_name TEXT NOT NULL,
        fail_code INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (order_id, phone_id)
      );
  `,
};

import type { Migration } from './migration.ts';

export const migration017: Migration = {
  version: 17,
  name: 'apps installed on phones, app batch operations, running apps',
  // A phone's built-in apps (stream/phone-apps.ts) are drawn from its id and are no rows: only what a user installed
  // is stored (lib/phone-apps.ts). An app batch operation (start, stop, uninstall by package name) runs per phone for a
  // few seconds, so its items carry when they end and are settled when read (lib/app-operations.ts). Which apps were
  // started through the API is kept too: a reboot or reset after started_at stops them (no row to clean up).
  sql: `
      CREATE TABLE phone_apps (
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        package_name TEXT NOT NULL,
        label TEXT NOT NULL,
        version_name TEXT NOT NULL,
        version_code INTEGER NOT NULL,
        icon_png BLOB,
        size_bytes INTEGER NOT NULL,
        installed_at INTEGER NOT NULL,
        PRIMARY KEY (phone_id, package_name)
      );

      CREATE TABLE phone_running_apps (
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        package_name TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        PRIMARY KEY (phone_id, package_name)
      );

      CREATE TABLE app_operations (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        package_name TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('start', 'stop', 'uninstall')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX app_operations_user ON app_operations (user_id, id);

      -- One asked phone of an operation. Refused up front: failed with its reason at once. Otherwise waiting until
      -- ends_at, then success or failed (checked again when it ends: the phone may have changed meanwhile).
      CREATE TABLE app_operation_items (
        id INTEGER PRIMARY KEY,
        operation_id INTEGER NOT NULL REFERENCES app_operations(id) ON DELETE CASCADE,
        phone_id INTEGER NOT NULL,
        phone_no TEXT NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'success', 'failed')),
        reason_code INTEGER,
        started_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE INDEX app_operation_items_operation ON app_operation_items (operation_id, id);
  `,
};

import type { Migration } from './migration.ts';

export const migration020: Migration = {
  version: 20,
  name: 'the long tasks of the machine lifecycle as phone operations',
  // Only the operation_type CHECK changes (upgrade, newMachine, replace, displace, template and clone join the
  // restarts); SQLite changes a CHECK by copying the table, the way its documentation gives.
  rebuildsTable: true,
  sql: `
      CREATE TABLE phones_new (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        group_id INTEGER NOT NULL REFERENCES phone_groups(id),
        grade_id INTEGER NOT NULL,
        phone_no TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        -- The stored status; "expired", "operating" and "replacing" while a replacement runs are derived from
        -- expire_time and the operation columns.
        status TEXT NOT NULL DEFAULT 'online' CHECK (status IN ('online', 'offline', 'maintenance', 'replacing', 'expired',
          'trial', 'controlling', 'syncing', 'migrating')),
        expire_time INTEGER NOT NULL,
        root INTEGER NOT NULL DEFAULT 0 CHECK (root IN (0, 1)),
        width INTEGER NOT NULL DEFAULT 720,
        height INTEGER NOT NULL DEFAULT 1280,
        dpi INTEGER NOT NULL DEFAULT 320,
        -- The last operation; it is running while now < started_at + its duration (no timers, survives restarts).
        operation_type TEXT CHECK (operation_type IN ('reboot', 'quickRestart', 'reset', 'upgrade', 'newMachine', 'replace',
          'displace', 'template', 'clone')),
        operation_started_at INTEGER,
        created_at INTEGER NOT NULL,
        fault TEXT CHECK (fault IN ('malfunction', 'disconnected')),
        FOREIGN KEY (tenant_id, grade_id) REFERENCES grades(tenant_id, id),
        CHECK ((operation_type IS NULL) = (operation_started_at IS NULL))
      );
      INSERT INTO phones_new (id, tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, root, width,
        height, dpi, operation_type, operation_started_at, created_at, fault)
      SELECT id, tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, root, width,
        height, dpi, operation_type, operation_started_at, created_at, fault FROM phones;
      DROP TABLE phones;
      ALTER TABLE phones_new RENAME TO phones;
      CREATE INDEX phones_user ON phones (user_id, id);
      CREATE INDEX phones_user_expire ON phones (user_id, expire_time, id);
      CREATE INDEX phones_group ON phones (group_id);
    `,
};

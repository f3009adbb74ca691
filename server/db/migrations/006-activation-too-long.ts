import type { Migration } from './migration.ts';

export const migration006: Migration = {
  version: 6,
  name: 'activation records: the tooLong status (a renewal code refused at the 999-day validity ceiling)',
  // SQLite cannot alter a CHECK, so the table is rebuilt with its rows and index.
  sql: `
      CREATE TABLE activation_records_next (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        code TEXT NOT NULL,
        type INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('activated', 'alreadyActivated', 'notExist', 'specMismatch', 'expired', 'noStock', 'tooLong', 'failed')),
        grade_id INTEGER,
        days INTEGER,
        user_phone_id INTEGER,
        created_at INTEGER NOT NULL
      );
      INSERT INTO activation_records_next SELECT * FROM activation_records;
      DROP TABLE activation_records;
      ALTER TABLE activation_records_next RENAME TO activation_records;
      CREATE INDEX activation_records_user ON activation_records (user_id, id);
  `,
};

import type { Migration } from './migration.ts';

/** Numbers each row by its place among its parent's rows, in the order SQLite inserted them (rowid). */
const numberedByRowid = (table: string, column: string, parent: string) => `
      ALTER TABLE ${table} ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0;
      UPDATE ${table} SET ${column} = (SELECT COUNT(*) FROM ${table} earlier
        WHERE earlier.${parent} = ${table}.${parent} AND earlier.rowid < ${table}.rowid);`;

/** The same on PostgreSQL, which keeps no insertion order: rows already there are numbered by `by`. */
const numberedBy = (table: string, column: string, parent: string, by: string) => `
      ALTER TABLE ${table} ADD COLUMN ${column} BIGINT NOT NULL DEFAULT 0;
      UPDATE ${table} SET ${column} = numbered.n FROM (
        SELECT ctid AS row_id, ROW_NUMBER() OVER (PARTITION BY ${parent} ORDER BY ${by}) - 1 AS n FROM ${table}
      ) AS numbered WHERE ${table}.ctid = numbered.row_id;`;

export const migration032: Migration = {
  version: 32,
  name: 'The order of a template\'s apps, of a clone order\'s phones and of an order\'s payments, as columns',
  // Reads ordered these rows by SQLite's rowid, which PostgreSQL does not have: each row now holds its place among
  // its parent's rows (data/clones.ts, data/payments.ts), counted from 0.
  sql: [
    numberedByRowid('clone_template_apps', 'position', 'template_id'),
    numberedByRowid('clone_order_items', 'position', 'order_id'),
    numberedByRowid('payments', 'attempt', 'order_id'),
  ].join(''),
  postgres: [
    numberedBy('clone_template_apps', 'position', 'template_id', 'package_name'),
    numberedBy('clone_order_items', 'position', 'order_id', 'phone_id'),
    numberedBy('payments', 'attempt', 'order_id', 'created_at, id'),
  ].join(''),
};

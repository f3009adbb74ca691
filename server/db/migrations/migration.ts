/**
 * One step of the schema history. Each runs once, in order, inside its own transaction, and its version is recorded
 * in schema_migrations. Never edit a released step: add a new file with the next version for any change.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The same step for PostgreSQL, whose schema starts from postgres/baseline.sql (the steps up to its version are in
   * it): every step after that one needs it.
   */
  postgres?: string;
  /**
   * Rebuilds a table other tables refer to (SQLite cannot change a CHECK in place): foreign keys are off while it
   * runs, so dropping the old table does not cascade, and every reference is checked before it commits.
   */
  rebuildsTable?: boolean;
}

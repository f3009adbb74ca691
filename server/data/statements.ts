import { UniqueViolation } from '../db/engine.ts';
import { postgresKeyName } from '../db/sqlite-engine.ts';
import type { Db } from '../lib/types.ts';

/**
 * Inserts a row whose public number is drawn at random (userNo, phoneNo, orderNo): the UNIQUE key of `table.column`
 * decides collisions and a new number is drawn, up to 20 times. Each attempt is a step of its own (a savepoint when
 * `db` is a transaction's handle), since PostgreSQL accepts nothing more in a transaction after a failed statement.
 * `insert` gets the step's handle and the attempt number and returns the row id.
 */
export async function insertWithFreshNumber(db: Db, key: `${string}.${string}`, insert: (db: Db, attempt: number) => Promise<number>): Promise<number> {
  const [table, column] = key.split('.') as [string, string];
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((step) => insert(step, attempt));
    } catch (error) {
      const collided = error instanceof UniqueViolation && error.constraint === postgresKeyName(table, [column], false);
      if (!collided || attempt >= 20) throw error;
    }
  }
}

import type { Statement } from 'better-sqlite3';
import type { Db } from '../lib/types.ts';

// What every data module is built on. Statements are prepared once per database and per text: the server prepares
// each at most once, and tests, which open a fresh database per case, never share one across databases.

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * The prepared statement of `text` on `db`. A statement's mode (pluck) is part of it, so each SQL text must be used
 * in one mode only; the data modules write each text once, which keeps that true.
 */
export function statement(db: Db, text: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(text);
  if (!prepared) {
    prepared = db.prepare(text);
    cache.set(text, prepared);
  }
  return prepared;
}

/** `statement` answering the first column only (counts, ids, single values). */
export function plucked(db: Db, text: string): Statement {
  return statement(db, text).pluck();
}

/**
 * Runs `work` in an immediate transaction: the write lock is taken at the start, so what `work` reads cannot change
 * before it writes. Called inside another transaction it becomes a savepoint of that one.
 */
export function immediate<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}

/**
 * Inserts a row whose public number is drawn at random (userNo, phoneNo, orderNo): the UNIQUE constraint decides
 * collisions and a new number is drawn, up to 20 times. `insert` gets the attempt number and returns the row id.
 */
export function insertWithFreshNumber(uniqueColumn: string, insert: (attempt: number) => number): number {
  const collision = new RegExp(`UNIQUE constraint failed: ${uniqueColumn.replace('.', '\\.')}`);
  for (let attempt = 0; ; attempt++) {
    try {
      return insert(attempt);
    } catch (error) {
      if (!(error instanceof Error && collision.test(error.message)) || attempt >= 20) throw error;
    }
  }
}

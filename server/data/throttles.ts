import type { Db } from '../lib/types.ts';

// The throttles' counters (lib/rate-limit.ts, lib/known-devices.ts; migration 33), shared by every instance on the
// database. Each row is keyed by the throttle's name and its key. The writes of a failure count are single upserts,
// atomic on both engines; windowed events are read and written inside the caller's transaction. Every row carries
// when it stops mattering, and the sweep deletes it then.

export interface FailureRow {
  failures: number;
  last_failure_at: number;
  pending: number;
  pending_at: number;
}

const FAILURE_COLUMNS = 'failures, last_failure_at, pending, pending_at';

export async function failureRow(db: Db, name: string, key: string): Promise<FailureRow | undefined> {
  return await db.get<FailureRow>(`SELECT ${FAILURE_COLUMNS} FROM throttle_failures WHERE name = ? AND key = ?`, name, key);
}

/**
 * One more attempt in flight for the key, and the row as it is after it. Attempts begun before `staleBefore` are
 * no longer counted: their process ended without settling them.
 */
export async function beginAttempt(db: Db, name: string, key: string, now: number, staleBefore: number, until: number): Promise<FailureRow> {
  const row = await db.get<FailureRow>(
    `INSERT INTO throttle_failures (name, key, failures, last_failure_at, pending, pending_at, expires_at)
     VALUES (@name, @key, 0, @now, 1, @now, @until)
     ON CONFLICT (name, key) DO UPDATE SET
       pending = CASE WHEN throttle_failures.pending_at > @staleBefore THEN throttle_failures.pending ELSE 0 END + 1,
       pending_at = excluded.pending_at,
       expires_at = ${db.dialect.greatest('throttle_failures.expires_at', 'excluded.expires_at')}
     RETURNING ${FAILURE_COLUMNS}`,
    { name, key, now, until, staleBefore },
  );
  return row!;
}

/** One attempt in flight for the key fewer. */
export async function endAttempt(db: Db, name: string, key: string): Promise<void> {
  await db.run('UPDATE throttle_failures SET pending = CASE WHEN pending > 0 THEN pending - 1 ELSE 0 END WHERE name = ? AND key = ?', name, key);
}

/** Adds `count` failures at `now`; failures up to `forgottenBefore` are forgotten first. */
export async function addFailures(db: Db, name: string, key: string, count: number, now: number, forgottenBefore: number, until: number): Promise<void> {
  await db.run(
    `INSERT INTO throttle_failures (name, key, failures, last_failure_at, pending, pending_at, expires_at)
     VALUES (@name, @key, @count, @now, 0, @now, @until)
     ON CONFLICT (name, key) DO UPDATE SET
       failures = CASE WHEN throttle_failures.last_failure_at > @forgottenBefore THEN throttle_failures.failures ELSE 0 END
         + excluded.failures,
       last_failure_at = excluded.last_failure_at,
       expires_at = ${db.dialect.greatest('throttle_failures.expires_at', 'excluded.expires_at')}`,
    { name, key, count, now, until, forgottenBefore },
  );
}

export async function clearFailures(db: Db, name: string, key: string): Promise<void> {
  await db.run('UPDATE throttle_failures SET failures = 0 WHERE name = ? AND key = ?', name, key);
}

/** The time of the key's `nth` latest event after `since` (1 the latest), or undefined when it has fewer. */
export async function nthLatestEvent(db: Db, name: string, key: string, since: number, nth: number): Promise<number | undefined> {
  return await db.value<number>(
    'SELECT at FROM throttle_events WHERE name = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?',
    name, key, since, nth - 1,
  );
}

export async function addEvent(db: Db, name: string, key: string, at: number, until: number): Promise<void> {
  await db.run('INSERT INTO throttle_events (name, key, at, expires_at) VALUES (?, ?, ?, ?)', name, key, at, until);
}

/** Each device of the account seen at `now`; only its `keep` latest are kept. */
export async function rememberDevices(db: Db, account: string, devices: string[], now: number, keep: number): Promise<void> {
  for (const device of devices) {
    await db.run(
      `INSERT INTO known_devices (account, device, seen_at) VALUES (?, ?, ?)
       ON CONFLICT (account, device) DO UPDATE SET seen_at = excluded.seen_at`,
      account, device, now,
    );
  }
  await db.run(
    `DELETE FROM known_devices WHERE account = ? AND device NOT IN (
       SELECT device FROM known_devices WHERE account = ? ORDER BY seen_at DESC, device LIMIT ?)`,
    account, account, keep,
  );
}

/** Whether one of the devices was seen on the account after `since`. */
export async function knowsDevice(db: Db, account: string, devices: string[], since: number): Promise<boolean> {
  const found = await db.value(
    `SELECT 1 FROM known_devices WHERE account = ? AND seen_at > ? AND ${db.dialect.inList('device')} LIMIT 1`,
    account, since, devices,
  );
  return found !== undefined;
}

export interface SweepBounds {
  /** Devices are known until this long after they were seen. */
  knownDeviceMs: number;
  /** Keys held per throttle name, and accounts with known devices: past it, the stalest go. */
  maxKeys: number;
}

/**
 * Deletes the rows that no longer count anything, then, where a throttle holds more than `maxKeys` keys, the stalest
 * keys down to nine tenths of it (a flood of fresh keys only gives back some tries). Idempotent: every instance
 * may run it.
 */
export async function sweepThrottles(db: Db, now: number, bounds: SweepBounds): Promise<void> {
  await db.run('DELETE FROM throttle_failures WHERE expires_at <= ?', now);
  await db.run('DELETE FROM throttle_events WHERE expires_at <= ?', now);
  await db.run('DELETE FROM known_devices WHERE seen_at <= ?', now - bounds.knownDeviceMs);
  const keep = Math.floor(bounds.maxKeys * 0.9);
  const crowded = (sql: string) => db.all<{ name: string; held: number }>(sql, bounds.maxKeys);
  for (const { name, held } of await crowded('SELECT name, COUNT(*) AS held FROM throttle_failures GROUP BY name HAVING COUNT(*) > ?')) {
    await db.run(
      `DELETE FROM throttle_failures WHERE name = ? AND key IN (
         SELECT key FROM throttle_failures WHERE name = ? ORDER BY expires_at, key LIMIT ?)`,
      name, name, held - keep,
    );
  }
  const events = 'SELECT name, COUNT(DISTINCT key) AS held FROM throttle_events GROUP BY name HAVING COUNT(DISTINCT key) > ?';
  for (const { name, held } of await crowded(events)) {
    await db.run(
      `DELETE FROM throttle_events WHERE name = ? AND key IN (
         SELECT key FROM throttle_events WHERE name = ? GROUP BY key ORDER BY MAX(at), key LIMIT ?)`,
      name, name, held - keep,
    );
  }
  const accounts = await db.value<number>('SELECT COUNT(DISTINCT account) FROM known_devices') ?? 0;
  if (accounts > bounds.maxKeys) {
    await db.run(
      `DELETE FROM known_devices WHERE account IN (
         SELECT account FROM known_devices GROUP BY account ORDER BY MAX(seen_at), account LIMIT ?)`,
      accounts - keep,
    );
  }
}

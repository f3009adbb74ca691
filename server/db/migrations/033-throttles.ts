import type { Migration } from './migration.ts';

/** The three tables; `integer` is SQLite's INTEGER or PostgreSQL's BIGINT, `create` may make them unlogged. */
const tables = (create: string, integer: string) => `
      ${create} throttle_failures (
        name TEXT NOT NULL,
        key TEXT NOT NULL,
        failures ${integer} NOT NULL,
        last_failure_at ${integer} NOT NULL,
        pending ${integer} NOT NULL,
        pending_at ${integer} NOT NULL,
        expires_at ${integer} NOT NULL,
        PRIMARY KEY (name, key)
      );
      CREATE INDEX throttle_failures_by_expiry ON throttle_failures(expires_at);
      ${create} throttle_events (
        name TEXT NOT NULL,
        key TEXT NOT NULL,
        at ${integer} NOT NULL,
        expires_at ${integer} NOT NULL
      );
      CREATE INDEX throttle_events_by_key ON throttle_events(name, key, at);
      CREATE INDEX throttle_events_by_expiry ON throttle_events(expires_at);
      ${create} known_devices (
        account TEXT NOT NULL,
        device TEXT NOT NULL,
        seen_at ${integer} NOT NULL,
        PRIMARY KEY (account, device)
      );
      CREATE INDEX known_devices_by_time ON known_devices(seen_at);
`;

export const migration033: Migration = {
  version: 33,
  name: 'throttles: failure counts, windowed events and known devices, shared by every instance on the database',
  // The counters of lib/rate-limit.ts and lib/known-devices.ts (data/throttles.ts). On PostgreSQL they are
  // unlogged: a crash may forget them, which only lets someone try again sooner, and their writes skip the WAL.
  sql: tables('CREATE TABLE', 'INTEGER'),
  postgres: tables('CREATE UNLOGGED TABLE', 'BIGINT'),
};

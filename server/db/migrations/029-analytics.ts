import type { Migration } from './migration.ts';

export const migration029: Migration = {
  version: 29,
  name: 'analytics: the events the reference collector received',
  // One row per event, kept once by the id the device gave it (a send repeated by two tabs or cut by a closing page
  // comes again); properties as JSON (read by whoever analyses them, never queried here). Versions 27
  // and 28 are other changes'; this one depends on none of them.
  sql: `
      CREATE TABLE analytics_events (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL,
        event_id TEXT NOT NULL,
        name TEXT NOT NULL,
        happened_at INTEGER NOT NULL,
        properties TEXT NOT NULL,
        account TEXT,
        duration REAL,
        received_at INTEGER NOT NULL
      );
      CREATE INDEX analytics_events_by_tenant ON analytics_events(tenant_id, received_at);
      CREATE UNIQUE INDEX analytics_events_once ON analytics_events(tenant_id, event_id);
  `,
};

import type { Migration } from './migration.ts';

export const migration030: Migration = {
  version: 30,
  name: 'analytics: events stored per tenant and day, and the index the retention sweep reads',
  // analytics_budget counts the events stored per tenant and UTC day (days since the epoch), so the daily budget is
  // one row read per send rather than a count over up to a day's events (server/API.md "Analytics"); it starts from
  // the events already stored. The index on received_at lets the sweep find the oldest events of every tenant.
  sql: `
      CREATE TABLE analytics_budget (
        tenant_id INTEGER NOT NULL,
        day INTEGER NOT NULL,
        events INTEGER NOT NULL,
        PRIMARY KEY (tenant_id, day)
      ) WITHOUT ROWID;
      INSERT INTO analytics_budget (tenant_id, day, events)
        SELECT tenant_id, received_at / 86400000, COUNT(*) FROM analytics_events GROUP BY tenant_id, received_at / 86400000;
      CREATE INDEX analytics_events_by_received ON analytics_events(received_at);
  `,
};

import type { TrackedEvent } from '../../src/contract/analytics-words.ts';
import { statement } from './statements.ts';
import type { Db } from '../lib/types.ts';

// The events of the reference analytics collector (server/routes/analytics.ts).

export function insertEvents(db: Db, tenantId: number, events: TrackedEvent[], receivedAt: number): void {
  const insert = statement(
    db,
    // An event sent again (its id known) is kept once.
    'INSERT OR IGNORE INTO analytics_events (tenant_id, event_id, name, happened_at, properties, account, duration, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const event of events) {
      insert.run(tenantId, event.id, event.name, event.time, JSON.stringify(event.properties), event.account, event.duration ?? null, receivedAt);
    }
  })();
}

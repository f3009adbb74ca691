import type { Properties, TrackedEvent } from '../../shared/contract/analytics-words.ts';
import type { Db } from '../lib/types.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';

// The events of the reference analytics collector (server/routes/analytics.ts), and what bounds them: the stored
// size of each event's properties, a budget of events per tenant and UTC day (analytics_budget, migration 30), and
// the retention window the sweep enforces.

/** The UTC day of a moment, as analytics_budget numbers days (since the epoch). */
export const dayOf = (time: number): number => Math.floor(time / DAY_MS);

/**
 * The properties as stored: the JSON of as many of them as fit in `maxBytes` bytes of UTF-8, in their order, the
 * first ones winning (the browser's queue puts the super properties first and trims the same way by characters).
 * A property that does not fit is dropped with all those after it.
 */
export function storedProperties(properties: Properties, maxBytes: number): string {
  const whole = JSON.stringify(properties);
  if (Buffer.byteLength(whole) <= maxBytes) return whole;
  const kept: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    kept[key] = value;
    if (Buffer.byteLength(JSON.stringify(kept)) > maxBytes) {
      delete kept[key];
      break;
    }
  }
  return JSON.stringify(kept);
}

export interface StoreLimits {
  propertiesMaxBytes: number;
  tenantEventsPerDay: number;
}

/**
 * Stores the events of one send and answers how many were taken: stored now or already stored (an event sent again,
 * its id known, is kept once). Once the tenant's events of the day reach the budget, the rest of the send is
 * dropped: a new event counts against the budget only when it was stored.
 */
export async function insertEvents(db: Db, tenantId: number, events: TrackedEvent[], receivedAt: number, limits: StoreLimits): Promise<number> {
  const day = dayOf(receivedAt);
  return await db.transaction(async (db) => {
    let room = limits.tenantEventsPerDay - ((await db.value('SELECT events FROM analytics_budget WHERE tenant_id = ? AND day = ?', tenantId, day) as number | undefined) ?? 0);
    let taken = 0;
    let stored = 0;
    for (const event of events) {
      if (room <= 0) break;
      const properties = storedProperties(event.properties, limits.propertiesMaxBytes);
      const { changes } = await db.run('INSERT INTO analytics_events (tenant_id, event_id, name, happened_at, properties, account, duration, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', tenantId, event.id, event.name, event.time, properties, event.account, event.duration ?? null, receivedAt);
      taken++;
      stored += changes;
      room -= changes;
    }
    if (stored > 0) await db.run('INSERT INTO analytics_budget (tenant_id, day, events) VALUES (?, ?, ?) ON CONFLICT (tenant_id, day) DO UPDATE SET events = analytics_budget.events + excluded.events', tenantId, day, stored);
    return taken;
  });
}

/**
 * Deletes at most `limit` of the events received before `before` (the oldest first) and answers how many went; a
 * sweep calls it until fewer than `limit` go, so no single delete holds the database long. The budget's days before
 * that moment's go too (only today's admits anything).
 */
export async function deleteEventsBefore(db: Db, before: number, limit: number): Promise<number> {
  await db.run('DELETE FROM analytics_budget WHERE day < ?', dayOf(before));
  const { changes } = await db.run('DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < ? ORDER BY received_at LIMIT ?)', before, limit);
  return changes;
}

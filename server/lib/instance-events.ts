import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { OperationType } from '../../shared/contract/device-words.ts';
import type { AppChange } from './phone-apps.ts';

// What one instance of the server tells the others sharing its PostgreSQL database: a session ended or an access was
// revoked (their streams re-check their sockets), a phone restarted, a phone's apps changed (their screens follow),
// an upload's lock wanted (its holder lets go).
// The instance that causes an event acts on it itself at once, as a single server does; the others hear it through
// LISTEN/NOTIFY on one channel, a few milliseconds later. On SQLite there is one instance and nothing to tell.
//
// An event is told once its transaction has committed (the callers call after it). One lost between a commit and
// its NOTIFY (the instance died in that instant) costs little: every stream re-checks its sockets each second.

export type InstanceEvent =
  | { type: 'accessRevoked' }
  | { type: 'phoneRestarted'; userPhoneId: number; kind: OperationType }
  | { type: 'appsChanged'; userPhoneId: number; change?: AppChange }
  // A request wants an upload's tus lock that a request on another instance may hold (lib/upload-locks.ts).
  | { type: 'uploadLockWanted'; uploadId: string };

export interface InstanceEvents {
  /** Tells the other instances; never throws (a failure is logged). */
  tell(event: InstanceEvent): Promise<void>;
  /** Closes the listening connection. */
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = 'cloud_phone_events';
export const LISTENER_NAME = 'cloud-phone events';
/** How long the listener waits before connecting again after its connection was lost. */
const RECONNECT_MS = 1000;

interface Envelope {
  from: string;
  event: InstanceEvent;
}

/** A single instance: nobody to tell. */
export const aloneEvents: InstanceEvents = { tell: async () => {}, close: async () => {} };

/**
 * Listens on the database at `url` and hands `heard` what the other instances tell. A lost connection is made again;
 * what was told meanwhile is lost, so `heard` then gets an `accessRevoked` (a re-check of every socket) to catch up.
 */
export async function postgresEvents(url: string, heard: (event: InstanceEvent) => void, logError: (line: string) => void): Promise<InstanceEvents> {
  const self = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;

  function onNotification(message: pg.Notification): void {
    try {
      const envelope = JSON.parse(message.payload ?? '') as Envelope;
      if (envelope.from !== self) heard(envelope.event);
    } catch (error) {
      logError(`[events] unreadable notification: ${String(error)}`);
    }
  }

  async function connect(): Promise<void> {
    // Named, so an operator sees in pg_stat_activity which connections are the instances' listeners.
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      logError(`[events] listener lost: ${error.message}`);
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = next;
  }

  async function reconnect(): Promise<void> {
    if (closed || client) return;
    try {
      await connect();
      heard({ type: 'accessRevoked' });
    } catch (error) {
      logError(`[events] listener not back: ${String(error)}`);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  await connect();
  return {
    async tell(event) {
      try {
        if (!client) throw new Error('not connected');
        await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify({ from: self, event } satisfies Envelope)]);
      } catch (error) {
        logError(`[events] ${event.type} not told: ${String(error)}`);
      }
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

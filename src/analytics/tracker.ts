/**
 * The analytics queue in the browser (queue.ts has the rules): loaded once the first page is idle (main.tsx), never
 * with the first screen. It keeps the queue in localStorage (not one of the storage keys the spec lists, §3;
 * docs/decisions.md "Storage keys"), sends through `fetch` with keepalive and by beacon when the page is hidden, sets
 * the fingerprint as the super property `cuid`, follows the signed-in account, and records a page view per route.
 * Starting it cannot fail the app: a failure is logged only (spec §8).
 */
import { effect } from '@preact/signals-react';
import { ANALYTICS_PATH, type Properties, type TrackedEvent } from '../../shared/contract/analytics-words.ts';
import { fingerprintId } from '../core/fingerprint.ts';
import { TOO_MANY_REQUESTS } from '../../shared/reply-codes.ts';
import type { Envelope } from '../core/http.ts';
import { setTrackSink } from '../core/track.ts';
import { user } from '../account/session.ts';
import { clientNo } from '../app/client-state.ts';
import { currentRouteName } from '../app/navigate.ts';
import { AnalyticsQueue, type QueueStorage } from './queue.ts';

const QUEUE_KEY = 'analyticsQueue';
const ENDPOINT = import.meta.env.VITE_ANALYTICS_URL || ANALYTICS_PATH;

const storage: QueueStorage = {
  read() {
    try {
      const events = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
      return Array.isArray(events) ? (events as TrackedEvent[]) : [];
    } catch {
      return [];
    }
  },
  write(events) {
    try {
      if (events.length === 0) localStorage.removeItem(QUEUE_KEY);
      else localStorage.setItem(QUEUE_KEY, JSON.stringify(events));
    } catch {
      // Private mode or a full quota: the events of this page are lost, nothing else.
    }
  },
};

const bodyOf = (events: TrackedEvent[]) => JSON.stringify({ clientNo: clientNo.value, events });

let queue: AnalyticsQueue | null = null;

/** The running queue (for tests and the tracking switch), or null before start. */
export const analyticsQueue = (): AnalyticsQueue | null => queue;

/**
 * `window.cpAnalytics`: the queue for a partner's own code in the webview (its events, the tracking switch), and for
 * the browser tests.
 */
function publicApi(running: AnalyticsQueue) {
  return {
    track: (name: string, properties?: Properties) => running.track(name, properties),
    pause: () => running.pause(),
    resume: () => {
      const wasStopped = running.state === 'stopped';
      running.resume();
      // Stopping cleared them: tracking again carries the fingerprint and the account again.
      if (wasStopped) {
        running.register({ cuid: fingerprintId() });
        running.setAccount(user.value?.userNo ?? null);
      }
    },
    stop: () => running.stop(),
    get state() {
      return running.state;
    },
    get superProperties() {
      return running.superProps;
    },
    get queued() {
      return running.queued;
    },
  };
}

declare global {
  interface Window {
    cpAnalytics?: ReturnType<typeof publicApi>;
  }
}

export function startAnalytics(): void {
  if (queue) return;
  try {
    queue = new AnalyticsQueue({
      batchSize: Number(import.meta.env.VITE_ANALYTICS_BATCH_SIZE ?? NaN),
      storage,
      send: async (events) => {
        if (!clientNo.value) return 'failed';
        const reply = await fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bodyOf(events), keepalive: true });
        if (!reply.ok) return reply.status === 429 || reply.status >= 500 ? 'failed' : 'refused';
        // The envelope's code: asked to wait, or the collector's own failure, is tried again on a later tick; any other
        // refusal (a malformed event, an unknown client) will never be taken.
        const { code } = (await reply.json()) as Envelope;
        if (code === 0) return 'sent';
        return code === TOO_MANY_REQUESTS || (code >= 500 && code < 600) ? 'failed' : 'refused';
      },
      beacon: (events) =>
        Boolean(clientNo.value) && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, new Blob([bodyOf(events)], { type: 'application/json' })),
      every: (ms, task) => {
        const timer = setInterval(task, ms);
        return () => clearInterval(timer);
      },
      warn: (message) => console.warn(message),
    });
    const running = queue;
    running.register({ cuid: fingerprintId() });
    effect(() => running.setAccount(user.value?.userNo ?? null));
    effect(() => {
      if (currentRouteName.value) running.track('pageView', { page: currentRouteName.value });
    });
    setTrackSink((name, properties, time) => running.track(name, properties, { time }));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') running.sendAllByBeacon();
    });
    // A webview that closes without hiding first still fires pagehide.
    window.addEventListener('pagehide', () => running.sendAllByBeacon());
    window.cpAnalytics = publicApi(running);
  } catch (error) {
    console.error('analytics: not started', error);
  }
}

/**
 * The analytics queue's numbers (spec §5, §9) and the collection call's path, shared by the browser's queue
 * (src/analytics/) and the reference server's collector (server/routes/analytics.ts). Plain values only: the entry
 * may import this file without the contract's schemas.
 */
export const ANALYTICS_PATH = '/api/analytics/collect';
/** Events are sent in whole batches of this many (configurable within the range). */
export const BATCH_SIZE = 6;
export const BATCH_SIZE_MIN = 1;
export const BATCH_SIZE_MAX = 30;
/** How often the queue looks for whole batches to send. */
export const FLUSH_MS = 6000;
/** Events kept on the device at most (the newest); the queue survives reloads. */
export const QUEUE_CAP = 500;
/** Events in one send at most. */
export const MAX_PER_SEND = 50;
/** A timed event's duration is capped at one day. */
export const MAX_DURATION_SECONDS = 86_400;
/** Spec §5: an event name starts with a letter and has at most 50 characters. */
export const EVENT_NAME = /^[A-Za-z][^\u0000-\u001f]{0,49}$/u;
/** Property values the queue keeps (others are dropped from the event). */
export type PropertyValue = string | number | boolean | null;
export type Properties = Record<string, PropertyValue>;
/** What one event may carry (the collector refuses a send with an event past them; the queue trims before). */
export const MAX_PROPERTIES = 50;
export const MAX_PROPERTY_KEY_CHARS = 64;
export const MAX_PROPERTIES_JSON_CHARS = 4096;
export const MAX_STRING_VALUE_CHARS = 256;

export interface TrackedEvent {
  /**
   * Made by the device, unique enough to tell events apart (time and random digits): the queue removes exactly the
   * events a send carried, and the collector keeps an event sent twice (two tabs, a send cut by the page closing) once.
   */
  id: string;
  name: string;
  /** When it happened (ms since the epoch, the device's clock). */
  time: number;
  /** The super properties at that moment, then the event's own. */
  properties: Properties;
  /** The account signed in then (its user number), or null. */
  account: string | null;
  /** Seconds, for a timed event (at most MAX_DURATION_SECONDS). */
  duration?: number;
}

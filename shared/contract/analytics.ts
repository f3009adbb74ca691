/**
 * The analytics collector (spec §7 "analytics batches are posted to a collection endpoint"; server/API.md
 * "Analytics"). The browser sends with `fetch` (keepalive) or `navigator.sendBeacon`, which can set no headers: the
 * client number travels in the body. Server: server/routes/analytics.ts. Client: src/analytics/tracker.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import {
  ANALYTICS_PATH, EVENT_NAME, MAX_DURATION_SECONDS, MAX_PER_SEND, MAX_PROPERTIES, MAX_PROPERTIES_JSON_CHARS, MAX_PROPERTY_KEY_CHARS,
} from './analytics-words.ts';

const Value = v.union([v.string(), v.number(), v.boolean(), v.null()]);

const Event = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w-]{8,40}$/, 'is not an event id')),
  name: v.pipe(v.string(), v.regex(EVENT_NAME, 'must start with a letter and have at most 50 characters')),
  time: v.pipe(v.number(), v.integer(), v.minValue(0)),
  properties: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(MAX_PROPERTY_KEY_CHARS)), Value),
    v.check((properties) => Object.keys(properties).length <= MAX_PROPERTIES, `has more than ${MAX_PROPERTIES} properties`),
    v.check((properties) => JSON.stringify(properties).length <= MAX_PROPERTIES_JSON_CHARS, 'is too long'),
  ),
  account: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  duration: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_DURATION_SECONDS))),
});

export const collectEvents = endpoint(`POST ${ANALYTICS_PATH}`, {
  body: v.object({
    clientNo: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
    events: v.pipe(v.array(Event), v.minLength(1, 'is empty'), v.maxLength(MAX_PER_SEND, `has more than ${MAX_PER_SEND} events`)),
  }),
  reply: v.strictObject({ accepted: v.number() }),
});

// Spans of time in milliseconds, the unit of every clock both sides read (Date.now, the server's injected clock).
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

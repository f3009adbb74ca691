import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { ApiError } from './errors.ts';

// The spec's envelope `{code, msg, data}`; the codes and their wording are in errors.ts.

/**
 * The reply with its length stated, so that the compression in front of the API (app.ts) leaves the small ones as
 * they are: gzip makes a reply of a few dozen bytes longer.
 */
function json(c: Context, envelope: { code: number; msg: string; data: unknown }, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(envelope);
  return c.body(text, status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
}

export function ok(c: Context, data: unknown) {
  return json(c, { code: ErrorCode.SUCCESS, msg: '', data });
}

/** Business errors (401 included) travel with HTTP 200 (API.md "Envelope"); only 403/404/500 change the status. */
export function fail(c: Context, error: ApiError, status: ContentfulStatusCode = 200) {
  // A throttled refusal (errors.ts throttledError) also says when to come back the standard way, for HTTP tools.
  const retryAfter = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  return json(c, { code: error.code, msg: error.message, data: error.data }, status);
}

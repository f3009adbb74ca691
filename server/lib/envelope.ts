import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode } from '../../src/core/error-codes.ts';

export const LOGIN_EXPIRED_MESSAGE = 'Login expired, please log in again';
export const NOT_FOUND_MESSAGE = 'Interface does not exist';
export const SYSTEM_ERROR_MESSAGE = 'System exception';

/**
 * A business failure raised anywhere below a route; app.ts turns it into the envelope with HTTP 200,
 * so deep helpers (validation, SMS checks) can stop a request without threading results back up.
 */
export class ApiError extends Error {
  readonly code: number;
  /** The envelope's `data` (null unless a refusal carries details, e.g. MOBILE_CHANGE_TOO_SOON's nextChangeTime). */
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export function ok(c: Context, data: unknown) {
  return c.json({ code: ErrorCode.SUCCESS, msg: '', data });
}

/** Business errors (401 included) travel with HTTP 200 (API.md "Envelope"); only 404/500 change the status. */
export function fail(c: Context, code: number, msg: string, status: ContentfulStatusCode = 200, data: unknown = null) {
  return c.json({ code, msg, data }, status);
}

export function badRequest(msg: string): ApiError {
  return new ApiError(ErrorCode.BAD_REQUEST, msg);
}

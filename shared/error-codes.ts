/**
 * Numeric reply codes of the API envelope `{code, msg, data}` (spec §7, §8).
 * Shared by the client (src/core/errors.ts maps each to translated text) and the
 * reference server (which answers with them), so both sides name one catalogue.
 * Another backend may send other codes: src/core/errors.ts also matches messages.
 */
export * as ErrorCode from './reply-codes.ts';

/** The message the reference server sends when the tenant-id header is missing (spec §8: a 400 about a missing tenant logs out). */
export const MISSING_TENANT_MESSAGE = 'Tenant identifier missing from the request';

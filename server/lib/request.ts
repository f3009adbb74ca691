import type { Context } from 'hono';
import { badRequest } from './errors.ts';
import type { Language } from './types.ts';

// Reading a request: the body and the language. Every field is read by the endpoint's schemas in the contract
// (shared/contract/, lib/contract-route.ts).

export type Body = Record<string, unknown>;

/** An empty body is `{}` (logout sends none); malformed JSON or a non-object is the caller's mistake, not a 500. */
export async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Request body must be a JSON object');
  return parsed as Body;
}

/** The `language` header picks the stored texts; unknown or missing values use the product default zh-CN. */
export function languageOf(c: Context): Language {
  const header = (c.req.header('language') ?? '').trim().toLowerCase();
  return header.startsWith('en') ? 'en-US' : 'zh-CN';
}

/** The device fingerprint the client sends on every request (spec §3), or '' without one. */
export function fingerprintOf(c: Context): string {
  return (c.req.header('fingerprint-id') ?? '').trim().slice(0, 128);
}

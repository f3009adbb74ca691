import type { Context } from 'hono';
import { badRequest } from './errors.ts';
import type { Language } from './types.ts';

// Reading a request: the body and the language for every route; typed values, paging and id lists by hand for the
// routes not registered from the contract (src/contract/, lib/contract-route.ts), whose schemas read the rest.

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

/** Numbers are accepted where strings are expected because hand-written clients often send `mobile: 138...`. */
export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A positive integer from a JSON number or a numeric string (query values are always strings). */
export function asPositiveInt(value: unknown): number | null {
  const text = asString(value).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Ids in the order given, repeats dropped (a batch never acts twice on one phone). */
export function uniqueIds(items: readonly unknown[], name: string): number[] {
  const ids: number[] = [];
  for (const item of items) {
    const id = asPositiveInt(item);
    if (id === null) throw badRequest(`${name} must be positive integers`);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The `language` header picks the stored texts; unknown or missing values use the product default zh-CN. */
export function languageOf(c: Context): Language {
  const header = (c.req.header('language') ?? '').trim().toLowerCase();
  return header.startsWith('en') ? 'en-US' : 'zh-CN';
}

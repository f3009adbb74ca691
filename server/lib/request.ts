import type { Context } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { checkMobile, checkName, checkPassword, checkSmsCode } from '../../src/core/validate.ts';
import { badRequest, ruleError } from './errors.ts';
import type { Language } from './types.ts';

// Reading a request: the body, typed values, paging, id lists and the spec §5 rules. Every route reads its input
// through these, so one parameter is accepted (and refused, in the same words) the same way everywhere.

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

// The same rule functions as the client (src/core/validate.ts), so a bypassed client meets identical limits.
export function requireMobile(value: unknown): string {
  const mobile = asString(value).trim();
  const rule = checkMobile(mobile);
  if (rule) throw ruleError(ErrorCode.MOBILE_INVALID, rule);
  return mobile;
}

export function requireSmsCode(value: unknown): string {
  const code = asString(value).trim();
  const rule = checkSmsCode(code);
  if (rule) throw ruleError(ErrorCode.SMS_CODE_INVALID, rule);
  return code;
}

export function requirePassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  const rule = checkPassword(password);
  if (rule) throw ruleError(ErrorCode.PASSWORD_INVALID, rule);
  return password;
}

/** Nickname, device and group names: 1-20 characters after trim, an emoji counting as one (spec §5). */
export function requireName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  const rule = checkName(name);
  if (rule) throw ruleError(ErrorCode.NAME_INVALID, rule);
  return name;
}

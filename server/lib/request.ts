import type { Context } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { checkMobile, checkName, checkPassword, checkSmsCode } from '../../src/core/validate.ts';
import type { RuleKey } from '../../src/core/validate.ts';
import { ApiError, badRequest } from './envelope.ts';
import type { Language } from './types.ts';

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

/** The `language` header picks the stored texts; unknown or missing values use the product default zh-CN. */
export function languageOf(c: Context): Language {
  const header = (c.req.header('language') ?? '').trim().toLowerCase();
  return header.startsWith('en') ? 'en-US' : 'zh-CN';
}

const RULE_MESSAGES: Record<RuleKey, string> = {
  'validate.mobileRequired': 'Please enter the mobile number',
  'validate.mobileInvalid': 'Phone no is incorrect',
  'validate.codeRequired': 'Please enter the verification code',
  'validate.codeInvalid': 'Verification code must be 4-6 digits',
  'validate.passwordRequired': 'Please enter the password',
  'validate.passwordInvalid': 'Password must be 6-20 letters and digits',
  'validate.passwordsDiffer': 'Two consecutive passwords do not match',
  'validate.nameRequired': 'Please enter a name',
  'validate.nameTooLong': 'Name must be at most 20 characters',
};

// The same rule functions as the client (src/core/validate.ts), so a bypassed client meets identical limits.
export function requireMobile(value: unknown): string {
  const mobile = asString(value).trim();
  const rule = checkMobile(mobile);
  if (rule) throw new ApiError(ErrorCode.MOBILE_INVALID, RULE_MESSAGES[rule]);
  return mobile;
}

export function requireSmsCode(value: unknown): string {
  const code = asString(value).trim();
  const rule = checkSmsCode(code);
  if (rule) throw new ApiError(ErrorCode.SMS_CODE_INVALID, RULE_MESSAGES[rule]);
  return code;
}

export function requirePassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  const rule = checkPassword(password);
  if (rule) throw new ApiError(ErrorCode.PASSWORD_INVALID, RULE_MESSAGES[rule]);
  return password;
}

/** Nickname (and later device and group names): 1-20 characters after trim, an emoji counting as one (spec §5). */
export function requireName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  const rule = checkName(name);
  if (rule) throw new ApiError(ErrorCode.NAME_INVALID, RULE_MESSAGES[rule]);
  return name;
}

/**
 * The grant vocabulary and limits both sides hold to (spec §4, §5, §9; server/API.md "Grants"): grant modes,
 * permissions and statuses, the days a grant may run, the quick choices the page offers, how many phones one account
 * may hold by grant, and what a grant code looks like. Plain values, no schema code, so the client may import them
 * at run time. The schemas that use them are in grants.ts.
 */
import { DAY_MS } from './time-units.ts';

/** By account (mobile number or user number: the grantee is known at once) or by a code someone redeems. */
export const GRANT_MODES = ['account', 'code'] as const;
export type GrantMode = (typeof GRANT_MODES)[number];

/** Spec §1: view-only or controllable (the owner keeps priority: stream roles). */
export const GRANT_PERMISSIONS = ['control', 'view'] as const;
export type GrantPermission = (typeof GRANT_PERMISSIONS)[number];

/**
 * What the owner's records show: a code not yet redeemed (`pending`), a live grant (`active`), one the owner revoked,
 * one past its end (its days, or the phone's expiry), one ended because the phone changed hands (`transferred`).
 */
export const GRANT_STATUSES = ['pending', 'active', 'revoked', 'expired', 'transferred'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** Spec §5, §9: whole days, 1-999, and never more than the phone's remaining time. */
export const GRANT_DAYS = { min: 1, max: 999 } as const;
/** Spec §9: the quick choices shown beside the days field. */
export const GRANT_DAY_OPTIONS = [1, 3, 7] as const;
/** Spec §9: the most phones one account may hold by live grants (codes count once redeemed). */
export const GRANT_MAX_PHONES_PER_GRANTEE = 20;
/** The owner's records, page by page. */
export const GRANT_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * A grant code: 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L), typable from a screenshot or a
 * message: 31^12, about 59 bits, with code guesses throttled per account and per address.
 */
export const GRANT_CODE_LENGTH = 12;
export const GRANT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** What a typed code is read as: spaces and dashes dropped, letters upper-cased (codes are shown in capitals). */
export function normalizeGrantCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a (normalized) code has the form of a grant code: the format is checked before any lookup. */
export function isGrantCode(code: string): boolean {
  return code.length === GRANT_CODE_LENGTH && [...code].every((ch) => GRANT_CODE_ALPHABET.includes(ch));
}

/** Days as typed (a number or its digits), or null when they are not a whole number of 1-999. */
export function grantDaysOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const days = Number(text);
  return days >= GRANT_DAYS.min && days <= GRANT_DAYS.max ? days : null;
}

/** The most days a phone with `remainingMs` left may be granted for: whole days it still has, at most 999. */
export function maxGrantDays(remainingMs: number): number {
  return Math.max(0, Math.min(GRANT_DAYS.max, Math.floor(remainingMs / DAY_MS)));
}

/**
 * Spec §5 for the grant form, checked before the call (the server checks the same with its own codes): days
 * required, a whole number, 1-999, and no more than the phone's remaining whole days; in account mode the account,
 * a mobile number or a user number (the transfer's receiver rule); a code of the grant-code form.
 */
import type { MessageKey } from '../core/i18n/index.ts';
import { accountInputProblem } from '../../shared/contract/account-words.ts';
import { GRANT_DAYS, isGrantCode, normalizeGrantCode } from '../../shared/contract/grant-words.ts';

export interface RuleMessage {
  key: MessageKey;
  params?: Record<string, number>;
}

/** The days as typed against `max` (the phone's remaining whole days, at most 999); null when they pass. */
export function checkGrantDays(text: string, max: number): RuleMessage | null {
  const value = text.trim();
  if (!value) return { key: 'grant.create.daysRequired' };
  if (!/^\d+$/.test(value)) return { key: 'grant.create.daysInteger' };
  const days = Number(value);
  if (days < GRANT_DAYS.min || days > GRANT_DAYS.max) return { key: 'grant.create.daysRange', params: { max: GRANT_DAYS.max } };
  if (days > max) return { key: 'grant.create.daysOverRemaining', params: { max } };
  return null;
}

export function checkGrantAccount(text: string): RuleMessage | null {
  const problem = accountInputProblem(text);
  if (!problem) return null;
  return { key: problem === 'required' ? 'grant.create.accountRequired' : 'grant.create.accountInvalid' };
}

export function checkGrantCodeInput(text: string): RuleMessage | null {
  const code = normalizeGrantCode(text);
  if (!code) return { key: 'grant.use.codeRequired' };
  return isGrantCode(code) ? null : { key: 'grant.use.codeFormat' };
}

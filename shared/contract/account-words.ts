/**
 * The account vocabulary both sides hold to (server/API.md "Authentication"): plain values, no schema code, so the
 * client may import them at run time. The schemas that use them are in account.ts.
 */
import { checkMobile } from '../validate.ts';

/**
 * What an SMS code is for (a code of one scene never works for another): 1 login, 2 the old number of a change,
 * 3 the new number, 4 reset password, 5 closing the account (unregister).
 */
export const SmsScene = { LOGIN: 1, CHANGE_MOBILE_OLD: 2, CHANGE_MOBILE_NEW: 3, RESET_PASSWORD: 4, UNREGISTER: 5 } as const;
export type SmsSceneValue = (typeof SmsScene)[keyof typeof SmsScene];

/** A user number: digits only (this server draws 8). */
const USER_NO = /^\d{4,20}$/;

export type AccountKind = 'mobile' | 'userNo';

/**
 * How a typed account reads (a transfer's receiver, a grant's grantee): a mobile number (11 digits starting 13 to 19,
 * checkMobile), else a user number (4-20 digits), else nothing. The server looks up either form whatever the shape;
 * this is the forms' rule for the fields.
 */
export function accountKind(value: string): AccountKind | null {
  const text = value.trim();
  if (!checkMobile(text)) return 'mobile';
  return USER_NO.test(text) ? 'userNo' : null;
}

/** What is wrong with a typed account before any call: missing, or of neither form; null when it may be asked for. */
export function accountInputProblem(value: string): 'required' | 'invalid' | null {
  if (!value.trim()) return 'required';
  return accountKind(value) ? null : 'invalid';
}

/**
 * Input rules of spec §5, shared by the client (messages next to fields) and the reference server
 * (which refuses the same inputs when a request bypasses the client). Each check returns the i18n key
 * of what is wrong (see core/i18n `validate.*`) or null when the value is acceptable.
 */

export type RuleKey =
  | 'validate.mobileRequired'
  | 'validate.mobileInvalid'
  | 'validate.codeRequired'
  | 'validate.codeInvalid'
  | 'validate.passwordRequired'
  | 'validate.passwordInvalid'
  | 'validate.passwordsDiffer'
  | 'validate.nameRequired'
  | 'validate.nameInvalidCharacters'
  | 'validate.nameTooLong';

/** Mainland China mobile numbers: 11 digits starting 13-19 (the demo data and the SMS gateway's rule). */
const MOBILE = /^1[3-9]\d{9}$/;
/** SMS verification code: 4-6 digits (spec §5). */
const SMS_CODE = /^\d{4,6}$/;
/** Password: 6-20 letters and digits, case-sensitive (spec §5). */
const PASSWORD = /^[A-Za-z0-9]{6,20}$/;

export const NAME_MAX = 20;
/**
 * Characters a name must not hold: C0/C1 controls (NUL among them) and the invisible marks that change text
 * direction (embeddings, overrides, isolates, LRM/RLM). A right-to-left override turns "evil.exe" into a name that
 * reads differently on every screen that shows it, other users' included.
 */
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function checkMobile(value: string): RuleKey | null {
  const v = value.trim();
  if (!v) return 'validate.mobileRequired';
  return MOBILE.test(v) ? null : 'validate.mobileInvalid';
}

export function checkSmsCode(value: string): RuleKey | null {
  const v = value.trim();
  if (!v) return 'validate.codeRequired';
  return SMS_CODE.test(v) ? null : 'validate.codeInvalid';
}

export function checkPassword(value: string): RuleKey | null {
  if (!value) return 'validate.passwordRequired';
  return PASSWORD.test(value) ? null : 'validate.passwordInvalid';
}

/** The second entry must equal the first, case-sensitively ("Two consecutive passwords do not match."). */
export function checkPasswordRepeat(first: string, second: string): RuleKey | null {
  if (!second) return 'validate.passwordRequired';
  return first === second ? null : 'validate.passwordsDiffer';
}

/**
 * Nickname, device name, group name: 1-20 characters (counted as user-perceived characters, so an emoji is one),
 * none of them a control or text-direction character.
 */
export function checkName(value: string): RuleKey | null {
  const v = value.trim();
  if (!v) return 'validate.nameRequired';
  if (NAME_FORBIDDEN.test(v)) return 'validate.nameInvalidCharacters';
  return [...v].length > NAME_MAX ? 'validate.nameTooLong' : null;
}

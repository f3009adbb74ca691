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
/**
 * Characters that draw nothing where a name is shown, so "默认\u200B分组" would pass for the reserved default group
 * and a name of fillers alone looks empty: the zero-width space, word joiner and byte-order mark, the soft hyphen, the
 * line and paragraph separators, the Mongolian vowel separator and the Hangul fillers. The zero-width joiner stays
 * allowed (it joins emoji: 👨‍👩‍👧), and so does the non-joiner (Persian and Indic spelling).
 */
const NAME_INVISIBLE = /[\u00ad\u115f\u1160\u180e\u200b\u2028\u2029\u2060\u3164\ufeff\uffa0]/;
/** Half of a surrogate pair with no other half: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Combining marks stacked on one letter: scripts that use them need at most a few; more only smear over other text. */
const MARK_PILE = /\p{M}{5,}/u;
/** What a name needs at least one of: something that is not a space, a joiner, a variation selector or a mark. */
const VISIBLE = /[^\s\u200c\u200d\ufe00-\ufe0f\p{M}]/u;

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
 * none of them a control, text-direction or invisible character, at least one of them visible.
 */
export function checkName(value: string): RuleKey | null {
  // Composed (NFC) as stored: "é" typed as e + combining accent is one character, as the user sees it.
  const v = value.trim().normalize('NFC');
  if (!v) return 'validate.nameRequired';
  if (NAME_FORBIDDEN.test(v) || NAME_INVISIBLE.test(v) || LONE_SURROGATE.test(v) || MARK_PILE.test(v) || !VISIBLE.test(v)) {
    return 'validate.nameInvalidCharacters';
  }
  return [...v].length > NAME_MAX ? 'validate.nameTooLong' : null;
}

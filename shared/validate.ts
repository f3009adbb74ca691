/**
 * The input rules (mobile number, SMS code, password, names; spec §5), shared by the client (messages next to
 * fields) and the reference server (which refuses the same inputs when a request bypasses the client). Each check
 * returns the i18n key of what is wrong (see src/core/i18n `validate.*`) or null when the value is acceptable.
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
 * What a name must not hold, by Unicode category rather than by a list of known offenders (each Unicode version adds
 * invisibles, and they land in the same categories):
 * - controls (Cc: NUL, tab, C1), format characters (Cf: direction marks, embeddings, overrides and isolates, zero-width
 *   spaces, invisible operators, tag characters, interlinear annotation marks), private use (Co: draws whatever a font
 *   puts there), unassigned code points (Cn), surrogates (Cs: only an unpaired half can occur in a string), line and
 *   paragraph separators (Zl, Zp);
 * - space separators (Zs) other than the plain space: no-break, en, em, thin, hair and ideographic spaces look like a
 *   space, or like nothing, and let "Default\u00A0group" differ from a name it passes for (one space, one spelling);
 * - default-ignorable code points, which a font draws as nothing by definition (combining grapheme joiner, Hangul
 *   fillers, Khmer inherent vowels, soft hyphen), and the blank braille pattern U+2800, a symbol that is blank.
 * A right-to-left override turns "evil.exe" into a name that reads differently on every screen that shows it.
 *
 * Kept, because real text needs them: the zero-width joiner and non-joiner (emoji sequences 👨‍👩‍👧; Persian and Indic
 * spelling), variation selectors (emoji and CJK presentation) and Mongolian free variation selectors.
 */
const NAME_FORBIDDEN =
  /(?![ \u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}\u180b-\u180d\u180f])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}\u2800]/u;
/**
 * Tag characters are allowed only as an emoji flag sequence (🏴, two to six tag letters or digits, the cancel tag: the
 * flags of England, Scotland and Wales), which is taken out before the check above.
 */
const EMOJI_TAG_SEQUENCE = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{2,6}\u{e007f}/gu;
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
 * Nickname, device name, group name: 1-20 characters (counted as code points after composition, so an accented
 * letter or a single emoji is one), none of them of a refused category (NAME_FORBIDDEN), at least one of them visible.
 */
export function checkName(value: string): RuleKey | null {
  // Composed (NFC) as stored: "é" typed as e + combining accent is one character, as the user sees it.
  const v = value.trim().normalize('NFC');
  if (!v) return 'validate.nameRequired';
  const flagsAsOne = v.replace(EMOJI_TAG_SEQUENCE, '\u{1f3f4}');
  if (NAME_FORBIDDEN.test(flagsAsOne) || MARK_PILE.test(v) || !VISIBLE.test(flagsAsOne)) {
    return 'validate.nameInvalidCharacters';
  }
  return [...v].length > NAME_MAX ? 'validate.nameTooLong' : null;
}

/**
 * Spec §5 rules for activation and redeem codes, pure so the pages, the unit test and the contract share them (the
 * server checks requests with these same functions: shared/contract/shop-codes.ts). Activation codes: 12 letters or
 * digits, case-sensitive (`ABC…` and `abc…` are two codes); several may be pasted separated by newlines, spaces or
 * commas; duplicates are dropped and counted. Redeem code: non-empty, at most 20 letters or digits. The lengths and
 * the codes per call are the contract's (shared/contract/shop-words.ts).
 */
import { MAX_CODES_PER_CALL, REDEEM_CODE_MAX } from './contract/shop-words.ts';

export { MAX_CODES_PER_CALL };

/** ACTIVATION_CODE_LENGTH letters or digits. */
const ACTIVATION_CODE = /^[A-Za-z0-9]{12}$/;
const LETTERS_OR_DIGITS = /^[A-Za-z0-9]+$/;
/** Full-width commas too: a Chinese keyboard types "，" where an English one types ",". */
const SEPARATORS = /[\s,，]+/;

export interface CodeEntry {
  code: string;
  /** Exactly 12 letters or digits. */
  valid: boolean;
}

export interface CodeList {
  /** Each distinct code once, in the order first pasted. */
  entries: CodeEntry[];
  /** How many repeats were dropped. */
  duplicates: number;
  /** The codes that are not 12 letters or digits, in order. */
  invalid: string[];
  /** The well-formed codes, in order. */
  valid: string[];
}

export function isActivationCode(code: string): boolean {
  return ACTIVATION_CODE.test(code);
}

/** Splits pasted text into codes: trimmed, empties dropped, exact repeats dropped (case-sensitive) and counted. */
export function parseCodeList(text: string): CodeList {
  const seen = new Set<string>();
  const entries: CodeEntry[] = [];
  let duplicates = 0;
  for (const piece of text.split(SEPARATORS)) {
    const code = piece.trim();
    if (!code) continue;
    if (seen.has(code)) {
      duplicates++;
      continue;
    }
    seen.add(code);
    entries.push({ code, valid: isActivationCode(code) });
  }
  return {
    entries,
    duplicates,
    invalid: entries.filter((entry) => !entry.valid).map((entry) => entry.code),
    valid: entries.filter((entry) => entry.valid).map((entry) => entry.code),
  };
}

export type CodeListRule = 'shop.codes.input.none' | 'shop.codes.input.fixInvalid' | 'shop.codes.input.tooMany';

/** Whether a parsed list can be sent: at least one code, none malformed, at most 20. */
export function checkCodeList(list: CodeList): CodeListRule | null {
  if (!list.entries.length) return 'shop.codes.input.none';
  if (list.invalid.length) return 'shop.codes.input.fixInvalid';
  return list.valid.length > MAX_CODES_PER_CALL ? 'shop.codes.input.tooMany' : null;
}

export type RedeemCodeRule = 'shop.codes.redeem.required' | 'shop.codes.redeem.tooLong' | 'shop.codes.redeem.invalid';

/** The i18n key of what is wrong with a redeem code, or null. Surrounding spaces do not count. */
export function checkRedeemCode(value: string): RedeemCodeRule | null {
  const code = value.trim();
  if (!code) return 'shop.codes.redeem.required';
  if (code.length > REDEEM_CODE_MAX) return 'shop.codes.redeem.tooLong';
  return LETTERS_OR_DIGITS.test(code) ? null : 'shop.codes.redeem.invalid';
}

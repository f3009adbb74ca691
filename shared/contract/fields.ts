/**
 * Request fields both sides name the same way, with the reading rules the server has always applied: numbers and
 * numeric strings are both accepted where an id is expected (query values are always strings, and hand-written
 * clients often send `mobile: 138...`), and a broken input rule (mobile, SMS code, password, name; spec §5) answers
 * its own reply code, never a generic 400.
 *
 * Types are strict otherwise: a text field takes a string (or nothing, read as ''), never a boolean, an object, an
 * array or a number (a number only where a field says so: a mobile number, an SMS code, an account named by its
 * digits); an optional field refuses a value of the wrong type rather than taking its default. A wrong type is a 400
 * that names the field ("name must be a string").
 *
 * An issue message of the form `#<code> <text>` names the reply code the server answers with (server/lib/contract-route.ts);
 * `<text>` is an input rule key (shared/validate.ts) or the message itself. Any other message is a 400 that reads
 * `<field> <message>`.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { checkMobile, checkName, checkPassword, checkSmsCode } from '../validate.ts';
import type { RuleKey } from '../validate.ts';
import { lookalikeKey } from '../name-lookalike.ts';

/** A message that makes the server answer `code` (see the header). */
export const coded = (code: number, text: string): string => `#${code} ${text}`;

/** Strings as they are, finite numbers as their text, anything else as '' (a missing field reads as empty). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A positive integer from a JSON number or a numeric string, else null. */
export function asPositiveInt(value: unknown): number | null {
  const text = asText(value).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Any value, typed for the sender as `T`: the checks that follow decide. */
export const anything = <T>() => v.custom<T>(() => true);

/** A field left out (undefined) or sent as JSON null: text fields read it as '', and their own checks judge that. */
export const isAbsent = (value: unknown): value is undefined | null => value === undefined || value === null;

/**
 * Text as sent: a string, or absent (read as ''); any other type is a 400 naming the field. With `numbers`, a finite
 * number is also taken, as its digits.
 */
function textOf<T extends string = string>(numbers: boolean) {
  const message = numbers ? 'must be a string or a number' : 'must be a string';
  return v.pipe(
    anything<T>(),
    v.check((sent) => {
      const value: unknown = sent;
      return isAbsent(value) || typeof value === 'string' || (numbers && typeof value === 'number' && Number.isFinite(value));
    }, message),
    v.transform<T, string>(asText),
  );
}

/** A text field: a string, absent read as ''; a boolean, a number, an object or an array is a 400. */
export const Text = textOf(false);
/**
 * A text field that also takes a JSON number as its digits, for what people type as digits and hand-written clients
 * send as numbers: mobiles, SMS, invite, grant and redeem codes, accounts named by mobile or user number.
 */
export const TextOrNumber = textOf(true);
/** A text field the sender types as one of its words (`T`); a picklist that follows decides. */
export const textAs = <T extends string>() => textOf<T>(false);

/** Fails with `code` and the rule key `check` names when it refuses the text. */
function ruleCheck(code: number, check: (value: string) => RuleKey | null) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    const rule = dataset.typed ? check(dataset.value) : null;
    if (rule) addIssue({ message: coded(code, rule) });
  });
}

/**
 * A text field held to an input rule of shared/validate.ts whose failures answer `code`. `read` turns the text into
 * what the rule sees. Numbers count for numeric fields (a mobile number), not for names and passwords.
 */
function ruleField(code: number, check: (value: string) => RuleKey | null, read: (value: string) => string, numbers: boolean) {
  return v.pipe(textOf(numbers), v.transform<string, string>(read), ruleCheck(code, check));
}

/** Trimmed and composed (NFC), as names are stored. */
const nameForm = (value: string) => value.trim().normalize('NFC');

export const Mobile = ruleField(ErrorCode.MOBILE_INVALID, checkMobile, (value) => value.trim(), true);
export const SmsCode = ruleField(ErrorCode.SMS_CODE_INVALID, checkSmsCode, (value) => value.trim(), true);
/** Passwords are taken as typed: a space is a character like any other (and refused by the rule). */
export const Password = ruleField(ErrorCode.PASSWORD_INVALID, checkPassword, (value) => value, false);
/** Nickname, device and group names: 1-20 characters after trim, an emoji counting as one (spec §5). */
/** Stored composed (NFC), so one name has one spelling: uniqueness and the reserved names compare as users read. */
export const Name = ruleField(ErrorCode.NAME_INVALID, checkName, nameForm, false);
/** A name that may be left out (absent or '': the server then names the caller); spaces alone are a name, refused. */
export const NameOrEmpty = v.pipe(
  Text,
  ruleCheck(ErrorCode.NAME_INVALID, (sent) => (sent === '' ? null : checkName(nameForm(sent)))),
  v.transform<string, string>(nameForm),
);

/**
 * A name that must not pass for one of `reserved` (compared by lookalikeKey, before Name's 1-20 character rule, so
 * that "Default\u00A0group" is refused as the reserved name it imitates): such a name fails with `message` (a coded
 * one).
 */
export function unreservedName(reserved: readonly string[], message: string) {
  const keys = new Set(reserved.map(lookalikeKey));
  return v.pipe(
    Text,
    v.transform<string, string>(nameForm),
    v.check((name) => !keys.has(lookalikeKey(name)), message),
    ruleCheck(ErrorCode.NAME_INVALID, checkName),
  );
}

/** A required positive integer. */
export const Id = v.pipe(
  anything<number>(),
  v.check((value) => asPositiveInt(value) !== null, 'must be a positive integer'),
  v.transform<number, number>((value) => asPositiveInt(value) ?? 0),
);

/** An optional positive integer: absent (undefined, null or '') is null; present but malformed is a 400. */
export const OptionalId = v.pipe(
  v.optional(anything<number | null>(), null),
  v.transform<number | null, unknown>((value: unknown) => (typeof value === 'string' ? value.trim() : value)),
  v.check((value) => value === undefined || value === null || value === '' || asPositiveInt(value) !== null, 'must be a positive integer'),
  v.transform((value) => asPositiveInt(value)),
);

/**
 * An id looked up as it is: a number or a string that is not a positive integer (or no id at all) is null, which the
 * lookup then refuses with the domain's own "does not exist" code rather than a 400. Another type (a boolean, an
 * object, an array) is not an id of any kind: a 400.
 */
export const LookupId = v.pipe(
  anything<number>(),
  v.check((sent) => {
    const value: unknown = sent;
    return isAbsent(value) || typeof value === 'number' || typeof value === 'string';
  }, 'must be a positive integer'),
  v.transform<number, number | null>(asPositiveInt),
);

/** A query value, trimmed: absent reads as '' (a repeated one is a 400, as for every single-valued field). */
export const QueryText = v.pipe(v.optional(v.string(), ''), v.trim());

/** `true` or `false`, nothing else. */
export const Flag = v.boolean('must be true or false');

/** pageNo (default 1) and pageSize (default `defaultSize`, at most `maxSize`): spread into a query object. */
export function paging(defaultSize: number, maxSize: number) {
  return {
    pageNo: v.pipe(OptionalId, v.transform((n) => n ?? 1)),
    pageSize: v.pipe(
      OptionalId,
      v.transform((n) => n ?? defaultSize),
      v.check((n) => n <= maxSize, `must be 1-${maxSize}`),
    ),
  };
}

/**
 * A list of ids from a JSON array or repeated query values (a comma-separated value is split too, for hand-written
 * clients), in the order given, repeats dropped (a batch never acts twice on one phone): 1 to `max` of them.
 */
export function idList(max: number, tooMany = coded(ErrorCode.BATCH_LIMIT_EXCEEDED, `At most ${max} devices at once`)) {
  return v.pipe(
    anything<number[]>(),
    v.transform<number[], (number | null)[]>((value: unknown) => {
      const raw: unknown[] = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
      return raw.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])).map(asPositiveInt);
    }),
    v.check((ids) => !ids.includes(null), 'must be positive integers'),
    v.transform((ids) => [...new Set(ids as number[])]),
    v.check((ids) => ids.length > 0, 'is required'),
    v.check((ids) => ids.length <= max, tooMany),
  );
}

/** One phone's result in a batch call: a refused phone does not stop the others. */
export const BatchEntry = v.strictObject({
  userPhoneId: v.number(),
  success: v.boolean(),
  code: v.number(),
  msg: v.string(),
  url: v.optional(v.string()),
});

/** A page of a list: its rows and how many there are in all. */
export const pageOf = <S extends v.GenericSchema>(row: S) => v.strictObject({ list: v.array(row), total: v.number() });

/** A reply that only says the call succeeded. */
export const Done = v.boolean();

// The server's settings are rows of one table (server/configuration.ts): a variable's name, its type, its default
// and what it does. Each type has one parser, so a word means the same in every variable (`true` is true wherever a
// boolean is read), and a value a parser refuses stops the start with the variable's name and what it must be.

/** A set value a type's parser does not accept: what it must be, and how to show what was given. */
export class Refusal {
  constructor(
    readonly must: string,
    readonly got?: string,
  ) {}
}

export interface ValueType<T> {
  /** The type column of the README's configuration table. */
  readonly name: string;
  /** The value a set, non-empty text stands for. */
  parse(text: string): T | Refusal;
  /** A value as the README's default column writes it (inside backticks). */
  show(value: T): string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

function integerFrom(text: string, least: number, must: string): number | Refusal {
  // Digits only: Number() would also take "1e3", "0x10" or " 5 ", which no operator means as a count.
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value) && value >= least ? value : new Refusal(must);
}

export const positiveInteger: ValueType<number> = {
  name: 'positive integer',
  parse: (text) => integerFrom(text, 1, 'a positive integer'),
  show: String,
};

export const wholeNumber: ValueType<number> = {
  name: 'integer ≥ 0',
  parse: (text) => integerFrom(text, 0, 'an integer of 0 or more'),
  show: String,
};

/** The one boolean rule: 1 or true, 0 or false, in any case; anything else (yes, on, 2) is refused, not guessed. */
export const boolean: ValueType<boolean> = {
  name: 'boolean',
  parse(text) {
    const word = text.toLowerCase();
    if (word === '1' || word === 'true') return true;
    if (word === '0' || word === 'false') return false;
    return new Refusal('1, true, 0 or false');
  },
  show: String,
};

/** One of a few words, exactly as written. */
export function oneOf<const W extends string>(...words: W[]): ValueType<W> {
  const must = words.map((word) => `"${word}"`).join(' or ');
  return {
    name: words.join(' or '),
    parse: (text) => ((words as string[]).includes(text) ? (text as W) : new Refusal(must)),
    show: (value) => value,
  };
}

export const text: ValueType<string> = { name: 'text', parse: (value) => value, show: (value) => value };

/** A file system path, relative to the folder the server starts in. */
export const path: ValueType<string> = { name: 'path', parse: (value) => value, show: (value) => value };

export const httpUrl: ValueType<string> = {
  name: 'http(s) URL',
  parse(value) {
    let protocol = '';
    try {
      protocol = new URL(value).protocol;
    } catch {
      // not a URL at all: refused below like any other scheme
    }
    return protocol === 'http:' || protocol === 'https:' ? value : new Refusal('an http or https URL');
  },
  show: (value) => value,
};

/** Text with what could be a URL's password (between "user:" and "@") left out, to be echoed in an error. */
const withoutPassword = (value: string) => JSON.stringify(value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1…@'));

/** A PostgreSQL connection URL (`postgres://` or `postgresql://`); a refused one is echoed without its password. */
export const postgresUrl: ValueType<string> = {
  name: 'postgres:// URL',
  // The scheme only: node-postgres reads the rest, which may leave the host out (a socket folder in `?host=`), as the
  // WHATWG URL parser does not allow.
  parse: (value) => (/^postgres(ql)?:\/\//.test(value) ? value : new Refusal('a postgres:// or postgresql:// URL', withoutPassword(value))),
  show: (value) => value,
};

/** One row of the table; its value is `V` (the type's value, or undefined when the row has no default). */
export interface Setting<V> {
  readonly name: string;
  readonly typeName: string;
  readonly fallback: V;
  /** The README's default column: the default in backticks, or `unset`. */
  readonly shownDefault: string;
  /** The README's "what it does" column, word for word. */
  readonly description: string;
  parse(text: string): V | Refusal;
}

export function setting<T>(name: string, type: ValueType<T>, fallback: T, description: string): Setting<T> {
  return { name, typeName: type.name, fallback, shownDefault: `\`${type.show(fallback)}\``, description, parse: (value) => type.parse(value) };
}

/** A row without a default: its value is undefined when the variable is unset or empty. */
export function optional<T>(name: string, type: ValueType<T>, description: string): Setting<T | undefined> {
  return { name, typeName: type.name, fallback: undefined, shownDefault: 'unset', description, parse: (value) => type.parse(value) };
}

export type SettingTable = Readonly<Record<string, Setting<unknown>>>;
export type ValuesOf<S extends SettingTable> = { -readonly [K in keyof S]: S[K] extends Setting<infer V> ? V : never };

export interface SettingError {
  name: string;
  message: string;
}

/**
 * Every row's value from `env`: an unset or empty variable takes the row's default, a set one goes through its type's
 * parser. Every refused value is an error naming its variable (the row keeps its default, so the caller can go on
 * checking the others and show all errors at once).
 */
export function readSettings<S extends SettingTable>(table: S, env: Environment): { values: ValuesOf<S>; errors: SettingError[] } {
  const values: Record<string, unknown> = {};
  const errors: SettingError[] = [];
  for (const [key, row] of Object.entries(table)) {
    const given = env[row.name];
    const value = given === undefined || given === '' ? row.fallback : row.parse(given);
    if (value instanceof Refusal) {
      errors.push({ name: row.name, message: `${row.name} must be ${value.must}, got ${value.got ?? JSON.stringify(given)}` });
      values[key] = row.fallback;
    } else {
      values[key] = value;
    }
  }
  return { values: values as ValuesOf<S>, errors };
}

/**
 * SQL written with `?` (or `@name`) placeholders, as SQLite takes it, renumbered to PostgreSQL's `$1…`. A `?` or `@`
 * inside a string literal ('…', E'…'), a quoted name ("…"), a dollar-quoted body ($tag$…$tag$) or a comment is text
 * and stays as it is. One text uses one style: positional `?` or named `@name`; a name used twice is one parameter.
 */
export interface Renumbered {
  text: string;
  /** For named placeholders: the name of `$1`, `$2`, …; empty when the text is positional. */
  names: string[];
  /** How many positional `?` the text holds. */
  positional: number;
}

const WORD = /[A-Za-z0-9_]/;
const NAME_START = /[A-Za-z_]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Where the literal, quoted name or comment starting at `start` ends (the index just after it). */
function skipQuoted(sql: string, start: number): number {
  const char = sql[start];
  const next = sql[start + 1];
  if (char === "'") {
    const escapes = start > 0 && /[eE]/.test(sql[start - 1]!) && (start < 2 || !WORD.test(sql[start - 2]!));
    for (let i = start + 1; i < sql.length; i++) {
      if (escapes && sql[i] === '\\') i++;
      else if (sql[i] === "'") {
        if (sql[i + 1] === "'") i++;
        else return i + 1;
      }
    }
    return sql.length;
  }
  if (char === '"') {
    for (let i = start + 1; i < sql.length; i++) {
      if (sql[i] === '"') {
        if (sql[i + 1] === '"') i++;
        else return i + 1;
      }
    }
    return sql.length;
  }
  if (char === '-' && next === '-') {
    const end = sql.indexOf('\n', start);
    return end < 0 ? sql.length : end + 1;
  }
  if (char === '/' && next === '*') {
    // PostgreSQL nests block comments.
    let depth = 0;
    for (let i = start; i < sql.length - 1; i++) {
      if (sql[i] === '/' && sql[i + 1] === '*') {
        depth++;
        i++;
      } else if (sql[i] === '*' && sql[i + 1] === '/') {
        depth--;
        i++;
        if (depth === 0) return i + 1;
      }
    }
    return sql.length;
  }
  if (char === '$' && (start === 0 || !WORD.test(sql[start - 1]!))) {
    const tag = DOLLAR_TAG.exec(sql.slice(start, start + 64));
    if (tag) {
      const end = sql.indexOf(tag[0], start + tag[0].length);
      return end < 0 ? sql.length : end + tag[0].length;
    }
  }
  return start;
}

export function renumber(sql: string): Renumbered {
  const names: string[] = [];
  let positional = 0;
  let text = '';
  let i = 0;
  while (i < sql.length) {
    const skipped = skipQuoted(sql, i);
    if (skipped > i) {
      text += sql.slice(i, skipped);
      i = skipped;
      continue;
    }
    const char = sql[i]!;
    if (char === '?') {
      positional++;
      text += `$${positional}`;
      i++;
    } else if (char === '@' && NAME_START.test(sql[i + 1] ?? '') && (i === 0 || !WORD.test(sql[i - 1]!))) {
      let end = i + 1;
      while (end < sql.length && WORD.test(sql[end]!)) end++;
      const name = sql.slice(i + 1, end);
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      text += `$${index + 1}`;
      i = end;
    } else {
      text += char;
      i++;
    }
  }
  if (positional > 0 && names.length > 0) throw new TypeError('SQL mixes ? and @name placeholders');
  return { text, names, positional };
}

/** Renumbered texts by their SQL, kept while the set stays small (the server's SQL is a fixed set of texts). */
const cache = new Map<string, Renumbered>();
const CACHE_LIMIT = 2000;

export function renumbered(sql: string): Renumbered {
  let found = cache.get(sql);
  if (!found) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = renumber(sql);
    cache.set(sql, found);
  }
  return found;
}

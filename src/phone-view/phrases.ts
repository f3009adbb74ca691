/**
 * Common phrases of the shared clipboard (spec §3, §5: content not empty, no duplicates). Kept on this device per
 * user (the spec names no server call for them), newest first.
 */
export const MAX_PHRASES = 50;
export const MAX_PHRASE_CHARS = 1000;

export type PhraseError = 'empty' | 'duplicate' | 'tooLong' | 'tooMany';
export type PhraseResult = { ok: true; list: string[] } | { ok: false; error: PhraseError };

/** The rule every saved text passes; `except` is the index being edited (it may keep its own text). */
export function checkPhrase(list: readonly string[], text: string, except = -1): PhraseError | null {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  if (Array.from(trimmed).length > MAX_PHRASE_CHARS) return 'tooLong';
  if (list.some((entry, index) => index !== except && entry === trimmed)) return 'duplicate';
  return null;
}

export function addPhrase(list: readonly string[], text: string): PhraseResult {
  const error = checkPhrase(list, text) ?? (list.length >= MAX_PHRASES ? 'tooMany' : null);
  return error ? { ok: false, error } : { ok: true, list: [text.trim(), ...list] };
}

export function editPhrase(list: readonly string[], index: number, text: string): PhraseResult {
  const error = checkPhrase(list, text, index);
  if (error) return { ok: false, error };
  return { ok: true, list: list.map((entry, i) => (i === index ? text.trim() : entry)) };
}

export function removePhrase(list: readonly string[], index: number): string[] {
  return list.filter((_, i) => i !== index);
}

const STORAGE_KEY = 'commonPhrases';

type Stored = Record<string, string[]>;

function readAll(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

export function loadPhrases(userKey: string): string[] {
  const list = readAll()[userKey];
  return Array.isArray(list) ? list.filter((entry) => typeof entry === 'string') : [];
}

export function savePhrases(userKey: string, list: readonly string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [userKey]: list }));
  } catch {
    // Storage full or blocked (private mode): the phrases still work for this visit.
  }
}

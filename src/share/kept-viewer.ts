/**
 * What a viewer's browser keeps, under one localStorage key (not a spec §3 key; docs/decisions.md "Storage keys"):
 * the display name last used, and the viewer key of each link joined (the newest few), so a reload or a reopened
 * link comes back as the same viewer at once (no name to type, no look at the link first), and a blocked one stays
 * recognised. Links are told apart by a short tag of their token, not the token itself.
 *
 * It imports nothing: the share link's early start (early-join.ts) reads it before the app has run.
 */
const VIEWER_STORAGE_KEY = 'shareViewer';
const KEPT_LINKS = 10;

interface KeptViewer {
  name: string;
  /** Per link: its tag, the viewer key, and the phone it shows (so a returning viewer's socket opens at once). */
  keys: Array<[tag: string, key: string, userPhoneId: number]>;
}

/** FNV-1a of the token: enough to tell ten links apart, and says nothing of the token. */
function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function readKept(): KeptViewer {
  try {
    const value = JSON.parse(localStorage.getItem(VIEWER_STORAGE_KEY) ?? 'null') as KeptViewer | null;
    if (value && typeof value.name === 'string' && Array.isArray(value.keys)) return value;
  } catch {
    // A foreign or corrupt value reads as nothing kept.
  }
  return { name: '', keys: [] };
}

function writeKept(value: KeptViewer): void {
  try {
    localStorage.setItem(VIEWER_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the page works without it (a reload asks for the name again).
  }
}

export const keptName = (): string => readKept().name;
const keptEntry = (token: string) => readKept().keys.find(([tag]) => tag === tokenTag(token));
export const keptViewerKey = (token: string): string => keptEntry(token)?.[1] ?? '';

/**
 * The phone of a link this browser has a viewer key for (it joined before, or its early start made the key to join
 * with: it goes straight in), or null.
 */
export function returningTo(token: string): number | null {
  const entry = keptEntry(token);
  return entry && Number.isSafeInteger(entry[2]) ? entry[2] : null;
}

/**
 * A viewer key for a first visit, made here so the stream socket can join with it before any answer came back: 18
 * random bytes, base64url (24 characters, as the server's own keys; VIEWER_KEY_PATTERN).
 */
export function newViewerKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/** Keeps the name, and this link's viewer key and phone (first: the newest few are kept). */
export function keepViewer(token: string, name: string, viewerKey: string, userPhoneId: number): void {
  const tag = tokenTag(token);
  const entry: [string, string, number] = [tag, viewerKey, userPhoneId];
  writeKept({ name, keys: [entry, ...readKept().keys.filter(([kept]) => kept !== tag)].slice(0, KEPT_LINKS) });
}

/** The token of the share link a page address carries ('' when none). */
export const tokenOf = (query: URLSearchParams): string => (query.get('token') ?? '').trim();

/** The phone a share link names (`phone=`, which links carry so a first visit can open its stream at once), or null. */
export function linkPhoneOf(query: URLSearchParams): number | null {
  const id = Number(query.get('phone'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The one way the client keeps server data: a cache of queries by key, on signals.
 * - A key (`['shop', 'orders', tab, pageNo]`) names one answer; its state is a signal pages read in render.
 * - The same key is asked once while a request for it is on its way; every caller joins that request.
 * - An answer is kept: a page that comes back shows it at once and asks again behind it (`useQuery`).
 * - A mutation marks the keys it changed stale (`invalidateQueries`); those on screen are asked again at once, the
 *   others when next shown. A request that was on its way when its key was invalidated, or when the session ended
 *   or the client changed, never lands: its answer describes the world before.
 * - Logout and a client switch drop everything (session-events.ts).
 * Written here rather than taken from @tanstack/query-core: its QueryClient and QueryObserver are 9.2 KB gzip against
 * 0.8 KB for this module and use-query.ts, and the pages need neither its retries nor its window-focus refetching
 * (README "Client data").
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { onSessionCleared } from '../session-events.ts';

export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  /** The last answer; undefined until one arrives. Kept while the key is asked again. */
  data: T | undefined;
  /** The last request's failure as thrown, or null. */
  error: unknown;
  /** A request for the key is on its way. */
  loading: boolean;
}

interface Entry {
  key: QueryKey;
  state: Signal<QueryState<unknown>>;
  /** The request on its way, which callers join. */
  request: Promise<unknown> | null;
  /** Bumped by every request and invalidation: only the newest request may write. */
  version: number;
  /** Invalidated since the last answer (or never answered). */
  stale: boolean;
  /** How to ask for it again (the last fetcher a caller gave). */
  fetcher: Fetcher<unknown> | null;
  /** Components showing it now: invalidation asks again at once only for these. */
  observers: number;
  /** Aborts the request on its way (see Fetcher). */
  abort: AbortController | null;
}

const entries = new Map<string, Entry>();
/** Bumped when everything is dropped: a request of the session before never lands. */
let generation = 0;

const EMPTY: QueryState<never> = { data: undefined, error: null, loading: false };

const hashOf = (key: QueryKey) => JSON.stringify(key);

function entryOf(key: QueryKey): Entry {
  const hash = hashOf(key);
  let entry = entries.get(hash);
  if (!entry) {
    entry = { key, state: signal<QueryState<unknown>>(EMPTY), request: null, version: 0, stale: true, fetcher: null, observers: 0, abort: null };
    entries.set(hash, entry);
  }
  return entry;
}

/** The key's state, as a signal a component reads in render (created empty for a key never asked). */
export function queryState<T>(key: QueryKey): ReadonlySignal<QueryState<T>> {
  return entryOf(key).state as Signal<QueryState<T>>;
}

/** The key's answer if there is one. */
export function queryData<T>(key: QueryKey): T | undefined {
  return entries.get(hashOf(key))?.state.value.data as T | undefined;
}

/**
 * How a key is asked for. A fetcher that gathers its answer in several requests (a list page by page) may show each
 * step with `progress`, which writes only while the request is still the key's newest and says whether it was: a
 * fetcher told false stops asking (its key was invalidated, or the session ended). `signal` aborts at that moment
 * too, and when the last page showing the key goes: a fetcher that polls stops there.
 */
export type Fetcher<T> = (progress: (partial: T) => boolean, signal: AbortSignal) => Promise<T>;

/** Asks for the key now, or joins the request for it that is on its way. */
export function fetchQuery<T>(key: QueryKey, fetcher: Fetcher<T>): Promise<T> {
  const entry = entryOf(key);
  entry.fetcher = fetcher;
  // A request told to stop (its last page left) is not joined: it may end without the answer.
  if (entry.request && !entry.abort?.signal.aborted) return entry.request as Promise<T>;
  const version = ++entry.version;
  const born = generation;
  const current = () => born === generation && version === entry.version;
  entry.state.value = { ...entry.state.value, loading: true };
  const progress = (partial: T) => {
    if (!current()) return false;
    entry.state.value = { data: partial, error: null, loading: true };
    return true;
  };
  const controller = new AbortController();
  entry.abort = controller;
  const request = fetcher(progress, controller.signal).then(
    (data) => {
      if (current()) {
        entry.stale = false;
        entry.state.value = { data, error: null, loading: false };
      }
      return data;
    },
    (error: unknown) => {
      if (current()) entry.state.value = { ...entry.state.value, error, loading: false };
      throw error;
    },
  );
  entry.request = request;
  const settle = () => {
    if (entry.request === request) entry.request = null;
    if (entry.abort === controller) entry.abort = null;
  };
  request.then(settle, settle);
  return request;
}

/** The key's answer when it has a fresh one, else asks (or joins the request on its way). */
export function ensureQuery<T>(key: QueryKey, fetcher: Fetcher<T>): Promise<T> {
  const entry = entryOf(key);
  if (!entry.stale && entry.state.value.data !== undefined && !entry.request) return Promise.resolve(entry.state.value.data as T);
  return fetchQuery(key, fetcher);
}

/** Writes an answer the client already knows (a change the server accepted), as if the server had sent it. */
export function setQueryData<T>(key: QueryKey, update: (old: T | undefined) => T): void {
  const entry = entryOf(key);
  entry.state.value = { ...entry.state.value, data: update(entry.state.value.data as T | undefined) };
}

/** Whether `key` starts with `prefix`, element by element. */
function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, index) => hashOf([part]) === hashOf([key[index]]));
}

/**
 * The keys under `prefix` changed on the server: a request on its way for them will not land, those shown now are
 * asked again at once (their answer stays on screen meanwhile), the rest when next shown.
 */
export function invalidateQueries(prefix: QueryKey): void {
  for (const entry of entries.values()) {
    if (!startsWith(entry.key, prefix)) continue;
    entry.stale = true;
    stop(entry);
    if (entry.state.value.loading) entry.state.value = { ...entry.state.value, loading: false };
    if (entry.observers > 0 && entry.fetcher) void fetchQuery(entry.key, entry.fetcher).catch(() => {});
  }
}

/** Empties the keys under `prefix` (a page's answers that must not show on its next visit). */
export function removeQueries(prefix: QueryKey): void {
  for (const entry of entries.values()) if (startsWith(entry.key, prefix)) reset(entry);
}

/**
 * Back to "never asked", no request on its way landing. Entries themselves stay: a module may hold a key's state
 * signal for its computed values (a small object per key asked this visit).
 */
function reset(entry: Entry): void {
  stop(entry);
  entry.stale = true;
  entry.state.value = EMPTY;
}

/** The request on its way will not land, and is told to stop. */
function stop(entry: Entry): void {
  entry.version++;
  entry.request = null;
  entry.abort?.abort();
  entry.abort = null;
}

/**
 * A component shows the key: counted until the returned function is called. When the last one goes, the request on
 * its way is told to stop, and the next visit asks anew; an answer it still brings lands unless that one has begun.
 */
export function observeQuery(key: QueryKey): () => void {
  const entry = entryOf(key);
  entry.observers++;
  return () => {
    if (--entry.observers > 0 || !entry.abort) return;
    entry.abort.abort();
    entry.request = null;
  };
}

/** Everything goes, and no request on its way may land (logout, another client). */
export function clearQueries(): void {
  generation++;
  entries.forEach(reset);
}

onSessionCleared(clearQueries);

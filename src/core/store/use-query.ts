/**
 * A page's view of one query of the store (query-store.ts): the key's answer at once if the store has one, asked
 * again behind it when the page shows it (unless it is younger than `freshFor`), and the state re-rendered as it
 * changes. A key of null asks nothing (the page does not know what to ask yet).
 */
import { useEffect, useMemo, useRef } from 'react';
import { ensureQuery, fetchQuery, observeQuery, queryState, type Fetcher, type QueryKey, type QueryState } from './query-store.ts';

export interface QueryView<T> extends QueryState<T> {
  /** Asks again now (a retry button, a pull to refresh). */
  refetch: () => void;
}

export interface QueryOptions {
  /**
   * Show the stored answer without asking again unless it was invalidated: for data that changes only through this
   * client's own mutations (which invalidate it).
   */
  cached?: boolean;
  /** While a new key has no answer yet (another language, say), keep showing the previous key's. */
  keepPrevious?: boolean;
}

const IDLE: QueryState<never> = { data: undefined, error: null, loading: false };

export function useQuery<T>(key: QueryKey | null, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryView<T> {
  const hash = key ? JSON.stringify(key) : '';
  const state = useMemo(() => (key ? queryState<T>(key) : null), [hash]);
  useEffect(() => {
    if (!key) return;
    const release = observeQuery(key);
    void (options.cached ? ensureQuery(key, fetcher) : fetchQuery(key, fetcher)).catch(() => {});
    return release;
  }, [hash]);
  // Read in render, so the component re-renders when the answer changes.
  const value = state ? state.value : IDLE;
  const previous = useRef<T | undefined>(undefined);
  if (value.data !== undefined) previous.current = value.data;
  const data = value.data ?? (options.keepPrevious ? previous.current : undefined);
  return {
    data,
    error: value.error,
    loading: value.loading || (key !== null && value.data === undefined && value.error === null),
    refetch: () => key && void fetchQuery(key, fetcher).catch(() => {}),
  };
}

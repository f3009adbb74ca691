/**
 * A list read page by page with "load more", as a query of the client store: orders by tab, code records, grant and
 * transfer records. Opening it with another key (a tab) shows that key's pages; a late reply for the tab the user just
 * left lands in that tab's entry, never in the one now shown. core/ui/paged-footer.tsx shows its state under the list.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { fetchQuery, invalidateQueries, queryData, queryState, removeQueries, type QueryKey } from './query-store.ts';

export interface PageReply<T> {
  list: T[];
  total: number;
}

export interface PagedState<T> {
  items: T[];
  total: number;
  loading: boolean;
  /** A first page has arrived since the list was opened. */
  loaded: boolean;
  error: unknown;
}

export interface PagedList<T, K> {
  state: ReadonlySignal<PagedState<T>>;
  /** Starts over with this key (the first page). */
  open(key: K): Promise<void>;
  /** The next page, added under what is shown. */
  more(): Promise<void>;
  /** The first page again, for the same key (after a change, or to retry). */
  reload(): Promise<void>;
  /** Drops everything, and any reply still on its way. */
  forget(): void;
}

export const PAGE_SIZE = 20;

interface Pages<T> {
  items: T[];
  total: number;
  pageNo: number;
}

const EMPTY: PagedState<never> = { items: [], total: 0, loading: false, loaded: false, error: null };

/** `prefix` names the list in the store (`['shop', 'orders']`); a page's key adds the list's key to it. */
export function createPagedList<T, K>(prefix: QueryKey, load: (key: K, pageNo: number, pageSize: number) => Promise<PageReply<T>>): PagedList<T, K> {
  const opened = signal<{ key: K; storeKey: QueryKey } | null>(null);
  const state = computed<PagedState<T>>(() => {
    const current = opened.value;
    if (!current) return EMPTY;
    const query = queryState<Pages<T>>(current.storeKey).value;
    const data = query.data;
    return { items: data?.items ?? [], total: data?.total ?? 0, loading: query.loading, loaded: data !== undefined, error: query.error };
  });

  const fetchPage = async (pageNo: number): Promise<void> => {
    const current = opened.value;
    if (!current) return;
    const before = queryData<Pages<T>>(current.storeKey);
    await fetchQuery<Pages<T>>(current.storeKey, async () => {
      const reply = await load(current.key, pageNo, PAGE_SIZE);
      const items = pageNo === 1 || !before ? reply.list : before.items.concat(reply.list);
      return { items, total: reply.total, pageNo };
    }).catch(() => {});
  };

  return {
    state,
    open(key) {
      const storeKey = [...prefix, key];
      // A list opens from its first page: what an earlier visit read may have changed since.
      removeQueries(storeKey);
      opened.value = { key, storeKey };
      return fetchPage(1);
    },
    more: () => fetchPage((queryData<Pages<T>>(opened.value?.storeKey ?? []) ?? { pageNo: 0 }).pageNo + 1),
    reload() {
      if (opened.value) invalidateQueries(opened.value.storeKey);
      return fetchPage(1);
    },
    forget() {
      opened.value = null;
      removeQueries(prefix);
    },
  };
}

/** Whether another page is there to load. */
export const hasMore = (list: PagedState<unknown>) => list.loaded && list.items.length < list.total;

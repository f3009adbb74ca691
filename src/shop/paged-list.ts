/**
 * A list read page by page with "load more", as module state: orders by tab, code records. Opening it
 * with another key (a tab) starts over, and only the newest request may change it, so a late reply for
 * the tab the user just left never lands in the one now shown.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';

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

const EMPTY = { items: [], total: 0, loading: false, loaded: false, error: null };

export function createPagedList<T, K>(load: (key: K, pageNo: number, pageSize: number) => Promise<PageReply<T>>): PagedList<T, K> {
  const state = signal<PagedState<T>>(EMPTY);
  let key: K | undefined;
  /** Between open and forget: a reload asked for after the page was left (a cancel finishing late) is dropped. */
  let opened = false;
  let pageNo = 0;
  let seq = 0;

  const fetchPage = async (next: number): Promise<void> => {
    const mine = ++seq;
    state.value = { ...state.value, loading: true };
    try {
      const reply = await load(key as K, next, PAGE_SIZE);
      if (mine !== seq) return;
      pageNo = next;
      const items = next === 1 ? reply.list : state.value.items.concat(reply.list);
      state.value = { items, total: reply.total, loading: false, loaded: true, error: null };
    } catch (error) {
      if (mine === seq) state.value = { ...state.value, loading: false, error };
    }
  };

  return {
    state,
    open(next) {
      key = next;
      opened = true;
      state.value = { ...EMPTY };
      return fetchPage(1);
    },
    more: () => (opened ? fetchPage(pageNo + 1) : Promise.resolve()),
    reload: () => (opened ? fetchPage(1) : Promise.resolve()),
    forget() {
      seq++;
      opened = false;
      key = undefined;
      pageNo = 0;
      state.value = { ...EMPTY };
    },
  };
}

/** Whether another page is there to load. */
export const hasMore = (list: PagedState<unknown>) => list.loaded && list.items.length < list.total;

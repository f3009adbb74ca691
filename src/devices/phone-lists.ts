/**
 * The lists of phones other than home's, as queries of ids over the phone store (phone-store.ts): the few phones a
 * page is about (`usePhones`: renewing one phone, upgrading some), and the whole account (the batch, group and shop
 * pages choose among them). Kept apart from the store itself, which home's first cards need and these do not.
 */
import { computed } from '@preact/signals-react';
import { fetchQuery, queryState } from '../core/store/query-store.ts';
import { useQuery } from '../core/store/use-query.ts';
import { listPhones, type Phone } from './api.ts';
import { PHONE_PAGE_SIZE } from './first-page.ts';
import { fetchPhones, phonesById, phonesOf, putPhones } from './phone-store.ts';

/**
 * Some phones for a page about them (renewing one, phone-view): those the store holds show at once, and they are
 * asked for again behind them, so the page shows the server's current word.
 */
export function usePhones(ids: readonly number[]): { phones: Phone[]; loading: boolean; error: unknown } {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const view = useQuery(sorted.length ? ['devices', 'phones', sorted] : null, (_progress, signal) => fetchPhones(sorted, signal));
  const phones = phonesOf(ids);
  return { phones, loading: view.loading && phones.length < sorted.length, error: view.error };
}

const ALL_KEY = ['devices', 'all'] as const;

/** Every phone of the account, page after page: the group and batch pages and the shop's pickers choose among them. */
async function fetchAllPhones(_progress: unknown, signal: AbortSignal): Promise<number[]> {
  let ids: number[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await listPhones({ pageNo, pageSize: PHONE_PAGE_SIZE, sort: 'default' });
    // The session ended (or the list was invalidated) meanwhile: nothing of this answer is kept, and no more is asked.
    if (signal.aborted) return ids;
    putPhones(page.list);
    ids = ids.concat(page.list.map((phone) => phone.userPhoneId));
    if (ids.length >= page.total || page.list.length === 0) return ids;
  }
}

const allState = queryState<number[]>(ALL_KEY);
/** The whole account's phones once loaded (empty before). */
export const allPhones = computed(() => phonesOf(allState.value.data ?? [], phonesById.value));
export const allPhonesLoaded = computed(() => allState.value.data !== undefined);
export const allPhonesError = computed(() => allState.value.error);

/** Asks for the whole account again (each page that chooses among all phones does, as it opens). */
export function loadAllPhones(): Promise<void> {
  return fetchQuery(ALL_KEY, fetchAllPhones).then(
    () => {},
    () => {},
  );
}


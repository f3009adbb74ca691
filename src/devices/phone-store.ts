/**
 * Every phone this client knows, by id: the one copy that the home list, the batch and group pages, phone-view and
 * the shop's phone pickers all read. Lists (home's, the whole account's) are queries of the store that hold ids;
 * a change the server accepted is written here once (`patchPhones`, `applyStatuses`) and shows on every page.
 * A page about some phones asks for those phones (`usePhones`), not for the whole account.
 */
import { computed, signal } from '@preact/signals-react';
import { onSessionCleared } from '../core/session-events.ts';
import { ensureQuery, fetchQuery, queryState } from '../core/store/query-store.ts';
import { useQuery } from '../core/store/use-query.ts';
import { getPhones, listPhones, type Phone, type PhoneStatus } from './api.ts';
import { PHONE_PAGE_SIZE } from './first-page.ts';

export const phonesById = signal<ReadonlyMap<number, Phone>>(new Map());

/** Takes phones the server just sent. */
export function putPhones(list: readonly Phone[]): void {
  if (!list.length) return;
  const next = new Map(phonesById.value);
  for (const phone of list) next.set(phone.userPhoneId, phone);
  phonesById.value = next;
}

function update(ids: Iterable<number>, change: (phone: Phone) => Phone): void {
  const next = new Map(phonesById.value);
  let changed = false;
  for (const id of ids) {
    const phone = next.get(id);
    if (!phone) continue;
    next.set(id, change(phone));
    changed = true;
  }
  if (changed) phonesById.value = next;
}

/** Applies a change the server accepted to these phones, wherever they are shown. */
export function patchPhones(ids: readonly number[], change: Partial<Phone>): void {
  update(ids, (phone) => ({ ...phone, ...change }));
}

/** Merges fresh statuses (a poll, an operation that started). */
export function applyStatuses(statuses: readonly PhoneStatus[]): void {
  const byId = new Map(statuses.map((entry) => [entry.userPhoneId, entry]));
  update(byId.keys(), (phone) => {
    const fresh = byId.get(phone.userPhoneId)!;
    return { ...phone, businessStatus: fresh.businessStatus, operation: fresh.operation };
  });
}

/** The phones of a list of ids that the store holds, in that order. */
export function phonesOf(ids: readonly number[], byId = phonesById.value): Phone[] {
  const found: Phone[] = [];
  for (const id of ids) {
    const phone = byId.get(id);
    if (phone) found.push(phone);
  }
  return found;
}

/** Name and device number for a result row; an id the store does not hold shows as its number. */
export function phoneLabel(id: number): { name: string; phoneNo: string } {
  const phone = phonesById.value.get(id);
  return phone ? { name: phone.name, phoneNo: phone.phoneNo } : { name: `#${id}`, phoneNo: '' };
}

/** Asks for these phones and keeps them; resolves with their ids as the server knows them. */
async function fetchPhones(ids: readonly number[]): Promise<number[]> {
  const page = await getPhones([...ids]);
  putPhones(page.list);
  return page.list.map((phone) => phone.userPhoneId);
}

/** These phones for code that is not a component (phone-view's session): the stored answer, else one request. */
export function ensurePhones(ids: readonly number[]): Promise<number[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return ensureQuery(['devices', 'phones', sorted], () => fetchPhones(sorted));
}

/**
 * Some phones for a page about them (renewing one, phone-view): those the store holds show at once, and they are
 * asked for again behind them, so the page shows the server's current word.
 */
export function usePhones(ids: readonly number[]): { phones: Phone[]; loading: boolean; error: unknown } {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const view = useQuery(sorted.length ? ['devices', 'phones', sorted] : null, () => fetchPhones(sorted));
  const phones = phonesOf(ids);
  return { phones, loading: view.loading && phones.length < sorted.length, error: view.error };
}

const ALL_KEY = ['devices', 'all'] as const;

/** Every phone of the account, page after page: the group and batch pages and the shop's pickers choose among them. */
async function fetchAllPhones(): Promise<number[]> {
  let ids: number[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await listPhones({ pageNo, pageSize: PHONE_PAGE_SIZE, sort: 'default' });
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

onSessionCleared(() => (phonesById.value = new Map()));

/**
 * Every phone this client knows, by id: the one copy that the home list, the batch and group pages, phone-view and
 * the shop's phone pickers all read. Lists (home's in state.ts; the whole account's and a page's few phones in
 * phone-lists.ts) are queries of the store that hold ids; a change the server accepted is written here once
 * (`patchPhones`, `applyStatuses`) and shows on every page.
 */
import { signal } from '@preact/signals-react';
import { onSessionCleared } from '../core/session-events.ts';
import { ensureQuery } from '../core/store/query-store.ts';
import { getPhones, type Phone, type PhoneStatus, type TaskProgress } from './api.ts';

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

/** Moves the running operations on: how far each task is, from get-progress. */
export function applyProgress(entries: readonly TaskProgress[]): void {
  const byId = new Map(entries.filter((entry) => entry.status === 'running').map((entry) => [entry.userPhoneId, entry.progress]));
  update(byId.keys(), (phone) => (phone.operation ? { ...phone, operation: { ...phone.operation, progress: byId.get(phone.userPhoneId)! } } : phone));
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

/**
 * Asks for these phones and keeps them; resolves with their ids as the server knows them. An answer that comes after
 * `signal` aborted (the session ended) is not kept: those phones may be another account's.
 */
export async function fetchPhones(ids: readonly number[], signal?: AbortSignal): Promise<number[]> {
  const page = await getPhones([...ids]);
  if (!signal?.aborted) putPhones(page.list);
  return page.list.map((phone) => phone.userPhoneId);
}

/** These phones for code that is not a component (phone-view's session): the stored answer, else one request. */
export function ensurePhones(ids: readonly number[]): Promise<number[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return ensureQuery(['devices', 'phones', sorted], (_progress, signal) => fetchPhones(sorted, signal));
}

onSessionCleared(() => (phonesById.value = new Map()));

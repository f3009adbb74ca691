/**
 * Every phone of the user, whatever the home list's filters are: the group and batch pages select from
 * the whole account, while `phones` in state.ts holds only what home currently shows. Kept between
 * pages (choose -> batch -> results) so names are at hand without a reload; each page refreshes it.
 */
import { computed, signal } from '@preact/signals-react';
import { listPhones, type Phone, type PhoneStatus } from '../../api.ts';
import { applyStatuses, patchPhones, phones } from '../../state.ts';
import { onSessionCleared } from '../../../account/session.ts';

const PAGE_SIZE = 200;

export const allPhones = signal<Phone[]>([]);
export const allPhonesLoaded = signal(false);
export const allPhonesError = signal<unknown>(null);
export const phoneById = computed(() => new Map(allPhones.value.map((phone) => [phone.userPhoneId, phone])));

let loadSeq = 0;

export async function loadAllPhones(): Promise<void> {
  const seq = ++loadSeq;
  allPhonesError.value = null;
  try {
    let collected: Phone[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await listPhones({ pageNo, pageSize: PAGE_SIZE, sort: 'default' });
      if (seq !== loadSeq) return;
      collected = collected.concat(page.list);
      if (collected.length >= page.total || page.list.length === 0) break;
    }
    allPhones.value = collected;
    allPhonesLoaded.value = true;
  } catch (error) {
    if (seq === loadSeq) allPhonesError.value = error;
  }
}

/** A change the server accepted, applied here and to the home list alike. */
export function patchEverywhere(ids: number[], change: Partial<Phone>): void {
  if (!ids.length) return;
  const wanted = new Set(ids);
  allPhones.value = allPhones.value.map((phone) => (wanted.has(phone.userPhoneId) ? { ...phone, ...change } : phone));
  patchPhones(ids, change);
}

/** Fresh statuses from a poll, merged here and into the home list. */
export function applyStatusesEverywhere(statuses: PhoneStatus[]): void {
  const byId = new Map(statuses.map((entry) => [entry.userPhoneId, entry]));
  allPhones.value = allPhones.value.map((phone) => {
    const fresh = byId.get(phone.userPhoneId);
    return fresh ? { ...phone, businessStatus: fresh.businessStatus, operation: fresh.operation } : phone;
  });
  applyStatuses(statuses);
}

/** Name and device number for a result row; an unknown id (list not loaded yet) shows as its number. */
export function phoneLabel(id: number): { name: string; phoneNo: string } {
  const phone = phoneById.value.get(id) ?? phones.value.find((entry) => entry.userPhoneId === id);
  return phone ? { name: phone.name, phoneNo: phone.phoneNo } : { name: `#${id}`, phoneNo: '' };
}

// Another account must not see this one's phones (or skip its own load because this one's is "loaded").
onSessionCleared(() => {
  allPhones.value = [];
  allPhonesLoaded.value = false;
  allPhonesError.value = null;
});

/**
 * The clone pages' rules without a screen: the phones of the address, sizes as the template list shows them, and a
 * clone order's phones as the device store shows them.
 */
import { CLONE_IDS_MAX } from '../../shared/contract/clone-words.ts';
import type { Phone } from '../devices/api.ts';
import { isBusy } from '../../shared/device-types.ts';
import type { CloneOrder } from './api.ts';

/** `?ids=`: positive integers, repeats dropped, in order, at most as many as one request carries. */
export function idsOf(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, CLONE_IDS_MAX);
}

/** `?id=`: the phone to take a template from, or null (the page then only lists). */
export function sourceId(query: URLSearchParams): number | null {
  const id = Number(query.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Bytes in the largest unit that keeps the number at 1 or more (a template is hundreds of megabytes or more). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * The order's phones now: one being cloned takes its progress from the device store (the busy poll moves it on). One
 * the store shows no longer busy is `ended`: its clone is over, and only the order asked again says done or failed.
 */
export function liveOrder(order: CloneOrder, byId: ReadonlyMap<number, Phone>): { items: CloneOrder['items']; ended: number[] } {
  const ended: number[] = [];
  const items = order.items.map((item) => {
    const phone = byId.get(item.userPhoneId);
    if (item.status !== 'cloning' || !phone) return item;
    if (phone.operation?.type === 'clone') return { ...item, progress: Math.max(item.progress, phone.operation.progress) };
    if (!phone.operation && !isBusy(phone.businessStatus)) ended.push(item.userPhoneId);
    return item;
  });
  return { items, ended };
}

/**
 * What the clone pages read and do: the caller's templates (a store query, asked again every LIVE_MS while one is
 * being created or deleted), their creation and deletion, and a clone order followed until each phone is done. The
 * phones a template or clone keeps busy are followed by the device store's own polling, so their cards show it.
 */
import { signal } from '@preact/signals-react';
import type { Fetcher } from '../core/store/query-store.ts';
import { invalidateQueries } from '../core/store/query-store.ts';
import { phoneStatuses } from '../devices/api.ts';
import { applyStatuses } from '../devices/phone-store.ts';
import { pollBusyPhones } from '../devices/polling.ts';
import * as api from './api.ts';

export const TEMPLATES_KEY = ['clones', 'templates'] as const;
/** How often a template being made, or a clone, is asked again: its progress moves by the second. */
export const LIVE_MS = 1000;

function pause(ms: number, stop?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

const moving = (list: api.TemplateList) => list.list.some((row) => row.state === 'creating' || row.state === 'deleting');

/** The list, asked again while a template moves (creating, deleting); still lists are asked once. */
export const fetchTemplates: Fetcher<api.TemplateList> = async (progress, stop) => {
  let data = await api.listTemplates();
  while (moving(data) && !stop.aborted && progress(data)) {
    await pause(LIVE_MS, stop);
    if (stop.aborted) break;
    data = await api.listTemplates().catch(() => data);
  }
  return data;
};

/** The phones' status at once, and the device store's polling while they are busy. */
async function follow(ids: number[]): Promise<void> {
  applyStatuses(await phoneStatuses(ids).catch(() => []));
  pollBusyPhones();
}

export async function createTemplate(userPhoneId: number, name: string): Promise<api.CloneTemplate> {
  const made = await api.createTemplate(userPhoneId, name.trim());
  invalidateQueries(TEMPLATES_KEY);
  void follow([userPhoneId]);
  return made;
}

export async function deleteTemplate(templateId: number): Promise<void> {
  await api.deleteTemplate(templateId);
  invalidateQueries(TEMPLATES_KEY);
}

/** The clone the page shows, as last answered; null before one starts. */
export const cloneOrder = signal<api.CloneOrder | null>(null);

export function clearCloneOrder(): void {
  cloneOrder.value = null;
}

/**
 * Clones the template onto the phones and follows the order until no phone is being cloned (or `stop`: the page was
 * left; the clone goes on, on the server). The phones' app lists read before no longer hold afterwards.
 */
export async function runClone(templateId: number, ids: number[], stop?: AbortSignal): Promise<api.CloneOrder> {
  let order = await api.clonePhones(templateId, ids);
  cloneOrder.value = order;
  invalidateQueries(['apps']);
  void follow(ids);
  while (order.items.some((item) => item.status === 'cloning') && !stop?.aborted) {
    await pause(LIVE_MS, stop);
    if (stop?.aborted) break;
    order = await api.getCloneOrder(order.orderNo).catch(() => order);
    cloneOrder.value = order;
  }
  invalidateQueries(['apps']);
  return order;
}

/**
 * What the clone pages read and do: the caller's templates (a store query, asked again every LIVE_MS while one is
 * being created or deleted), their creation and deletion, and a clone order. The phones a template or clone keeps
 * busy are followed by the device store's own busy poll, so their cards and the clone page show its progress.
 */
import type { Fetcher } from '../core/store/query-store.ts';
import { invalidateQueries, setQueryData } from '../core/store/query-store.ts';
import { refreshStatuses } from '../devices/actions.ts';
import { pollBusyPhones } from '../devices/polling.ts';
import * as api from './api.ts';

export const TEMPLATES_KEY = ['clones', 'templates'] as const;
/** How often the list is asked again while a template is being made or deleted: its progress moves by the second. */
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

/** The phones' status at once (written into the device store), then the device store's busy poll follows them. */
async function follow(ids: number[]): Promise<void> {
  await refreshStatuses(ids).catch(() => []);
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

/** A clone order in the client store (so it goes with the session, as every query does). */
export const cloneOrderKey = (orderNo: string) => ['clones', 'order', orderNo] as const;

/**
 * The order asked again: the page asks when the device poll shows one of its phones' clone ended, to learn from the
 * server whether it is done. Once none is being cloned, the phones' app lists read before no longer hold.
 */
export const fetchCloneOrder = (orderNo: string): Fetcher<api.CloneOrder> => async () => {
  const order = await api.getCloneOrder(orderNo);
  if (!order.items.some((item) => item.status === 'cloning')) invalidateQueries(['apps']);
  return order;
};

/**
 * Clones the template onto the phones: the order goes into the store as answered, the phones show as busy at once,
 * and the device store's busy poll moves their progress on (each phone's get-progress CLONE) until each ends; the
 * page reads the order through the store (`cloneOrderKey`) and each phone's progress from the device store.
 */
export async function startClone(templateId: number, ids: number[]): Promise<api.CloneOrder> {
  const order = await api.clonePhones(templateId, ids);
  setQueryData(cloneOrderKey(order.orderNo), () => order);
  // The template's apps are in place from the start.
  invalidateQueries(['apps']);
  await follow(ids);
  return order;
}

/**
 * What the new-machine pages read and do: the chosen phones' current models, the catalogue, the record (queries of
 * the client store), and the change, after which the phones' statuses are followed (devices/polling.ts) and what the
 * change made stale (current models, the record, the device details' hardware) is read again.
 */
import type { MockType } from '../contract/new-machine-words.ts';
import { invalidateQueries } from '../core/store/query-store.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import { refreshStatuses } from '../devices/actions.ts';
import type { BatchEntry } from '../devices/device-types.ts';
import { pollBusyPhones } from '../devices/polling.ts';
import { currentModel, getMockParams, listManufacturers, listMockLogs, listModels, mockBatch, mockById, mockOne, type MockLog } from './api.ts';

const DOMAIN = 'new-machine';

export const currentKey = (ids: readonly number[]) => [DOMAIN, 'current', ids.join(',')];
export const currentFetcher = (ids: readonly number[]) => () => Promise.all(ids.map((id) => currentModel(id)));
export const manufacturersKey = [DOMAIN, 'manufacturers'];
export const manufacturersFetcher = () => listManufacturers();
export const modelsKey = (manufacturer: string) => [DOMAIN, 'models', manufacturer];
export const modelsFetcher = (manufacturer: string) => () => listModels(manufacturer);
export const paramsKey = [DOMAIN, 'params'];
export const paramsFetcher = () => getMockParams();

/** The record, newest first; its key is the phone it is limited to (null: all of the account's). */
export const mockLogPages = createPagedList<MockLog, number | null>([DOMAIN, 'record'], (phoneId, pageNo, pageSize) => listMockLogs(pageNo, pageSize, phoneId));

/** A random model (ALL) or one field regenerated; or a model chosen from the catalogue, which changes everything. */
export type ChangeChoice = { kind: 'random'; type: MockType } | { kind: 'chosen'; modelId: number };

function send(ids: number[], choice: ChangeChoice): Promise<BatchEntry[]> {
  if (choice.kind === 'chosen') return mockById(ids, choice.modelId);
  if (ids.length === 1) return mockOne(ids[0]!, choice.type).then((entry) => [entry]);
  return mockBatch(ids, choice.type);
}

/** Changes the phones; each one that took it reboots, and its status shows that at once and until it is back. */
export async function changeModels(ids: number[], choice: ChangeChoice): Promise<BatchEntry[]> {
  const entries = await send(ids, choice);
  const started = entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId);
  invalidateQueries([DOMAIN, 'current']);
  invalidateQueries([DOMAIN, 'record']);
  // The identity is the server's from the start of the change: the details read it again.
  for (const id of started) invalidateQueries(['devices', 'hardware', id]);
  if (started.length) {
    await refreshStatuses(started).catch(() => []);
    pollBusyPhones();
  }
  return entries;
}

/**
 * What the new-machine pages read and do: the chosen phones' current models (one phone's whole identity from POST
 * current; several phones' models from get-extend-batch, one call per READ_BATCH_LIMIT phones, named from the
 * catalogue), the catalogue, the record (queries of the client store), and the change, after which the phones' statuses are followed (devices/polling.ts) and what the
 * change made stale (current models, the record, the device details' hardware) is read again.
 */
import type { MockType } from '../../shared/contract/new-machine-words.ts';
import { READ_BATCH_LIMIT } from '../../shared/contract/device-words.ts';
import { chunk } from '../../shared/format.ts';
import { ensureQuery, invalidateQueries } from '../core/store/query-store.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import { refreshStatuses } from '../devices/actions.ts';
import { phoneHardware } from '../devices/api.ts';
import type { BatchEntry } from '../../shared/device-types.ts';
import { pollBusyPhones } from '../devices/polling.ts';
import {
  currentModel, getMockParams, listManufacturers, listMockLogs, listModels, mockBatch, mockById, mockOne, type MockIdentity, type MockLog,
  type MockModel,
} from './api.ts';

const DOMAIN = 'new-machine';

export const manufacturersKey = [DOMAIN, 'manufacturers'];
export const manufacturersFetcher = () => listManufacturers();
/** One manufacturer's models; '' is the whole catalogue. */
export const modelsKey = (manufacturer: string) => [DOMAIN, 'models', manufacturer];
export const modelsFetcher = (manufacturer: string) => () => listModels(manufacturer);

/** A chosen phone's model as the page lists it; `identity` (every field) only when one phone is chosen. */
export interface CurrentModel {
  userPhoneId: number;
  model: string;
  label: string;
  identity: MockIdentity | null;
}

const modelName = (model: Pick<MockModel, 'manufacturer' | 'marketName' | 'model'>) => `${model.manufacturer} ${model.marketName} (${model.model})`;

async function severalModels(ids: readonly number[]): Promise<CurrentModel[]> {
  const [catalogue, ...parts] = await Promise.all([
    ensureQuery(modelsKey(''), modelsFetcher('')),
    ...chunk(ids, READ_BATCH_LIMIT).map((part) => phoneHardware(part)),
  ]);
  const known = new Map(catalogue.list.map((model) => [`${model.brand}|${model.model}`, model]));
  const place = new Map(ids.map((id, index) => [id, index]));
  return parts
    .flat()
    .sort((a, b) => place.get(a.userPhoneId)! - place.get(b.userPhoneId)!)
    .map((hardware) => {
      const model = known.get(`${hardware.brand}|${hardware.model}`);
      return { userPhoneId: hardware.userPhoneId, model: hardware.model, label: model ? modelName(model) : `${hardware.brand} ${hardware.model}`, identity: null };
    });
}

export const currentKey = (ids: readonly number[]) => [DOMAIN, 'current', ids.join(',')];
export const currentFetcher = (ids: readonly number[]) => async (): Promise<CurrentModel[]> => {
  if (ids.length !== 1) return severalModels(ids);
  const identity = await currentModel(ids[0]!);
  return [{ userPhoneId: identity.userPhoneId, model: identity.model, label: modelName(identity), identity }];
};
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

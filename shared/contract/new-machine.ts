/**
 * Change of device model, "new machine" (spec §1, §7 `/api/device/phone-mock-model/*`; server/API.md "New machine"):
 * the catalogue of models, a phone's current one, a change (random, or a chosen model) on one phone or a batch, and
 * the record of changes. Server: server/routes/phone-mock-model.ts. Client: src/new-machine/api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { BatchEntry, coded, Id, idList, LookupId, OptionalId, pageOf, paging, QueryText, Text } from './fields.ts';
import { MOCK_BATCH_LIMIT, MOCK_LOG_PAGE_SIZE, MOCK_PARAMS, MOCK_TYPES } from './new-machine-words.ts';

const MOCK = '/api/device/phone-mock-model';

const mockType = v.pipe(
  v.optional(Text, 'ALL'),
  v.transform((text) => text.trim() || 'ALL'),
  v.picklist(MOCK_TYPES, coded(ErrorCode.MOCK_TYPE_INVALID, `must be one of ${MOCK_TYPES.join(', ')}`)),
);

/** One model of the server's catalogue. */
export const MockModel = v.strictObject({
  modelId: v.number(),
  manufacturer: v.string(),
  /** As the phone reports it (Build.BRAND). */
  brand: v.string(),
  /** The model code (Build.MODEL). */
  model: v.string(),
  /** The name it is sold under. */
  marketName: v.string(),
  systemVersion: v.string(),
});

/** A phone's identity now: its model and the fields a change regenerates. */
export const MockIdentity = v.strictObject({
  userPhoneId: v.number(),
  ...MockModel.entries,
  imei: v.string(),
  serialNo: v.string(),
  wlanMac: v.string(),
  androidId: v.string(),
});

export const currentModel = endpoint(`POST ${MOCK}/current`, {
  body: v.object({ userPhoneId: Id }),
  reply: MockIdentity,
});

export const listManufacturers = endpoint(`GET ${MOCK}/list-manufacturer`, {
  reply: v.strictObject({ list: v.array(v.strictObject({ manufacturer: v.string(), models: v.number() })) }),
});

/** The catalogue's models, of one manufacturer when it is named. */
export const listModels = endpoint(`GET ${MOCK}/list`, {
  query: v.object({ manufacturer: QueryText }),
  reply: v.strictObject({ list: v.array(MockModel) }),
});

/** What each type of change regenerates. */
export const mockParams = endpoint(`GET ${MOCK}/get-mock-params`, {
  reply: v.strictObject({ list: v.array(v.strictObject({ mockType: v.picklist(MOCK_TYPES), params: v.array(v.picklist(MOCK_PARAMS)) })) }),
});

/** One phone: a random model (type ALL) or one field regenerated; the phone reboots (operation newMachine). */
export const mockOne = endpoint(`POST ${MOCK}/mock`, {
  body: v.object({ userPhoneId: Id, mockType }),
  reply: BatchEntry,
});

/** Several phones, each like /mock; a refused phone does not stop the others. */
export const mockBatch = endpoint(`POST ${MOCK}/batch-mock`, {
  body: v.object({ userPhoneIds: idList(MOCK_BATCH_LIMIT), mockType }),
  reply: v.array(BatchEntry),
});

/** The chosen model (every identity field with it) on one or several phones. */
export const mockById = endpoint(`POST ${MOCK}/mock-by-id`, {
  body: v.object({ userPhoneIds: idList(MOCK_BATCH_LIMIT), modelId: LookupId }),
  reply: v.array(BatchEntry),
});

export const MockLog = v.strictObject({
  id: v.number(),
  userPhoneId: v.number(),
  phoneName: v.string(),
  createTime: v.number(),
  mockType: v.picklist(MOCK_TYPES),
  /** "Manufacturer Market name (model)" before and after. */
  beforeModel: v.string(),
  afterModel: v.string(),
  params: v.array(v.picklist(MOCK_PARAMS)),
  success: v.boolean(),
  /** 0, or the reply code the phone was refused with. */
  code: v.number(),
});

/** The caller's changes, newest first, of one phone when it is named. */
export const mockLogList = endpoint(`GET ${MOCK}/mock-log-list`, {
  query: v.object({ ...paging(MOCK_LOG_PAGE_SIZE.default, MOCK_LOG_PAGE_SIZE.max), userPhoneId: OptionalId }),
  reply: pageOf(MockLog),
});

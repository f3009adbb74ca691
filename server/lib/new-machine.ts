import { ErrorCode } from '../../shared/error-codes.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/new-machine.ts';
import { MOCK_TYPE_PARAMS, type MockParam, type MockType } from '../../shared/contract/new-machine-words.ts';
import type { BatchEntry } from '../../shared/device-types.ts';
import { insertMockLog, mockLogs, type PhoneIdentity } from '../data/phone-identities.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import { phonesOfUser, startOperation, type PhoneRow } from '../data/phones.ts';
import { apiError } from './errors.ts';
import { CATALOGUE, findModel, MANUFACTURERS, modelLabel, type CatalogueModel } from './model-catalogue.ts';
import { changedIdentity, cryptoDraw, generateUnique, identityOf } from './phone-identity.ts';
import { batchFailure, batchSuccess, operationRefusal } from './phones.ts';
import type { Db, UserRow } from './types.ts';
import { mapInOrder } from './in-order.ts';

// "New machine", a change of device model (server/API.md "New machine"). The change is written at its start, as a
// reset's effects are (lib/phone-operations.ts): the phone then reboots for OPERATION_DURATION_MS.newMachine and comes
// back with it, and nothing has to happen when the reboot ends. Only the owner changes a phone's model: a phone lent
// by a grant is refused in its own words, like app management and sync refuse it.

/** The catalogue entry as the contract shows a model. */
export const modelReply = (model: CatalogueModel) => ({
  modelId: model.modelId,
  manufacturer: model.manufacturer,
  brand: model.brand,
  model: model.model,
  marketName: model.marketName,
  systemVersion: model.systemVersion,
});

export function manufacturers(): ReplyInput<typeof contract.listManufacturers> {
  return { list: MANUFACTURERS.map((manufacturer) => ({ manufacturer, models: CATALOGUE.filter((m) => m.manufacturer === manufacturer).length })) };
}

/** The models of one manufacturer (matched without regard to case), or all of them for ''. */
export function models(manufacturer: string): ReplyInput<typeof contract.listModels> {
  const wanted = manufacturer.toLowerCase();
  return { list: CATALOGUE.filter((m) => !wanted || m.manufacturer.toLowerCase() === wanted).map(modelReply) };
}

export function mockParams(): ReplyInput<typeof contract.mockParams> {
  return { list: Object.entries(MOCK_TYPE_PARAMS).map(([mockType, params]) => ({ mockType: mockType as MockType, params: [...params] })) };
}

/**
 * The caller's phones with these ids, in the order asked. An id that is not the caller's fails the whole call before
 * anything changes: lent to the caller by a grant, as authorised; anything else, as not existing.
 */
export async function ownedForChange(db: Db, user: UserRow, ids: number[], now: number): Promise<PhoneRow[]> {
  const owned = new Map((await phonesOfUser(db, user.id, user.tenant_id, ids)).map((row) => [row.id, row]));
  return (await mapInOrder(ids, async (id) => {
    const phone = owned.get(id);
    if (phone) return phone;
    if ((await accessiblePhone(db, user.id, user.tenant_id, id, now))?.access.kind === 'grant') throw apiError(ErrorCode.MOCK_PHONE_AUTHORIZED, { userPhoneId: id });
    throw apiError(ErrorCode.DEVICE_NOT_EXIST, { userPhoneId: id });
  }));
}

const identityReply = (phoneId: number, identity: PhoneIdentity): ReplyInput<typeof contract.currentModel> => {
  const { modelId, manufacturer, brand, model, marketName, systemVersion, imei, serialNo, wlanMac, androidId } = identity;
  return { userPhoneId: phoneId, modelId, manufacturer, brand, model, marketName, systemVersion, imei, serialNo, wlanMac, androidId };
};

export async function currentIdentity(db: Db, user: UserRow, id: number, now: number): Promise<ReplyInput<typeof contract.currentModel>> {
  const [phone] = await ownedForChange(db, user, [id], now);
  return identityReply(phone!.id, await identityOf(db, phone!.id, now));
}

export interface ChangeRequest {
  ids: number[];
  type: MockType;
  /** A model chosen from the catalogue (mock-by-id, which is always ALL); a random one otherwise. */
  modelId?: number | null;
}

/**
 * Changes each phone that can take it (the phone rules of a restart: expired, busy, being cloned or replaced,
 * maintenance, a fault) and starts its reboot; a refused phone keeps its identity. Every attempt is recorded, refused
 * or not. Returns one entry per phone, in the order asked.
 */
export async function changeModels(db: Db, user: UserRow, request: ChangeRequest, now: number): Promise<BatchEntry[]> {
  const chosen = request.modelId === undefined ? undefined : findModel(request.modelId);
  if (request.modelId !== undefined && !chosen) throw apiError(ErrorCode.MOCK_MODEL_NOT_EXIST);
  const params: readonly MockParam[] = MOCK_TYPE_PARAMS[request.type];
  return await db.transaction(async (db) =>
    (await mapInOrder((await ownedForChange(db, user, request.ids, now)), async (phone) => {
      const before = await identityOf(db, phone.id, now);
      const refusal = operationRefusal(phone, now, 'restart');
      const after = refusal ? before : await generateUnique(db, phone.id, () => changedIdentity(before, request.type, cryptoDraw, chosen), now);
      if (!refusal) await startOperation(db, phone.id, 'newMachine', now);
      await insertMockLog(db, {
        tenantId: user.tenant_id,
        userId: user.id,
        phoneId: phone.id,
        phoneName: phone.name,
        createdAt: now,
        mockType: request.type,
        beforeModel: modelLabel(before),
        afterModel: modelLabel(after),
        params,
        code: refusal ?? 0,
      });
      return refusal ? batchFailure(phone.id, refusal) : batchSuccess(phone.id);
    })),
  );
}

export async function mockLogPage(db: Db, user: UserRow, query: { pageNo: number; pageSize: number; userPhoneId: number | null }): Promise<ReplyInput<typeof contract.mockLogList>> {
  const { rows, total } = await mockLogs(db, user.id, user.tenant_id, query.userPhoneId, query.pageSize, (query.pageNo - 1) * query.pageSize);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      userPhoneId: row.phone_id,
      phoneName: row.phone_name,
      createTime: row.created_at,
      mockType: row.mock_type,
      beforeModel: row.before_model,
      afterModel: row.after_model,
      params: row.params ? (row.params.split(',') as MockParam[]) : [],
      success: row.code === 0,
      code: row.code,
    })),
  };
}

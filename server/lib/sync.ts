import { ErrorCode } from '../../shared/error-codes.ts';
import type * as contract from '../../shared/contract/sync.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import { SYNC_MAX_PHONES, SYNC_MIN_PHONES } from '../../shared/contract/sync-words.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import {
  deleteSyncGroup, deleteSyncMember, dropStaleSyncMembers, findSyncGroup, insertSyncGroup, setSyncMain, syncGroupOfPhone, syncMembers,
} from '../data/sync.ts';
import type { SyncGroupRow } from '../data/sync.ts';
import { apiError, ERROR_MESSAGES } from './errors.ts';
import { currentOperation, openRefusal } from './phones.ts';
import type { DeviceCode } from './phones.ts';
import type { Db, UserRow } from './types.ts';

// Group control (server/API.md "Group control"): which phones may be synced, the main-control phone, leaving and
// stopping. The mirroring itself is the stream's (server/stream/sync-fanout.ts), which reads the groups stored here.

type SyncGroupReply = ReplyInput<typeof contract.startSync>;

/**
 * Why a phone cannot take mirrored input now, or null: a running operation (its screen is restarting), or whatever
 * keeps a stream from opening it (expired, offline, maintenance, a fault, being replaced). Validity left does not
 * matter here: a phone with a minute left still follows for that minute.
 */
export function syncRefusal(row: PhoneRow, now: number): DeviceCode | null {
  if (now < row.expire_time && currentOperation(row, now)) return ErrorCode.DEVICE_BUSY;
  return openRefusal(row, now, 0);
}

/** The group as the client sees it; a follower that cannot take input now shows failed with the reason. */
export async function syncView(db: Db, group: SyncGroupRow, now: number): Promise<SyncGroupReply> {
  const members = (await syncMembers(db, group.id)).map((row) => {
    const main = row.id === group.main_phone_id;
    const refusal = main ? null : (syncRefusal(row, now) ?? (row.state === 'failed' ? ErrorCode.DEVICE_BUSY : null));
    return {
      userPhoneId: row.id,
      phoneNo: row.phone_no,
      name: row.name,
      role: main ? ('main' as const) : ('follower' as const),
      state: refusal ? ('failed' as const) : ('following' as const),
      code: refusal ?? 0,
      msg: refusal ? ERROR_MESSAGES[refusal] : '',
    };
  });
  return { groupId: group.id, mainId: group.main_phone_id, members, createTime: group.created_at };
}

/**
 * The caller's phone `id` for sync, in the order of refusals the API documents: a phone lent to the caller by a grant
 * is refused as authorised (the caller may see it, but not drive it with others); any other id that is not the
 * caller's as one that does not exist; then an unusable phone with its device code.
 */
async function syncablePhone(db: Db, user: UserRow, owned: Map<number, PhoneRow>, id: number, now: number): Promise<PhoneRow> {
  const phone = owned.get(id);
  if (!phone) {
    const lent = await accessiblePhone(db, user.id, user.tenant_id, id, now);
    if (lent?.access.kind === 'grant') throw apiError(ErrorCode.SYNC_AUTHORIZED, { userPhoneId: id });
    throw apiError(ErrorCode.DEVICE_NOT_EXIST, { userPhoneId: id });
  }
  const refusal = syncRefusal(phone, now);
  if (refusal) throw apiError(refusal, { userPhoneId: id });
  return phone;
}

export async function startSync(db: Db, user: UserRow, body: { userPhoneIds: number[]; mainId: number }, now: number): Promise<SyncGroupReply> {
  const ids = body.userPhoneIds;
  if (ids.length < SYNC_MIN_PHONES || ids.length > SYNC_MAX_PHONES) throw apiError(ErrorCode.SYNC_COUNT_INVALID);
  if (!ids.includes(body.mainId)) throw apiError(ErrorCode.SYNC_MAIN_NOT_MEMBER);
  return await db.transaction(async (db) => {
    const owned = new Map((await phonesOfUser(db, user.id, user.tenant_id, ids)).map((row) => [row.id, row]));
    for (const id of ids) await syncablePhone(db, user, owned, id, now);
    await dropStaleSyncMembers(db, ids);
    for (const id of ids) if (await syncGroupOfPhone(db, id)) throw apiError(ErrorCode.SYNC_ALREADY_SYNCED, { userPhoneId: id });
    // The main-control phone is position 0, so the order of the others is the order they were chosen in.
    const order = [body.mainId, ...ids.filter((id) => id !== body.mainId)];
    const groupId = await insertSyncGroup(db, { tenantId: user.tenant_id, userId: user.id, mainId: body.mainId, createdAt: now }, order);
    return await syncView(db, (await findSyncGroup(db, groupId))!, now);
  });
}

/** The caller's group by id; another's, or one that ended, is refused alike. */
async function ownGroup(db: Db, user: UserRow, groupId: number): Promise<SyncGroupRow> {
  const group = await findSyncGroup(db, groupId);
  if (!group || group.user_id !== user.id || group.tenant_id !== user.tenant_id) throw apiError(ErrorCode.SYNC_NOT_EXIST);
  return group;
}

async function isMember(db: Db, group: SyncGroupRow, phoneId: number): Promise<boolean> {
  return (await syncMembers(db, group.id)).some((row) => row.id === phoneId);
}

export async function syncOfPhone(db: Db, user: UserRow, userPhoneId: number | null, now: number): Promise<SyncGroupReply | null> {
  const phone = userPhoneId === null ? undefined : (await phonesOfUser(db, user.id, user.tenant_id, [userPhoneId]))[0];
  if (!phone) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
  const group = await syncGroupOfPhone(db, phone.id);
  return group ? await syncView(db, group, now) : null;
}

/** Any member may become the main-control phone, if it can take input now (it will drive the others). */
export async function switchMain(db: Db, user: UserRow, body: { groupId: number; mainId: number }, now: number): Promise<SyncGroupReply> {
  return await db.transaction(async (db) => {
    const group = await ownGroup(db, user, body.groupId);
    const member = (await syncMembers(db, group.id)).find((row) => row.id === body.mainId);
    if (!member) throw apiError(ErrorCode.DEVICE_NOT_EXIST, { userPhoneId: body.mainId });
    const refusal = syncRefusal(member, now);
    if (refusal) throw apiError(refusal, { userPhoneId: body.mainId });
    await setSyncMain(db, group.id, body.mainId);
    return await syncView(db, (await findSyncGroup(db, group.id))!, now);
  });
}

/** A follower leaves; the main-control phone cannot (switch first). The last follower leaving ends sync. */
export async function leaveSync(db: Db, user: UserRow, body: { groupId: number; userPhoneId: number }, now: number): Promise<SyncGroupReply | null> {
  return await db.transaction(async (db) => {
    const group = await ownGroup(db, user, body.groupId);
    if (body.userPhoneId === group.main_phone_id) throw apiError(ErrorCode.SYNC_MAIN_CANNOT_LEAVE);
    if (!await isMember(db, group, body.userPhoneId)) throw apiError(ErrorCode.DEVICE_NOT_EXIST, { userPhoneId: body.userPhoneId });
    await deleteSyncMember(db, group.id, body.userPhoneId);
    if ((await syncMembers(db, group.id)).length < SYNC_MIN_PHONES) {
      await deleteSyncGroup(db, group.id);
      return null;
    }
    return await syncView(db, group, now);
  });
}

export async function stopSync(db: Db, user: UserRow, groupId: number): Promise<boolean> {
  return await db.transaction(async (db) => {
    await deleteSyncGroup(db, (await ownGroup(db, user, groupId)).id);
    return true;
  });
}

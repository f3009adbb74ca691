/**
 * Group control (sync mode; server/API.md "Group control"): 2-20 of the caller's phones, one of them the main-control
 * phone whose touches, keys and text the stream server mirrors to the others. Server: server/routes/sync.ts.
 * Client: src/sync/api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { coded, Done, Id, idList, LookupId } from './fields.ts';
import { SYNC_MAX_PHONES, SYNC_MEMBER_STATES, SYNC_ROLES } from './sync-words.ts';

const SYNC = '/api/device/user/phone/sync';

export const SyncMember = v.strictObject({
  userPhoneId: v.number(),
  phoneNo: v.string(),
  name: v.string(),
  role: v.picklist(SYNC_ROLES),
  state: v.picklist(SYNC_MEMBER_STATES),
  /** Why a failed follower failed (its device code and the server's wording); 0 and '' while following. */
  code: v.number(),
  msg: v.string(),
});

export const SyncGroup = v.strictObject({
  groupId: v.number(),
  mainId: v.number(),
  /** The main-control phone first, then the followers in the order they were chosen. */
  members: v.array(SyncMember),
  createTime: v.number(),
});

/** Starts sync: every phone the caller's, usable, not lent to the caller, in no other group. */
export const startSync = endpoint(`POST ${SYNC}/start`, {
  body: v.object({
    userPhoneIds: idList(SYNC_MAX_PHONES, coded(ErrorCode.SYNC_COUNT_INVALID, `Group control takes 2 to ${SYNC_MAX_PHONES} devices`)),
    mainId: Id,
  }),
  reply: SyncGroup,
});

/** The group a phone of the caller's is in, or null when it is in none (individual mode). */
export const getSync = endpoint(`GET ${SYNC}/get`, {
  query: v.object({ userPhoneId: LookupId }),
  reply: v.nullable(SyncGroup),
});

export const switchSyncMain = endpoint(`PUT ${SYNC}/main`, {
  body: v.object({ groupId: Id, mainId: Id }),
  reply: SyncGroup,
});

/**
 * A follower leaves and returns to individual mode (the main-control phone cannot). When only the main-control phone
 * would be left, sync ends: the reply is null.
 */
export const leaveSync = endpoint(`PUT ${SYNC}/leave`, {
  body: v.object({ groupId: Id, userPhoneId: Id }),
  reply: v.nullable(SyncGroup),
});

/** Ends sync: every phone returns to individual mode. */
export const stopSync = endpoint(`PUT ${SYNC}/stop`, {
  body: v.object({ groupId: Id }),
  reply: Done,
});

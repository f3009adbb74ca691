/**
 * Group control (sync mode; server/API.md "Group control"): start, read, switch the main-control phone, leave, stop.
 * Inputs and replies take their types from the contract (shared/contract/sync.ts).
 */
import type * as C from '../../shared/contract/sync.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type SyncGroup = ReplyOf<typeof C.startSync>;
export type SyncMember = SyncGroup['members'][number];

const SYNC = '/api/device/user/phone/sync';

export const startSync = (userPhoneIds: number[], mainId: number) => api(`POST ${SYNC}/start`, { body: { userPhoneIds, mainId } });
/** Polled while the page shows a group (who follows, who failed): repeats are expected. */
export const getSync = (userPhoneId: number) => api(`GET ${SYNC}/get`, { query: { userPhoneId } }, { allowDuplicate: true });
export const switchSyncMain = (groupId: number, mainId: number) => api(`PUT ${SYNC}/main`, { body: { groupId, mainId } });
export const leaveSync = (groupId: number, userPhoneId: number) => api(`PUT ${SYNC}/leave`, { body: { groupId, userPhoneId } });
export const stopSync = (groupId: number) => api(`PUT ${SYNC}/stop`, { body: { groupId } });

/**
 * Transfers to another account (server/API.md "Transfers"): check, give, records. Inputs and replies take their
 * types from the contract (shared/contract/transfers.ts).
 */
import type * as C from '../../shared/contract/transfers.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { TransferDirection } from '../../shared/contract/transfer-words.ts';
import { api } from '../core/http.ts';

export type TransferCheck = ReplyOf<typeof C.checkTransfer>;
export type CheckItem = TransferCheck['items'][number];
export type TransferResult = ReplyOf<typeof C.transferPhones>;
export type TransferItem = TransferResult['items'][number];
export type TransferOrder = ReplyOf<typeof C.listTransfers>['list'][number];
export type TransferAccount = TransferOrder['from'];

const PHONE = '/api/device/user/phone';

export const checkTransfer = (userPhoneIds: number[], target: string) => api(`PUT ${PHONE}/give-check`, { body: { userPhoneIds, target } });
export const transferPhones = (userPhoneIds: number[], target: string) => api(`PUT ${PHONE}/give`, { body: { userPhoneIds, target } });
export const listTransfers = (direction: TransferDirection, pageNo: number, pageSize: number) =>
  api(`GET ${PHONE}/give-list`, { query: { direction, pageNo, pageSize } }, { allowDuplicate: true });

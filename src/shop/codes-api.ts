/**
 * Activation and redeem codes (server/API.md "Commerce", "Activation and redeem codes"). Inputs and replies take
 * their types from the contract (shared/contract/shop-codes.ts).
 */
import type * as C from '../../shared/contract/shop-codes.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';
import type { ActivationType } from './order-types.ts';

export type { ActivationType } from './order-types.ts';
/**
 * The outcome of one code. `errorCode` is a catalogue code narrower than the status (spec §8: "supports renewal
 * only", "supports purchase only", "not bound to a cloud phone" are all the `specMismatch` state); shown instead of
 * the status text when present.
 */
export type ActivationResult = ReplyOf<typeof C.activateCodes>[number];
export type CodeRecordPage = ReplyOf<typeof C.listCodeRecords>;
export type CodeRecord = CodeRecordPage['list'][number];
export type RedeemResult = ReplyOf<typeof C.redeemCode>;

const CODE = '/api/product/activation-code';

export const activateCodes = (codes: string[], type: ActivationType, userPhoneIds?: number[]) =>
  api(`POST ${CODE}/activate`, { body: { codes, type, userPhoneIds } });
export const listCodeRecords = (pageNo: number, pageSize: number) =>
  api(`GET ${CODE}/record/page`, { query: { pageNo, pageSize } }, { allowDuplicate: true });
export const redeemCode = (code: string) => api('POST /api/promotion/redeem-code/use', { body: { code } });

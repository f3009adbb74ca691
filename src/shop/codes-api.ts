/** Activation and redeem codes (server/API.md "Commerce", "Activation and redeem codes"). */
import { http } from '../core/http.ts';
import type { ActivationStatus } from './order-types.ts';

/** 1: each code gives a new phone; 2: code i renews phone i. */
export type ActivationType = 1 | 2;

/** Spec §4 outcomes of one code (the client adds "waiting" and "activating" around the call). */

export interface ActivationResult {
  code: string;
  status: ActivationStatus;
  userPhoneId?: number;
  /**
   * A catalogue code narrower than the status (spec §8: "supports renewal only", "supports purchase only", "not
   * bound to a cloud phone" are all the `specMismatch` state); shown instead of the status text when present.
   */
  errorCode?: number;
  msg?: string;
}

export interface CodeRecord {
  code: string;
  type: ActivationType;
  status: ActivationStatus;
  gradeName: string;
  days: number;
  userPhoneId: number | null;
  phoneNo: string;
  usedAt: number;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export interface RedeemResult {
  kind: 'coupon';
  couponId: number;
}

const CODE = '/api/product/activation-code';

export const activateCodes = (codes: string[], type: ActivationType, userPhoneIds?: number[]) =>
  http.post<ActivationResult[]>(`${CODE}/activate`, { codes, type, userPhoneIds });
export const listCodeRecords = (pageNo: number, pageSize: number) =>
  http.get<Page<CodeRecord>>(`${CODE}/record/page`, { pageNo, pageSize }, { allowDuplicate: true });
export const redeemCode = (code: string) => http.post<RedeemResult>('/api/promotion/redeem-code/use', { code });

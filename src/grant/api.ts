/**
 * Grants (server/API.md "Grants"): lend a phone to another account or by code, the owner's records, revoke, check and
 * redeem a code, the phones granted to me. Inputs and replies take their types from the contract
 * (shared/contract/grants.ts).
 */
import type * as C from '../../shared/contract/grants.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { GrantMode, GrantPermission } from '../../shared/contract/grant-words.ts';
import { api } from '../core/http.ts';

export type CreatedGrant = ReplyOf<typeof C.createGrant>;
export type GrantRecordPage = ReplyOf<typeof C.listGrants>;
export type GrantRecord = GrantRecordPage['list'][number];
export type CodePreview = ReplyOf<typeof C.validateGrantCode>;
export type RedeemedGrant = ReplyOf<typeof C.redeemGrantCode>;
export type GrantedPhones = ReplyOf<typeof C.listGrantedPhones>;
export type GrantedPhone = GrantedPhones['list'][number];

export interface GrantRequest {
  userPhoneId: number;
  mode: GrantMode;
  permission: GrantPermission;
  days: number;
  /** Mode account: mobile number or user number. */
  account: string;
  agreed: boolean;
}

const GRANT = '/api/device/user/phone/grant';

export const createGrant = (request: GrantRequest) => api(`POST ${GRANT}/create`, { body: request });
export const listGrants = (pageNo: number, pageSize: number) => api(`GET ${GRANT}/page`, { query: { pageNo, pageSize } }, { allowDuplicate: true });
export const revokeGrant = (grantId: number) => api(`PUT ${GRANT}/revoke`, { body: { grantId } });
export const validateGrantCode = (code: string) => api('GET /api/merchant/auth/validate-auth-code', { query: { code } });
export const redeemGrantCode = (code: string) => api(`POST ${GRANT}/redeem`, { body: { code } });
export const listGrantedPhones = () => api(`GET ${GRANT}/granted-to-me`, {}, { allowDuplicate: true });

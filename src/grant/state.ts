/**
 * What the grant pages read and change, through the client store (core/store/): the owner's records page by page,
 * the phones granted to me, what a code grants; and the changes (make, revoke, redeem), each of which invalidates
 * what it made stale. Logout drops everything (the store does).
 */
import { fetchQuery, invalidateQueries, removeQueries } from '../core/store/query-store.ts';
import { useQuery, type QueryView } from '../core/store/use-query.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import {
  createGrant, listGrantedPhones, listGrants, redeemGrantCode, revokeGrant, validateGrantCode,
  type CodePreview, type CreatedGrant, type GrantedPhones, type GrantRecord, type GrantRequest, type RedeemedGrant,
} from './api.ts';

const GRANTED_KEY = ['grant', 'granted'];

/** The owner's grants, newest first. */
export const grantRecords = createPagedList<GrantRecord, null>(['grant', 'records'], (_key, pageNo, pageSize) => listGrants(pageNo, pageSize));

/** The phones granted to me (at most 20: one call), under the key a redemption invalidates (redeemCode). */
export function useGrantedPhones(): QueryView<GrantedPhones> {
  return useQuery(GRANTED_KEY, listGrantedPhones);
}

/** Makes a grant; the records read before it no longer hold. */
export async function makeGrant(request: GrantRequest): Promise<CreatedGrant> {
  const created = await createGrant(request);
  removeQueries(['grant', 'records']);
  return created;
}

/** Revokes a grant; the records are read again whatever the answer (a refusal means it changed elsewhere). */
export async function revokeGrantNow(grantId: number): Promise<void> {
  try {
    await revokeGrant(grantId);
  } finally {
    void grantRecords.reload();
  }
}

/** What a code grants, asked on the user's tap; a code asked again is asked anew (it may have been used since). */
export function previewCode(code: string): Promise<CodePreview> {
  const key = ['grant', 'code', code];
  removeQueries(key);
  return fetchQuery(key, () => validateGrantCode(code));
}

/** Redeems a code; my granted phones change. */
export async function redeemCode(code: string): Promise<RedeemedGrant> {
  const redeemed = await redeemGrantCode(code);
  removeQueries(['grant', 'code']);
  invalidateQueries(GRANTED_KEY);
  return redeemed;
}

import { randomInt } from 'node:crypto';
import { ErrorCode } from '../../shared/error-codes.ts';
import { maskMobile } from '../../shared/format.ts';
import type * as contract from '../../shared/contract/grants.ts';
import type { InputOf, ReplyInput } from '../../shared/contract/endpoint.ts';
import { GRANT_CODE_ALPHABET, GRANT_CODE_LENGTH, GRANT_MAX_PHONES_PER_GRANTEE, maxGrantDays } from '../../shared/contract/grant-words.ts';
import type { GrantStatus } from '../../shared/contract/grant-words.ts';
import {
  findGrantByCode, findOwnedGrant, grantedPhones, insertGrant, listOwnerGrants, markRedeemed, markRevoked,
  phonesHeldByGrant, setGrantAccess,
} from '../data/grants.ts';
import type { GrantWithPhone } from '../data/grants.ts';
import { insertPhoneAccess, revokeAccess } from '../data/phone-access.ts';
import { phoneHasLiveShare, phoneIsAuthorized } from '../data/phone-exclusions.ts';
import { findPhone } from '../data/phones.ts';
import { findAccountByMobileOrUserNo } from '../data/users.ts';
import { insertWithFreshNumber } from '../data/statements.ts';
import { postMessage } from './messages.ts';
import { apiError } from './errors.ts';
import { handOverRefusal, loadOwnedPhone } from './phones.ts';
import { hashToken } from './tokens.ts';
import type { Db, UserRow } from './types.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';

// Grants (server/API.md "Grants"; spec §1, §4, §5, §6): an owner lends a phone to another account of the tenant,
// to watch or to control, for 1-999 whole days within the phone's remaining time. By account the grantee is known
// at once; by code whoever redeems it first is. A grant's days count from its creation, for a code too: redeeming
// late does not lengthen it (the code is shown once, so the owner decides the window when making it).
// The grant's access row (phone_access) is what the stream reads; revoking it closes the grantee's sockets.

type CreateBody = InputOf<typeof contract.createGrant>['body'];

/** 12 characters drawn uniformly from the unambiguous alphabet (grant-words.ts). */
function newGrantCode(): string {
  return Array.from({ length: GRANT_CODE_LENGTH }, () => GRANT_CODE_ALPHABET[randomInt(GRANT_CODE_ALPHABET.length)]).join('');
}

/**
 * A grant's state now; "live" needs the phone to be its granter's still and unexpired. A grant that ran out before
 * its phone changed hands stays expired (a transfer marks only live ones).
 */
export function grantStatus(row: GrantWithPhone, now: number): GrantStatus {
  if (row.end_reason === 'revoked') return 'revoked';
  if (row.end_reason === 'transferred') return 'transferred';
  if (row.expires_at <= now) return 'expired';
  if (row.phone_user_id !== row.owner_id) return 'transferred';
  if (row.phone_expire_time <= now) return 'expired';
  return row.grantee_id === null ? 'pending' : 'active';
}

/** The grantee may hold one more phone: at most 20 by live grants per account (spec §9), redeemed codes included. */
async function checkGranteeRoom(db: Db, granteeId: number, now: number): Promise<void> {
  if (await phonesHeldByGrant(db, granteeId, now) >= GRANT_MAX_PHONES_PER_GRANTEE) throw apiError(ErrorCode.GRANT_LIMIT_REACHED);
}

/**
 * Makes a grant, in one transaction (two owners' grants to one grantee cannot both pass its limit).
 * Refusals in this order: the phone is not the caller's (as if it did not exist), it is expired, busy, being
 * replaced or migrated, the days exceed its remaining time, it has a live share link, it has a live grant or
 * unredeemed code; for an account grant, the grantee is unknown (or closed, or a guest: `onUnknown` counts it as a
 * guess, since the answer tells whether a number has an account), is the caller, or already holds the most phones.
 */
export async function createGrant(db: Db, owner: UserRow, body: CreateBody, now: number, onUnknown: () => void): Promise<ReplyInput<typeof contract.createGrant>> {
  return await db.transaction(async (db) => {
    const phone = await loadOwnedPhone(db, owner, body.userPhoneId ?? 0);
    const unusable = handOverRefusal(phone, now);
    if (unusable) throw apiError(unusable);
    if (body.days > maxGrantDays(phone.expire_time - now)) throw apiError(ErrorCode.GRANT_DAYS_OVER_REMAINING);
    if (await phoneHasLiveShare(db, phone.id, now)) throw apiError(ErrorCode.GRANT_PHONE_SHARED);
    if (await phoneIsAuthorized(db, phone.id, now)) throw apiError(ErrorCode.GRANT_PHONE_AUTHORIZED);
    const grantee = body.mode === 'account' ? (await findAccountByMobileOrUserNo(db, owner.tenant_id, body.account))?.user : undefined;
    if (body.mode === 'account') {
      if (!grantee) {
        onUnknown();
        throw apiError(ErrorCode.GRANT_TARGET_NOT_FOUND);
      }
      if (grantee.id === owner.id) throw apiError(ErrorCode.GRANT_SELF);
      await checkGranteeRoom(db, grantee.id, now);
    }
    const expiresAt = Math.min(now + body.days * DAY_MS, phone.expire_time);
    const base = {
      tenantId: owner.tenant_id,
      phoneId: phone.id,
      ownerId: owner.id,
      mode: body.mode,
      permission: body.permission,
      days: body.days,
      expiresAt,
      createdAt: now,
      phoneNo: phone.phone_no,
      phoneName: phone.name,
    };
    if (!grantee) {
      let code = '';
      const grantId = await insertWithFreshNumber(db, 'phone_grants.code_hash', async (db) => {
        code = newGrantCode();
        return await insertGrant(db, { ...base, codeHash: hashToken(code), codeHint: code.slice(-4), granteeId: null });
      });
      return { grantId, mode: 'code' as const, code, expireTime: expiresAt };
    }
    const grantId = await insertGrant(db, { ...base, codeHash: null, codeHint: null, granteeId: grantee.id });
    const accessId = await insertPhoneAccess(db, { phoneId: phone.id, ownerId: owner.id, userId: grantee.id, kind: 'grant', permission: body.permission, expiresAt, createdAt: now });
    await setGrantAccess(db, grantId, accessId);
    await postMessage(db, grantee.id, 'grantReceived', { phoneName: phone.name || phone.phone_no, days: body.days }, now);
    return { grantId, mode: 'account' as const, grantee: maskMobile(grantee.mobile ?? ''), expireTime: expiresAt };
  });
}

/**
 * Ends a live grant and its access; one already over (revoked, expired, ended by a transfer) stays as it is. True
 * when something ended: the caller then asks the stream to re-check its sockets.
 */
export async function revokeGrant(db: Db, owner: UserRow, grantId: number | null, now: number): Promise<boolean> {
  return await db.transaction(async (db) => {
    const grant = grantId === null ? undefined : await findOwnedGrant(db, grantId, owner.id);
    if (!grant) throw apiError(ErrorCode.GRANT_NOT_EXIST);
    if (grant.ended_at !== null || grant.expires_at <= now) return false;
    const ended = await markRevoked(db, grant.id, now);
    if (ended && grant.access_id !== null) await revokeAccess(db, grant.access_id, now);
    return ended;
  });
}

export async function grantRecords(db: Db, owner: UserRow, pageNo: number, pageSize: number, now: number): Promise<ReplyInput<typeof contract.listGrants>> {
  const { rows, total } = await listOwnerGrants(db, owner.id, pageSize, (pageNo - 1) * pageSize);
  const list = rows.map((row) => ({
    grantId: row.id,
    userPhoneId: row.phone_id,
    phoneNo: row.phone_no,
    phoneName: row.phone_name,
    mode: row.mode,
    permission: row.permission,
    status: grantStatus(row, now),
    days: row.days,
    grantee: maskMobile(row.grantee_mobile ?? ''),
    codeHint: row.code_hint ?? '',
    createTime: row.created_at,
    expireTime: row.expires_at,
  }));
  return { list, total };
}

/**
 * The grant a code names, if it can still be redeemed by `user`: a code that does not exist is a guess (`onUnknown`
 * counts it for the throttle); one revoked, expired, or whose phone changed hands is invalid; one redeemed is used;
 * the owner's own code is refused as a grant to oneself.
 */
async function redeemableGrant(db: Db, user: UserRow, code: string, now: number, onUnknown: () => void): Promise<GrantWithPhone> {
  const grant = await findGrantByCode(db, user.tenant_id, hashToken(code));
  if (!grant) {
    onUnknown();
    throw apiError(ErrorCode.GRANT_CODE_INVALID);
  }
  const status = grantStatus(grant, now);
  if (status === 'active') throw apiError(ErrorCode.GRANT_CODE_USED);
  if (status !== 'pending') throw apiError(ErrorCode.GRANT_CODE_INVALID);
  if (grant.owner_id === user.id) throw apiError(ErrorCode.GRANT_SELF);
  return grant;
}

/** What a code grants (spec §7 validate-auth-code), without redeeming it. */
export async function inspectGrantCode(db: Db, user: UserRow, code: string, now: number, onUnknown: () => void): Promise<ReplyInput<typeof contract.validateGrantCode>> {
  const grant = await redeemableGrant(db, user, code, now, onUnknown);
  return {
    phoneName: grant.phone_name,
    phoneNo: grant.phone_no,
    permission: grant.permission,
    days: grant.days,
    expireTime: grant.expires_at,
    owner: maskMobile(grant.owner_mobile ?? ''),
  };
}

/**
 * Redeems a code: the caller gets the phone's access until the grant's end, within the limit of phones held. A phone
 * busy, being replaced or migrated is refused with its own code for now: the code stays redeemable afterwards.
 */
export async function redeemGrantCode(db: Db, user: UserRow, code: string, now: number, onUnknown: () => void): Promise<ReplyInput<typeof contract.redeemGrantCode>> {
  return await db.transaction(async (db) => {
    const grant = await redeemableGrant(db, user, code, now, onUnknown);
    const unusable = handOverRefusal((await findPhone(db, grant.phone_id))!, now);
    if (unusable) throw apiError(unusable);
    await checkGranteeRoom(db, user.id, now);
    const accessId = await insertPhoneAccess(db, {
      phoneId: grant.phone_id,
      ownerId: grant.owner_id,
      userId: user.id,
      kind: 'grant',
      permission: grant.permission,
      expiresAt: grant.expires_at,
      createdAt: now,
    });
    if (!await markRedeemed(db, grant.id, user.id, accessId, now)) throw apiError(ErrorCode.GRANT_CODE_USED);
    await postMessage(db, user.id, 'grantReceived', { phoneName: grant.phone_name || grant.phone_no, days: grant.days }, now);
    return { userPhoneId: grant.phone_id, permission: grant.permission, expireTime: grant.expires_at };
  });
}

export async function phonesGrantedTo(db: Db, user: UserRow, now: number): Promise<ReplyInput<typeof contract.listGrantedPhones>> {
  const list = (await grantedPhones(db, user.id, user.tenant_id, now)).map((row) => ({
    grantId: row.grant_id,
    userPhoneId: row.phone_id,
    phoneNo: row.phone_no,
    name: row.name,
    permission: row.permission,
    expireTime: row.expires_at,
    owner: maskMobile(row.owner_mobile ?? ''),
  }));
  return { list, limit: GRANT_MAX_PHONES_PER_GRANTEE };
}

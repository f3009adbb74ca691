import type { GrantMode, GrantPermission } from '../../shared/contract/grant-words.ts';
import type { Db } from '../lib/types.ts';

// Grants (migration 012, server/lib/grants.ts): a phone lent to another account of the tenant, by account or by
// code. The access row each live grant holds (phone_access, kind 'grant') is what the stream reads; "live" always
// includes "the phone still belongs to whoever made the grant" (a transfer ends it before the rows are marked).

export interface GrantRow {
  id: number;
  tenant_id: number;
  phone_id: number;
  owner_id: number;
  mode: GrantMode;
  permission: GrantPermission;
  days: number;
  code_hash: string | null;
  code_hint: string | null;
  grantee_id: number | null;
  access_id: number | null;
  expires_at: number;
  created_at: number;
  redeemed_at: number | null;
  ended_at: number | null;
  end_reason: 'revoked' | 'transferred' | null;
  /** The phone's number and name when the grant was made (migration 013). */
  phone_no: string;
  phone_name: string;
}

export interface NewGrant {
  tenantId: number;
  phoneId: number;
  ownerId: number;
  mode: GrantMode;
  permission: GrantPermission;
  days: number;
  codeHash: string | null;
  codeHint: string | null;
  granteeId: number | null;
  expiresAt: number;
  createdAt: number;
  phoneNo: string;
  phoneName: string;
}

export async function insertGrant(db: Db, grant: NewGrant): Promise<number> {
  const result = await db.run(`INSERT INTO phone_grants (tenant_id, phone_id, owner_id, mode, permission, days, code_hash, code_hint, grantee_id, expires_at, created_at,
       phone_no, phone_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, grant.tenantId,
    grant.phoneId,
    grant.ownerId,
    grant.mode,
    grant.permission,
    grant.days,
    grant.codeHash,
    grant.codeHint,
    grant.granteeId,
    grant.expiresAt,
    grant.createdAt,
    grant.phoneNo,
    grant.phoneName,
  );
  return Number(result.lastId);
}

export async function setGrantAccess(db: Db, grantId: number, accessId: number): Promise<void> {
  await db.run('UPDATE phone_grants SET access_id = ? WHERE id = ?', accessId, grantId);
}

/**
 * A grant with what its checks read of its phone: the current owner and the phone's own expiry. Its number and name
 * are the grant's own (as they were when it was made): once the phone changes hands, the new owner's renaming is not
 * the old owner's business.
 */
export type GrantWithPhone = GrantRow & { phone_user_id: number; phone_expire_time: number; owner_mobile: string | null };

const GRANT_WITH_PHONE = 'g.*, p.user_id AS phone_user_id, p.expire_time AS phone_expire_time';

/** The grant a code digest names, in the tenant, with its phone and owner; undefined for a code that does not exist. */
export async function findGrantByCode(db: Db, tenantId: number, codeHash: string): Promise<GrantWithPhone | undefined> {
  return await db.get(`SELECT ${GRANT_WITH_PHONE}, u.mobile AS owner_mobile
     FROM phone_grants g JOIN phones p ON p.id = g.phone_id JOIN users u ON u.id = g.owner_id
     WHERE g.code_hash = ? AND g.tenant_id = ?`, codeHash, tenantId) as GrantWithPhone | undefined;
}

/** Gives an unredeemed code grant to its grantee; false when someone redeemed it first. */
export async function markRedeemed(db: Db, grantId: number, granteeId: number, accessId: number, now: number): Promise<boolean> {
  return (
    (await db.run('UPDATE phone_grants SET grantee_id = ?, access_id = ?, redeemed_at = ? WHERE id = ? AND grantee_id IS NULL AND ended_at IS NULL', granteeId, accessId, now, grantId)).changes === 1
  );
}

/** The owner's grant by id; another account's looks exactly like a missing one. */
export async function findOwnedGrant(db: Db, grantId: number, ownerId: number): Promise<GrantRow | undefined> {
  return await db.get('SELECT * FROM phone_grants WHERE id = ? AND owner_id = ?', grantId, ownerId) as GrantRow | undefined;
}

/** Marks a grant revoked (once: an ended grant keeps its first reason). */
export async function markRevoked(db: Db, grantId: number, now: number): Promise<boolean> {
  return (await db.run("UPDATE phone_grants SET ended_at = ?, end_reason = 'revoked' WHERE id = ? AND ended_at IS NULL", now, grantId)).changes === 1;
}

/** A row of the owner's records: the grant, its phone, and the grantee's number. */
export type GrantRecordRow = GrantWithPhone & { grantee_mobile: string | null };

export async function listOwnerGrants(db: Db, ownerId: number, limit: number, offset: number): Promise<{ rows: GrantRecordRow[]; total: number }> {
  const total = await db.value('SELECT COUNT(*) FROM phone_grants WHERE owner_id = ?', ownerId) as number;
  const rows = await db.all(`SELECT ${GRANT_WITH_PHONE}, o.mobile AS owner_mobile, t.mobile AS grantee_mobile
     FROM phone_grants g JOIN phones p ON p.id = g.phone_id JOIN users o ON o.id = g.owner_id
       LEFT JOIN users t ON t.id = g.grantee_id
     WHERE g.owner_id = ? ORDER BY g.id DESC LIMIT ? OFFSET ?`, ownerId, limit, offset) as GrantRecordRow[];
  return { rows, total };
}

/**
 * How many phones the user holds by live grants: redeemed or given, not ended, not expired, phone unexpired and still
 * its granter's.
 */
export async function phonesHeldByGrant(db: Db, granteeId: number, now: number): Promise<number> {
  return await db.value(`SELECT COUNT(DISTINCT g.phone_id) FROM phone_grants g JOIN phones p ON p.id = g.phone_id
     WHERE g.grantee_id = ? AND g.ended_at IS NULL AND g.expires_at > ? AND p.expire_time > ? AND p.user_id = g.owner_id`, granteeId, now, now) as number;
}

export interface GrantedPhoneRow {
  grant_id: number;
  phone_id: number;
  phone_no: string;
  name: string;
  permission: GrantPermission;
  expires_at: number;
  owner_mobile: string | null;
}

/** The phones granted to the user now (live as in phonesHeldByGrant, access unrevoked), soonest to end first. */
export async function grantedPhones(db: Db, granteeId: number, tenantId: number, now: number): Promise<GrantedPhoneRow[]> {
  return await db.all(`SELECT g.id AS grant_id, p.id AS phone_id, p.phone_no, p.name, a.permission, ${db.dialect.least('g.expires_at', 'p.expire_time')} AS expires_at, o.mobile AS owner_mobile
     FROM phone_grants g JOIN phones p ON p.id = g.phone_id JOIN phone_access a ON a.id = g.access_id JOIN users o ON o.id = g.owner_id
     WHERE g.grantee_id = ? AND g.tenant_id = ? AND g.ended_at IS NULL AND g.expires_at > ? AND p.expire_time > ?
       AND p.user_id = g.owner_id AND a.revoked_at IS NULL
     ORDER BY expires_at, g.id`, granteeId, tenantId, now, now) as GrantedPhoneRow[];
}

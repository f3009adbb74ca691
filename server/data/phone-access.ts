import type { Db } from '../lib/types.ts';
import type { PhoneRow } from './phones.ts';

// Access to a phone by someone who does not own it (migration 010): a grant from the owner, or a share viewer who
// joined the owner's link. The grant and share pages create these rows; the stream reads them.

export type AccessKind = 'grant' | 'share';
export type AccessPermission = 'view' | 'control';

export interface NewPhoneAccess {
  phoneId: number;
  ownerId: number;
  userId: number;
  kind: AccessKind;
  permission: AccessPermission;
  expiresAt: number;
  createdAt: number;
}

export interface PhoneAccessRow {
  id: number;
  kind: AccessKind;
  permission: AccessPermission;
  expires_at: number;
}

export async function insertPhoneAccess(db: Db, access: NewPhoneAccess): Promise<number> {
  const result = await db.run('INSERT INTO phone_access (phone_id, owner_id, user_id, kind, permission, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id', access.phoneId, access.ownerId, access.userId, access.kind, access.permission, access.expiresAt, access.createdAt);
  return Number(result.lastId);
}

export async function setAccessPermission(db: Db, accessId: number, permission: AccessPermission): Promise<void> {
  await db.run('UPDATE phone_access SET permission = ? WHERE id = ?', permission, accessId);
}

export async function revokeAccess(db: Db, accessId: number, now: number): Promise<void> {
  await db.run('UPDATE phone_access SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, accessId);
}

/**
 * A phone someone else owns that this user may open, with the access that allows it: in the user's tenant, still
 * owned by whoever gave the access (a transfer ends it), not revoked, not expired. The newest access wins when there
 * are several.
 */
export async function accessiblePhone(
  db: Db,
  userId: number,
  tenantId: number,
  phoneId: number,
  now: number,
): Promise<{ phone: PhoneRow; access: PhoneAccessRow } | undefined> {
  const row = await db.get(`SELECT a.id AS access_id, a.kind AS access_kind, a.permission AS access_permission, a.expires_at AS access_expires_at, p.*
     FROM phone_access a JOIN phones p ON p.id = a.phone_id
     WHERE a.user_id = ? AND a.phone_id = ? AND p.tenant_id = ? AND p.user_id = a.owner_id
       AND a.revoked_at IS NULL AND a.expires_at > ?
     ORDER BY a.id DESC LIMIT 1`, userId, phoneId, tenantId, now) as
    | (PhoneRow & { access_id: number; access_kind: AccessKind; access_permission: AccessPermission; access_expires_at: number })
    | undefined;
  if (!row) return undefined;
  const { access_id, access_kind, access_permission, access_expires_at, ...phone } = row;
  return { phone, access: { id: access_id, kind: access_kind, permission: access_permission, expires_at: access_expires_at } };
}

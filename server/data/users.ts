import { randomInt } from 'node:crypto';
import type { Db, UserRow } from '../lib/types.ts';
import { insertWithFreshNumber } from './statements.ts';

// Accounts: registered users and guests, their profile, number, password hash, inviter and closing.

/** The live (not closed) registered user of this number, if any. Guests have no number, so they never match. */
export async function findUserByMobile(db: Db, tenantId: number, mobile: string): Promise<UserRow | null> {
  return (await db.get('SELECT * FROM users WHERE tenant_id = ? AND mobile = ? AND deleted_at IS NULL', tenantId, mobile) as UserRow | undefined) ?? null;
}

async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  return (await db.get('SELECT * FROM users WHERE id = ?', id) as UserRow | undefined) ?? null;
}

export interface NewUser {
  tenantId: number;
  /** Null makes a guest (then trialExpiresAt is required, see migration 3). */
  mobile: string | null;
  registerTime: number;
  nickname?: string;
  avatar?: string;
  passwordHash?: string | null;
  trialExpiresAt?: number | null;
  fingerprintId?: string;
  /** When the first-run guide counts as seen; null shows it to the account, left out it counts as seen (API.md "First-run guide"). */
  guideSeenAt?: number | null;
}

/** userNo is a random 8-digit number (not the row id), so it reveals nothing about how many users exist. */
export async function createUser(db: Db, user: NewUser): Promise<UserRow> {
  const columns = 'tenant_id, mobile, user_no, nickname, avatar, password_hash, register_time, guest, trial_expires_at, fingerprint_id';
  const values = [
    user.tenantId,
    user.mobile,
    '',
    user.nickname ?? '',
    user.avatar ?? '',
    user.passwordHash ?? null,
    user.registerTime,
    user.mobile === null ? 1 : 0,
    user.trialExpiresAt ?? null,
    user.fingerprintId ?? '',
  ];
  // Left out, the guide column keeps its default, "seen" (migration 27): the seed also runs on older schemas.
  const withGuide = user.guideSeenAt !== undefined;
  const id = await insertWithFreshNumber(db, 'users.user_no', async (db) => {
    values[2] = String(randomInt(10_000_000, 100_000_000));
    return Number((await db.run(`INSERT INTO users (${columns}${withGuide ? ', guide_seen_at' : ''}) VALUES (${'?, '.repeat(values.length - 1)}?${withGuide ? ', ?' : ''}) RETURNING id`, ...values, ...(withGuide ? [user.guideSeenAt ?? null] : []))).lastId);
  });
  return (await findUserById(db, id))!;
}

/**
 * sms-login registers an unknown mobile (spec §1); a concurrent registration of the same mobile just wins. `guideSeen`
 * creates it with the first-run guide already seen (NEW_ACCOUNTS_SKIP_GUIDE).
 */
export async function findOrCreateUser(db: Db, tenantId: number, mobile: string, now: number, guideSeen = false): Promise<UserRow> {
  return await db.transaction(async (db) => await findUserByMobile(db, tenantId, mobile) ?? await createUser(db, { tenantId, mobile, registerTime: now, guideSeenAt: guideSeen ? now : null }),
  );
}

/** Idempotent: the first time the guide was finished or skipped stays. */
export async function markGuideSeen(db: Db, userId: number, now: number): Promise<void> {
  await db.run('UPDATE users SET guide_seen_at = ? WHERE id = ? AND guide_seen_at IS NULL', now, userId);
}

/** Only the fields given (not null) change. */
export async function updateProfile(db: Db, userId: number, nickname: string | null, avatar: string | null): Promise<void> {
  await db.run('UPDATE users SET nickname = COALESCE(?, nickname), avatar = COALESCE(?, avatar) WHERE id = ?', nickname, avatar, userId);
}

export async function setPasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  await db.run('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId);
}

/** False when the account was closed or its number changed meanwhile (the guard on the current number). */
export async function changeMobile(db: Db, userId: number, current: string, mobile: string, now: number): Promise<boolean> {
  return (
    (await db.run('UPDATE users SET mobile = ?, mobile_changed_at = ? WHERE id = ? AND mobile = ? AND deleted_at IS NULL', mobile, now, userId, current))
      .changes === 1
  );
}

/** A soft delete: the row stays (orders and invites may point at it) but every live-user lookup skips it. */
export async function closeAccount(db: Db, userId: number, now: number): Promise<void> {
  await db.run('UPDATE users SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL', now, userId);
}

/** A live registered account of the tenant with this userNo (an invite code). */
export async function findInviter(db: Db, tenantId: number, userNo: string): Promise<{ id: number; inviter_user_id: number | null } | undefined> {
  return await db.get('SELECT id, inviter_user_id FROM users WHERE user_no = ? AND tenant_id = ? AND guest = FALSE AND deleted_at IS NULL', userNo, tenantId) as
    | { id: number; inviter_user_id: number | null }
    | undefined;
}

/** The IS NULL guard makes a concurrent second submission fail (false) instead of overwriting the first inviter. */
export async function setInviter(db: Db, userId: number, inviterId: number): Promise<boolean> {
  return (await db.run('UPDATE users SET inviter_user_id = ? WHERE id = ? AND inviter_user_id IS NULL', inviterId, userId)).changes === 1;
}

/** Whether the live account of this number logged in (a session was made for it) since `since`. */
export async function loggedInSince(db: Db, tenantId: number, mobile: string, since: number): Promise<boolean> {
  return (
    await db.value(`SELECT 1 FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.tenant_id = ? AND u.mobile = ? AND u.deleted_at IS NULL AND s.created_at > ? LIMIT 1`, tenantId, mobile, since) !== undefined
  );
}

/**
 * A live registered account of the tenant named by its mobile number or its user number (guests and closed accounts
 * never), and which of the two named it. A mobile match wins: a number may be one account's mobile and, by chance,
 * another's user number.
 */
export async function findAccountByMobileOrUserNo(db: Db, tenantId: number, value: string): Promise<{ user: UserRow; by: 'mobile' | 'userNo' } | undefined> {
  const user = await db.get(`SELECT * FROM users WHERE tenant_id = ? AND (mobile = ? OR user_no = ?) AND guest = FALSE AND deleted_at IS NULL
     ORDER BY mobile = ? DESC LIMIT 1`, tenantId, value, value, value) as UserRow | undefined;
  return user && { user, by: user.mobile === value ? 'mobile' : 'userNo' };
}

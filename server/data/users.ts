import { randomInt } from 'node:crypto';
import type { Db, UserRow } from '../lib/types.ts';
import { immediate, insertWithFreshNumber, plucked, statement } from './statements.ts';

// Accounts: registered users and guests, their profile, number, password hash, inviter and closing.

/** The live (not closed) registered user of this number, if any. Guests have no number, so they never match. */
export function findUserByMobile(db: Db, tenantId: number, mobile: string): UserRow | null {
  return (statement(db, 'SELECT * FROM users WHERE tenant_id = ? AND mobile = ? AND deleted_at IS NULL').get(tenantId, mobile) as UserRow | undefined) ?? null;
}

function findUserById(db: Db, id: number): UserRow | null {
  return (statement(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
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
export function createUser(db: Db, user: NewUser): UserRow {
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
  const insert = statement(
    db,
    `INSERT INTO users (${columns}${withGuide ? ', guide_seen_at' : ''}) VALUES (${'?, '.repeat(values.length - 1)}?${withGuide ? ', ?' : ''})`,
  );
  const id = insertWithFreshNumber('users.user_no', () => {
    values[2] = String(randomInt(10_000_000, 100_000_000));
    return Number(insert.run(...values, ...(withGuide ? [user.guideSeenAt] : [])).lastInsertRowid);
  });
  return findUserById(db, id)!;
}

/**
 * sms-login registers an unknown mobile (spec §1); a concurrent registration of the same mobile just wins. `guideSeen`
 * creates it with the first-run guide already seen (NEW_ACCOUNTS_SKIP_GUIDE).
 */
export function findOrCreateUser(db: Db, tenantId: number, mobile: string, now: number, guideSeen = false): UserRow {
  return immediate(
    db,
    () => findUserByMobile(db, tenantId, mobile) ?? createUser(db, { tenantId, mobile, registerTime: now, guideSeenAt: guideSeen ? now : null }),
  );
}

/** Idempotent: the first time the guide was finished or skipped stays. */
export function markGuideSeen(db: Db, userId: number, now: number): void {
  statement(db, 'UPDATE users SET guide_seen_at = ? WHERE id = ? AND guide_seen_at IS NULL').run(now, userId);
}

/** Only the fields given (not null) change. */
export function updateProfile(db: Db, userId: number, nickname: string | null, avatar: string | null): void {
  statement(db, 'UPDATE users SET nickname = COALESCE(?, nickname), avatar = COALESCE(?, avatar) WHERE id = ?').run(nickname, avatar, userId);
}

export function setPasswordHash(db: Db, userId: number, hash: string): void {
  statement(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}

/** False when the account was closed or its number changed meanwhile (the guard on the current number). */
export function changeMobile(db: Db, userId: number, current: string, mobile: string, now: number): boolean {
  return (
    statement(db, 'UPDATE users SET mobile = ?, mobile_changed_at = ? WHERE id = ? AND mobile = ? AND deleted_at IS NULL').run(mobile, now, userId, current)
      .changes === 1
  );
}

/** A soft delete: the row stays (orders and invites may point at it) but every live-user lookup skips it. */
export function closeAccount(db: Db, userId: number, now: number): void {
  statement(db, 'UPDATE users SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(now, userId);
}

/** A live registered account of the tenant with this userNo (an invite code). */
export function findInviter(db: Db, tenantId: number, userNo: string): { id: number; inviter_user_id: number | null } | undefined {
  return statement(db, 'SELECT id, inviter_user_id FROM users WHERE user_no = ? AND tenant_id = ? AND guest = 0 AND deleted_at IS NULL').get(userNo, tenantId) as
    | { id: number; inviter_user_id: number | null }
    | undefined;
}

/** The IS NULL guard makes a concurrent second submission fail (false) instead of overwriting the first inviter. */
export function setInviter(db: Db, userId: number, inviterId: number): boolean {
  return statement(db, 'UPDATE users SET inviter_user_id = ? WHERE id = ? AND inviter_user_id IS NULL').run(inviterId, userId).changes === 1;
}

/** Whether the live account of this number logged in (a session was made for it) since `since`. */
export function loggedInSince(db: Db, tenantId: number, mobile: string, since: number): boolean {
  return (
    plucked(
      db,
      `SELECT 1 FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.tenant_id = ? AND u.mobile = ? AND u.deleted_at IS NULL AND s.created_at > ? LIMIT 1`,
    ).get(tenantId, mobile, since) !== undefined
  );
}

/**
 * A live registered account of the tenant named by its mobile number or its user number (guests and closed accounts
 * never), and which of the two named it. A mobile match wins: a number may be one account's mobile and, by chance,
 * another's user number.
 */
export function findAccountByMobileOrUserNo(db: Db, tenantId: number, value: string): { user: UserRow; by: 'mobile' | 'userNo' } | undefined {
  const user = statement(
    db,
    `SELECT * FROM users WHERE tenant_id = ? AND (mobile = ? OR user_no = ?) AND guest = 0 AND deleted_at IS NULL
     ORDER BY mobile = ? DESC LIMIT 1`,
  ).get(tenantId, value, value, value) as UserRow | undefined;
  return user && { user, by: user.mobile === value ? 'mobile' : 'userNo' };
}

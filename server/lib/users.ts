import { randomInt } from 'node:crypto';
import type { Db, UserRow } from './types.ts';

export const MOBILE_ALREADY_BOUND_MESSAGE = 'This mobile number is already bound to another account';

/** The live (not closed) registered user of this number, if any. Guests have no number, so they never match. */
export function findUserByMobile(db: Db, tenantId: number, mobile: string): UserRow | null {
  const row = db.prepare('SELECT * FROM users WHERE tenant_id = ? AND mobile = ? AND deleted_at IS NULL').get(tenantId, mobile) as
    | UserRow
    | undefined;
  return row ?? null;
}

export function findUserById(db: Db, id: number): UserRow | null {
  return (db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
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
}

/**
 * userNo is a random 8-digit number (not the row id), so it reveals nothing about how many users exist; the
 * UNIQUE constraint decides collisions and we simply draw again.
 */
export function createUser(db: Db, user: NewUser): UserRow {
  const insert = db.prepare(
    `INSERT INTO users (tenant_id, mobile, user_no, nickname, avatar, password_hash, register_time, guest, trial_expires_at, fingerprint_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let attempt = 0; ; attempt++) {
    const userNo = String(randomInt(10_000_000, 100_000_000));
    try {
      const result = insert.run(
        user.tenantId,
        user.mobile,
        userNo,
        user.nickname ?? '',
        user.avatar ?? '',
        user.passwordHash ?? null,
        user.registerTime,
        user.mobile === null ? 1 : 0,
        user.trialExpiresAt ?? null,
        user.fingerprintId ?? '',
      );
      return findUserById(db, Number(result.lastInsertRowid))!;
    } catch (error) {
      const collided = error instanceof Error && /UNIQUE constraint failed: users\.user_no/.test(error.message);
      if (!collided || attempt >= 20) throw error;
    }
  }
}

/** sms-login registers an unknown mobile (spec §1); a concurrent registration of the same mobile just wins. */
export function findOrCreateUser(db: Db, tenantId: number, mobile: string, now: number): UserRow {
  return db.transaction(() => findUserByMobile(db, tenantId, mobile) ?? createUser(db, { tenantId, mobile, registerTime: now })).immediate();
}

/** A guest whose trial is over; every authenticated call answers TRIAL_ENDED for it (API.md "Guest trial"). */
export function isTrialOver(user: Pick<UserRow, 'guest' | 'trial_expires_at'>, now: number): boolean {
  return user.guest === 1 && (user.trial_expires_at === null || now >= user.trial_expires_at);
}

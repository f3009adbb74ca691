import { randomInt } from 'node:crypto';
import type { Db, UserRow } from './types.ts';

export function findUserByMobile(db: Db, tenantId: number, mobile: string): UserRow | null {
  const row = db.prepare('SELECT * FROM users WHERE tenant_id = ? AND mobile = ?').get(tenantId, mobile) as UserRow | undefined;
  return row ?? null;
}

export interface NewUser {
  tenantId: number;
  mobile: string;
  registerTime: number;
  nickname?: string;
  avatar?: string;
  passwordHash?: string | null;
}

/**
 * userNo is a random 8-digit number (not the row id), so it reveals nothing about how many users exist; the
 * UNIQUE constraint decides collisions and we simply draw again.
 */
export function createUser(db: Db, user: NewUser): UserRow {
  const insert = db.prepare(
    'INSERT INTO users (tenant_id, mobile, user_no, nickname, avatar, password_hash, register_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (let attempt = 0; ; attempt++) {
    const userNo = String(randomInt(10_000_000, 100_000_000));
    try {
      const result = insert.run(user.tenantId, user.mobile, userNo, user.nickname ?? '', user.avatar ?? '', user.passwordHash ?? null, user.registerTime);
      return db.prepare('SELECT * FROM users WHERE id = ?').get(result.lastInsertRowid) as UserRow;
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

import type { Db } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

// Verification codes sent by SMS, stored as digests with their expiry, wrong attempts, use, and the address that
// asked for them (the send limits of lib/sms-send-limits.ts are counted from these rows).

export interface SmsCodeRow {
  id: number;
  code_hash: string;
  expires_at: number;
  /** Wrong guesses from the address that asked for the code. */
  attempts: number;
  /** Wrong guesses from any other address. */
  foreign_attempts: number;
  client_address: string;
  used_at: number | null;
}

// The "n-th most recent send" lookups answer "is the cap of n+1 reached within the window, and since when":
// the send that would leave the window first is the (n+1)-th newest. Offset 0 is the last send.

/** When the requester (address) had the mobile and scene sent its `offset`-th latest code in the tenant, or null. */
export function requesterSentAt(db: Db, tenantId: number, mobile: string, scene: number, address: string, offset: number): number | null {
  return (
    (plucked(
      db,
      'SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? AND client_address = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?',
    ).get(tenantId, mobile, scene, address, offset) as number | undefined) ?? null
  );
}

/** When the address had its `offset`-th latest code sent, to any mobile, tenant or scene, or null. */
export function addressSentAt(db: Db, address: string, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes WHERE client_address = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(address, offset) as number | undefined) ?? null;
}

/**
 * When the addresses between `from` (inclusive) and `to` (exclusive) had their `offset`-th latest code sent, or null:
 * an IPv4 /24 is the range of keys from "a.b.c." to "a.b.c/" ('/' follows '.').
 */
export function addressRangeSentAt(db: Db, from: string, to: string, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes WHERE client_address >= ? AND client_address < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's numbers from `from` (inclusive) to `to` (exclusive) had their `offset`-th latest code sent, or null. */
export function mobileRangeSentAt(db: Db, tenantId: number, from: string, to: string, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile >= ? AND mobile < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(tenantId, from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's mobile had its `offset`-th latest code sent, in any scene and to any requester, or null. */
export function mobileSentAt(db: Db, tenantId: number, mobile: string, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(tenantId, mobile, offset) as number | undefined) ?? null;
}

/**
 * Which share a code was sent from (the `reserved` column): the server cap's open share (0), or past it the reserve,
 * as a number's first code of the hour (1) or as the owner's (2). The two reserve kinds are counted apart
 * (lib/sms-send-limits.ts).
 */
export type SmsShare = 'open' | 'first-of-hour' | 'owner';
const SHARE_COLUMN: Record<SmsShare, number> = { open: 0, 'first-of-hour': 1, owner: 2 };

/** When the server sent its `offset`-th latest first code of the hour from the reserve, or null. */
export function firstOfHourReserveSentAt(db: Db, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes WHERE reserved = 1 ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(offset) as number | undefined) ?? null;
}

/** The same, of those the addresses from `from` to `to` (exclusive) asked for. */
export function firstOfHourReserveRangeSentAt(db: Db, from: string, to: string, offset: number): number | null {
  const text =
    'SELECT created_at FROM sms_codes WHERE reserved = 1 AND client_address >= ? AND client_address < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's mobile had its `offset`-th latest owner's code from the reserve, asked from `from` to `to`, or null. */
export function ownerReserveSentAt(db: Db, tenantId: number, mobile: string, from: string, to: string, offset: number): number | null {
  const text = `SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND reserved = 2 AND client_address >= ? AND client_address < ?
     ORDER BY created_at DESC LIMIT 1 OFFSET ?`;
  return (plucked(db, text).get(tenantId, mobile, from, to, offset) as number | undefined) ?? null;
}

/** When the server sent its `offset`-th latest code, or null. */
export function serverSentAt(db: Db, offset: number): number | null {
  const text = 'SELECT created_at FROM sms_codes ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (plucked(db, text).get(offset) as number | undefined) ?? null;
}

export interface NewSmsCode {
  tenantId: number;
  mobile: string;
  scene: number;
  codeHash: string;
  clientAddress: string;
  createdAt: number;
  expiresAt: number;
  share: SmsShare;
}

export function insertSmsCode(db: Db, code: NewSmsCode): void {
  statement(
    db,
    'INSERT INTO sms_codes (tenant_id, mobile, scene, code_hash, client_address, created_at, expires_at, reserved) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(code.tenantId, code.mobile, code.scene, code.codeHash, code.clientAddress, code.createdAt, code.expiresAt, SHARE_COLUMN[code.share]);
}

/** The most recent code of this mobile and scene, whoever asked for it. */
export function latestSmsCode(db: Db, tenantId: number, mobile: string, scene: number): SmsCodeRow | undefined {
  return statement(
    db,
    'SELECT id, code_hash, expires_at, attempts, foreign_attempts, client_address, used_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? ORDER BY id DESC LIMIT 1',
  ).get(tenantId, mobile, scene) as SmsCodeRow | undefined;
}

/** Each requester's latest unexpired code of this mobile and scene (a requester's resend supersedes its older codes). */
export function requestersLatestCodes(db: Db, tenantId: number, mobile: string, scene: number, now: number): SmsCodeRow[] {
  return statement(
    db,
    `SELECT id, code_hash, expires_at, attempts, foreign_attempts, client_address, used_at FROM sms_codes WHERE id IN (
       SELECT MAX(id) FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? AND expires_at > ? GROUP BY client_address
     ) ORDER BY id DESC`,
  ).all(tenantId, mobile, scene, now) as SmsCodeRow[];
}

/** A wrong guess at the code, from its requester's address (`own`) or from another. */
export function countWrongAttempt(db: Db, id: number, own: boolean): void {
  if (own) statement(db, 'UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?').run(id);
  else statement(db, 'UPDATE sms_codes SET foreign_attempts = foreign_attempts + 1 WHERE id = ?').run(id);
}

/** False when the code was used meanwhile: the guard on used_at makes a concurrent second use fail. */
export function markSmsCodeUsed(db: Db, id: number, now: number): boolean {
  return statement(db, 'UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, id).changes === 1;
}

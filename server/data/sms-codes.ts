import type { Db } from '../lib/types.ts';

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
export async function requesterSentAt(db: Db, tenantId: number, mobile: string, scene: number, address: string, offset: number): Promise<number | null> {
  return (
    (await db.value('SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? AND client_address = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?', tenantId, mobile, scene, address, offset) as number | undefined) ?? null
  );
}

/** When the address had its `offset`-th latest code sent, to any mobile, tenant or scene, or null. */
export async function addressSentAt(db: Db, address: string, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes WHERE client_address = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, address, offset) as number | undefined) ?? null;
}

/**
 * When the addresses between `from` (inclusive) and `to` (exclusive) had their `offset`-th latest code sent, or null:
 * an IPv4 /24 is the range of keys from "a.b.c." to "a.b.c/" ('/' follows '.').
 */
export async function addressRangeSentAt(db: Db, from: string, to: string, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes WHERE client_address >= ? AND client_address < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's numbers from `from` (inclusive) to `to` (exclusive) had their `offset`-th latest code sent, or null. */
export async function mobileRangeSentAt(db: Db, tenantId: number, from: string, to: string, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile >= ? AND mobile < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, tenantId, from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's mobile had its `offset`-th latest code sent, in any scene and to any requester, or null. */
export async function mobileSentAt(db: Db, tenantId: number, mobile: string, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, tenantId, mobile, offset) as number | undefined) ?? null;
}

/**
 * Which share a code was sent from (the `reserved` column): the server cap's open share (0), or past it the reserve,
 * as a number's first code of the hour (1) or as the owner's (2). The two reserve kinds are counted apart
 * (lib/sms-send-limits.ts).
 */
export type SmsShare = 'open' | 'first-of-hour' | 'owner';
const SHARE_COLUMN: Record<SmsShare, number> = { open: 0, 'first-of-hour': 1, owner: 2 };

/** When the server sent its `offset`-th latest first code of the hour from the reserve, or null. */
export async function firstOfHourReserveSentAt(db: Db, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes WHERE reserved = 1 ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, offset) as number | undefined) ?? null;
}

/** The same, of those the addresses from `from` to `to` (exclusive) asked for. */
export async function firstOfHourReserveRangeSentAt(db: Db, from: string, to: string, offset: number): Promise<number | null> {
  const text =
    'SELECT created_at FROM sms_codes WHERE reserved = 1 AND client_address >= ? AND client_address < ? ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, from, to, offset) as number | undefined) ?? null;
}

/** When the tenant's mobile had its `offset`-th latest owner's code from the reserve, asked from `from` to `to`, or null. */
export async function ownerReserveSentAt(db: Db, tenantId: number, mobile: string, from: string, to: string, offset: number): Promise<number | null> {
  const text = `SELECT created_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND reserved = 2 AND client_address >= ? AND client_address < ?
     ORDER BY created_at DESC LIMIT 1 OFFSET ?`;
  return (await db.value(text, tenantId, mobile, from, to, offset) as number | undefined) ?? null;
}

/** When the server sent its `offset`-th latest code, or null. */
export async function serverSentAt(db: Db, offset: number): Promise<number | null> {
  const text = 'SELECT created_at FROM sms_codes ORDER BY created_at DESC LIMIT 1 OFFSET ?';
  return (await db.value(text, offset) as number | undefined) ?? null;
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

export async function insertSmsCode(db: Db, code: NewSmsCode): Promise<void> {
  await db.run('INSERT INTO sms_codes (tenant_id, mobile, scene, code_hash, client_address, created_at, expires_at, reserved) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', code.tenantId, code.mobile, code.scene, code.codeHash, code.clientAddress, code.createdAt, code.expiresAt, SHARE_COLUMN[code.share]);
}

/** The most recent code of this mobile and scene, whoever asked for it. */
export async function latestSmsCode(db: Db, tenantId: number, mobile: string, scene: number): Promise<SmsCodeRow | undefined> {
  return await db.get('SELECT id, code_hash, expires_at, attempts, foreign_attempts, client_address, used_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? ORDER BY id DESC LIMIT 1', tenantId, mobile, scene) as SmsCodeRow | undefined;
}

/** Each requester's latest unexpired code of this mobile and scene (a requester's resend supersedes its older codes). */
export async function requestersLatestCodes(db: Db, tenantId: number, mobile: string, scene: number, now: number): Promise<SmsCodeRow[]> {
  return await db.all(`SELECT id, code_hash, expires_at, attempts, foreign_attempts, client_address, used_at FROM sms_codes WHERE id IN (
       SELECT MAX(id) FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? AND expires_at > ? GROUP BY client_address
     ) ORDER BY id DESC`, tenantId, mobile, scene, now) as SmsCodeRow[];
}

/** A wrong guess at the code, from its requester's address (`own`) or from another. */
export async function countWrongAttempt(db: Db, id: number, own: boolean): Promise<void> {
  if (own) await db.run('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?', id);
  else await db.run('UPDATE sms_codes SET foreign_attempts = foreign_attempts + 1 WHERE id = ?', id);
}

/** False when the code was used meanwhile: the guard on used_at makes a concurrent second use fail. */
export async function markSmsCodeUsed(db: Db, id: number, now: number): Promise<boolean> {
  return (await db.run('UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL', now, id)).changes === 1;
}

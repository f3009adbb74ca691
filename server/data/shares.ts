import { flag } from '../db/dialect.ts';
import type { ControlRequest } from '../../shared/contract/stream-protocol.ts';
import type { SharePermission, ViewerState } from '../../shared/contract/share-words.ts';
import type { StreamPhoneRow } from './phone-tokens.ts';
import type { Db } from '../lib/types.ts';

// Screen shares by link and their viewers (migration 012; server/API.md "Screen sharing"). Tokens and viewer keys
// are only ever stored as digests. A share is live while not ended, not expired, and its maker still owns the phone
// (a transfer ends it even before endPhoneSharing marks the rows).
//
// A viewer is in the room while its row says 'enabled' and it was seen (joined, or had a socket open: the stream
// server writes last_seen_at, migration 014) since the caller's `seenSince`; an 'enabled' row not seen since then
// reads as 'disabled'. So a join that never opens a socket stops holding a place, and a restart, which loses the
// stream's timers, leaves nobody stale in the room.

export interface ShareRow {
  id: number;
  tenant_id: number;
  phone_id: number;
  owner_id: number;
  permission: SharePermission;
  expires_at: number;
  created_at: number;
  ended_at: number | null;
  end_reason: 'replaced' | 'ended' | 'transferred' | null;
  phone_name: string;
  /** 1 while the share's maker still owns the phone (and the phone has time left). */
  owned: number | boolean;
}

export interface ViewerRow {
  id: number;
  share_id: number;
  user_id: number | null;
  display_name: string;
  permission: SharePermission;
  state: ViewerState;
  control_requested_at: number | null;
  joined_at: number;
  updated_at: number;
}

const SHARE_COLUMNS = `s.id, s.tenant_id, s.phone_id, s.owner_id, s.permission, s.expires_at, s.created_at, s.ended_at, s.end_reason,
  p.name AS phone_name, (p.user_id = s.owner_id AND p.expire_time > ?) AS owned`;

/** Live: not ended, not expired, still the owner's phone (the row's `owned`). */
export function isLive(share: ShareRow, now: number): boolean {
  return share.ended_at === null && share.expires_at > now && flag(share.owned);
}

export interface NewShare {
  tenantId: number;
  phoneId: number;
  ownerId: number;
  tokenHash: string;
  permission: SharePermission;
  expiresAt: number;
  createdAt: number;
}

/** Ends the phone's earlier shares that still run (their viewers' places with them) and inserts the new one. */
export async function replaceShare(db: Db, share: NewShare): Promise<number> {
  for (const id of await db.column('SELECT id FROM phone_shares WHERE phone_id = ? AND ended_at IS NULL', share.phoneId) as number[]) {
    await endShareRow(db, id, 'replaced', share.createdAt);
  }
  const result = await db.run('INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id', share.tenantId, share.phoneId, share.ownerId, share.tokenHash, share.permission, share.expiresAt, share.createdAt);
  return Number(result.lastId);
}

/** Marks a share ended and every viewer still holding a place in it cancelled (the blocked stay blocked). */
export async function endShareRow(db: Db, shareId: number, reason: 'replaced' | 'ended', now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = 'cancelled', control_requested_at = NULL, updated_at = ? WHERE share_id = ? AND state IN ('enabled', 'disabled', 'unblocked')`, now, shareId);
  await db.run('UPDATE phone_shares SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL', now, reason, shareId);
}

export async function shareByTokenHash(db: Db, tokenHash: string, now: number): Promise<ShareRow | undefined> {
  return await db.get(`SELECT ${SHARE_COLUMNS} FROM phone_shares s JOIN phones p ON p.id = s.phone_id WHERE s.token_hash = ?`, now, tokenHash) as
    | ShareRow
    | undefined;
}

export async function shareById(db: Db, shareId: number, now: number): Promise<ShareRow | undefined> {
  return await db.get(`SELECT ${SHARE_COLUMNS} FROM phone_shares s JOIN phones p ON p.id = s.phone_id WHERE s.id = ?`, now, shareId) as
    | ShareRow
    | undefined;
}

/** The owner's newest shares, of phones they still own (a phone given away takes its history with it). */
export async function sharesOfOwner(db: Db, ownerId: number, limit: number, now: number): Promise<ShareRow[]> {
  return await db.all(`SELECT ${SHARE_COLUMNS} FROM phone_shares s JOIN phones p ON p.id = s.phone_id
     WHERE s.owner_id = ? AND p.user_id = s.owner_id ORDER BY s.id DESC LIMIT ?`, now, ownerId, limit) as ShareRow[];
}

/** The row's state as the room sees it (its one placeholder is `seenSince`): 'enabled' but not seen since is 'disabled'. */
const ROOM_STATE = `CASE WHEN v.state = 'enabled' AND v.last_seen_at < ? THEN 'disabled' ELSE v.state END AS state`;
const VIEWER_COLUMNS = `v.id, v.share_id, v.user_id, v.display_name, v.permission, ${ROOM_STATE}, v.control_requested_at, v.joined_at, v.updated_at`;

export async function viewersOfShares(db: Db, shareIds: number[], seenSince: number): Promise<ViewerRow[]> {
  if (shareIds.length === 0) return [];
  // One statement text per list length would fill the cache; a list parameter keeps it one.
  return await db.all(`SELECT ${VIEWER_COLUMNS} FROM share_viewers v WHERE ${db.dialect.inList('v.share_id')} ORDER BY v.share_id, v.id`, seenSince, shareIds) as ViewerRow[];
}

export async function viewerByKeyHash(db: Db, keyHash: string, seenSince: number): Promise<ViewerRow | undefined> {
  return await db.get(`SELECT ${VIEWER_COLUMNS} FROM share_viewers v WHERE v.key_hash = ?`, seenSince, keyHash) as ViewerRow | undefined;
}

export async function viewerById(db: Db, viewerId: number, seenSince: number): Promise<ViewerRow | undefined> {
  return await db.get(`SELECT ${VIEWER_COLUMNS} FROM share_viewers v WHERE v.id = ?`, seenSince, viewerId) as ViewerRow | undefined;
}

/**
 * The control requests waiting on a phone's live share, oldest first, as its owner's phone-view shows them: viewers in
 * the room (enabled, seen since `seenSince`) who watch and asked for control.
 */
export async function controlRequestsOfPhone(db: Db, phoneId: number, now: number, seenSince: number): Promise<ControlRequest[]> {
  return await db.all(`SELECT v.id AS "viewerId", v.display_name AS name FROM share_viewers v JOIN phone_shares s ON s.id = v.share_id
       JOIN phones p ON p.id = s.phone_id AND p.user_id = s.owner_id AND p.expire_time > ?
     WHERE s.phone_id = ? AND s.ended_at IS NULL AND s.expires_at > ? AND v.state = 'enabled' AND v.last_seen_at >= ?
       AND v.permission = 'view' AND v.control_requested_at IS NOT NULL
     ORDER BY v.control_requested_at, v.id`, now, phoneId, now, seenSince) as ControlRequest[];
}

/** Whether this account is blocked in the share (whatever browser it comes from). */
export async function userIsShielded(db: Db, shareId: number, userId: number): Promise<boolean> {
  return await db.value(`SELECT 1 FROM share_viewers WHERE share_id = ? AND user_id = ? AND state = 'shielded' LIMIT 1`, shareId, userId) !== undefined;
}

/** Viewers in the room: 'enabled' and seen since `seenSince`. */
export async function roomCount(db: Db, shareId: number, seenSince: number): Promise<number> {
  return await db.value(`SELECT COUNT(*) FROM share_viewers WHERE share_id = ? AND state = 'enabled' AND last_seen_at >= ?`, shareId, seenSince) as number;
}

/**
 * Blocks the viewer and, when it joined with an account, every other row of that account in the share (its other
 * browsers): each is shielded, so none of their keys rejoins or keeps a socket.
 */
export async function shieldViewer(db: Db, viewer: Pick<ViewerRow, 'id' | 'share_id' | 'user_id'>, now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = 'shielded', control_requested_at = NULL, updated_at = ? WHERE share_id = ? AND (id = ? OR user_id = ?)`, now, viewer.share_id, viewer.id, viewer.user_id);
}

/** Lifts a block: the viewer's row and, when it has an account, that account's other blocked rows in the share. */
export async function unshieldViewer(db: Db, viewer: Pick<ViewerRow, 'id' | 'share_id' | 'user_id'>, now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = 'unblocked', updated_at = ? WHERE share_id = ? AND state = 'shielded' AND (id = ? OR user_id = ?)`, now, viewer.share_id, viewer.id, viewer.user_id);
}

export interface NewViewer {
  shareId: number;
  userId: number | null;
  displayName: string;
  keyHash: string;
  permission: SharePermission;
  now: number;
}

export async function insertViewer(db: Db, viewer: NewViewer): Promise<number> {
  const result = await db.run(`INSERT INTO share_viewers (share_id, user_id, display_name, key_hash, permission, state, joined_at, updated_at, last_seen_at)
     VALUES (?, ?, ?, ?, ?, 'enabled', ?, ?, ?) RETURNING id`, viewer.shareId, viewer.userId, viewer.displayName, viewer.keyHash, viewer.permission, viewer.now, viewer.now, viewer.now);
  return Number(result.lastId);
}

/**
 * A viewer back in the room under a (possibly new) name; an account they joined with now is kept. One who was not
 * in the room comes back without the control request they left with.
 */
export async function rejoinViewer(db: Db, viewerId: number, displayName: string, userId: number | null, wasInRoom: boolean, now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = 'enabled', display_name = ?, user_id = COALESCE(?, user_id), joined_at = ?, updated_at = ?,
       last_seen_at = ?, control_requested_at = CASE WHEN ? THEN control_requested_at END WHERE id = ?`, displayName, userId, now, now, now, wasInRoom ? 1 : 0, viewerId);
}

export async function setViewerName(db: Db, viewerId: number, displayName: string, now: number): Promise<void> {
  await db.run('UPDATE share_viewers SET display_name = ?, updated_at = ? WHERE id = ?', displayName, now, viewerId);
}

/** The stream saw these viewer keys' sockets open now (one statement for all of them). */
export async function markViewersSeen(db: Db, keyHashes: string[], now: number): Promise<void> {
  if (keyHashes.length === 0) return;
  await db.run(`UPDATE share_viewers SET last_seen_at = ? WHERE state = 'enabled' AND ${db.dialect.inList('key_hash')}`, now,
    keyHashes,
  );
}

/** A new state; leaving the room, or being put out of it, drops a pending control request. */
export async function setViewerState(db: Db, viewerId: number, state: ViewerState, now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = ?, updated_at = ?, control_requested_at = CASE WHEN ? = 'enabled' THEN control_requested_at END WHERE id = ?`, state, now, state, viewerId);
}

/** A new permission; any pending control request is answered by it. */
export async function setViewerPermission(db: Db, viewerId: number, permission: SharePermission, now: number): Promise<void> {
  await db.run('UPDATE share_viewers SET permission = ?, control_requested_at = NULL, updated_at = ? WHERE id = ?', permission, now, viewerId);
}

export async function setControlRequest(db: Db, viewerId: number, requestedAt: number | null, now: number): Promise<void> {
  await db.run('UPDATE share_viewers SET control_requested_at = ?, updated_at = ? WHERE id = ?', requestedAt, now, viewerId);
}

/**
 * What a viewer key opens on the stream (stream-server.ts): the phone, while the viewer is in the room (seen since
 * `seenSince`) and its share live, as role 'viewer' with the viewer's permission. `user_id` is the viewer's negated id: the stream counts
 * screenshots per user, and a viewer without an account is a user of its own there.
 */
export async function phoneOpenedByViewer(db: Db, keyHash: string, phoneId: number, now: number, seenSince: number): Promise<StreamPhoneRow | undefined> {
  return await db.get(`SELECT p.id, p.name, p.width, p.height, -v.id AS user_id, 'viewer' AS role, v.permission
     FROM share_viewers v JOIN phone_shares s ON s.id = v.share_id JOIN phones p ON p.id = s.phone_id
     WHERE v.key_hash = ? AND p.id = ? AND v.state = 'enabled' AND v.last_seen_at >= ? AND s.ended_at IS NULL AND s.expires_at > ?
       AND p.user_id = s.owner_id AND p.expire_time > ?`, keyHash, phoneId, seenSince, now, now) as StreamPhoneRow | undefined;
}

/**
 * Why a viewer key does not (or no longer) open this phone, for the close reason its page shows: ended, blocked, or
 * put out of the room; null when the digest is no viewer's key of this phone (another phone's says nothing more).
 */
export async function viewerClosing(db: Db, keyHash: string, phoneId: number, now: number): Promise<'ended' | 'blocked' | 'removed' | null> {
  const row = await db.get(`SELECT v.state, (s.ended_at IS NULL AND s.expires_at > ? AND p.user_id = s.owner_id AND p.expire_time > ?) AS live
     FROM share_viewers v JOIN phone_shares s ON s.id = v.share_id JOIN phones p ON p.id = s.phone_id WHERE v.key_hash = ? AND p.id = ?`, now, now, keyHash, phoneId) as { state: ViewerState; live: number } | undefined;
  if (!row) return null;
  if (row.live !== 1) return 'ended';
  return row.state === 'shielded' ? 'blocked' : 'removed';
}

/** A viewer in the room whose page went away (no socket for the stream's grace period) has left it: disabled. */
export async function markViewerGone(db: Db, keyHash: string, now: number): Promise<void> {
  await db.run(`UPDATE share_viewers SET state = 'disabled', control_requested_at = NULL, updated_at = ? WHERE key_hash = ? AND state = 'enabled'`, now, keyHash);
}

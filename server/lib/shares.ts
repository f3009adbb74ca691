import { flag } from '../db/dialect.ts';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../shared/error-codes.ts';
import { DEFAULT_SHARE_ROOM_LIMIT, SHARE_LIST_LIMIT } from '../../shared/contract/share-words.ts';
import type { SharePermission, ShareValidityHours, ViewerAction } from '../../shared/contract/share-words.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/shares.ts';
import { phoneIsAuthorized } from '../data/phone-exclusions.ts';
import {
  endShareRow, isLive, replaceShare, setControlRequest, setViewerPermission, setViewerState, shareById, sharesOfOwner, shieldViewer,
  unshieldViewer, viewerById, viewersOfShares,
} from '../data/shares.ts';
import type { ShareRow, ViewerRow } from '../data/shares.ts';
import { postMessage } from './messages.ts';
import { configPositiveInt } from './config.ts';
import { apiError } from './errors.ts';
import { handOverRefusal, loadOwnedPhone } from './phones.ts';
import { hashToken } from './tokens.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { HOUR_MS } from '../../shared/contract/time-units.ts';

// Screen sharing by link (spec §1, §4, §6; server/API.md "Screen sharing"): the rules, no SQL; the owner's side here,
// the viewer's in share-viewers.ts. Whatever goes wrong
// with a token (unknown, ended, replaced, expired, the phone changed hands) is one answer, SHARE_ENDED, so a token
// reveals nothing; another owner's share or viewer answers like a missing one. Every change that can close or
// change a viewer's stream ends with deps.accessRevoked(): the stream re-checks its sockets once it committed.

/**
 * A share viewer's page may be away this long (a dropped link, a reload, a hidden tab, a server restart) and keep
 * its place: the room holds those seen within it (data/shares.ts), and the stream marks the others gone.
 */
export const VIEWER_GRACE_MS = 10_000;

/** Who counts as in the room at `now`: viewers seen since this instant. */
export const seenSince = (now: number) => now - VIEWER_GRACE_MS;

/** 144 random bits (more than the 128 asked for), URL-safe: the link's token and each viewer's key. */
export function newShareSecret(): string {
  return randomBytes(18).toString('base64url');
}

/** The room's size: the tenant's PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT (spec §9), 5 when it is not set. */
export async function roomLimit(db: Db, tenantId: number): Promise<number> {
  return await configPositiveInt(db, tenantId, 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT', DEFAULT_SHARE_ROOM_LIMIT);
}

type ShareReply = ReplyInput<typeof contract.getShare>['share'];

function viewerReply(row: ViewerRow): ShareReply['viewers'][number] {
  return {
    viewerId: row.id,
    displayName: row.display_name,
    member: row.user_id !== null,
    permission: row.permission,
    state: row.state,
    controlRequested: row.control_requested_at !== null && row.state === 'enabled',
    joinedAt: row.joined_at,
    updatedAt: row.updated_at,
  };
}

function shareReply(row: ShareRow, viewers: ViewerRow[], now: number): ShareReply {
  const live = isLive(row, now);
  return {
    shareId: row.id,
    userPhoneId: row.phone_id,
    phoneName: row.phone_name,
    permission: row.permission,
    status: live ? 'active' : 'ended',
    endReason: live ? null : (row.end_reason ?? (flag(row.owned) ? 'expired' : 'transferred')),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at ?? (live ? null : Math.min(row.expires_at, now)),
    viewers: viewers.map(viewerReply),
  };
}

/** A new link for the owner's phone: it ends the phone's previous link at once (spec §4). */
export async function createShare(
  deps: Deps,
  user: UserRow,
  input: { userPhoneId: number; permission: SharePermission; validityHours: ShareValidityHours },
): Promise<ReplyInput<typeof contract.createShare>> {
  const { db } = deps;
  const now = deps.now();
  const result = await db.transaction(async (db) => {
    const phone = await loadOwnedPhone(db, user, input.userPhoneId);
    // Like a grant or a transfer, a share hands the phone to others: not while expired, busy or being moved.
    const refusal = handOverRefusal(phone, now);
    if (refusal) throw apiError(refusal);
    // Spec §4: a phone with a grant or a grant code cannot be shared.
    if (await phoneIsAuthorized(db, phone.id, now)) throw apiError(ErrorCode.SHARE_PHONE_AUTHORIZED);
    const token = newShareSecret();
    const expiresAt = Math.min(now + input.validityHours * HOUR_MS, phone.expire_time);
    const shareId = await replaceShare(db, {
      tenantId: phone.tenant_id,
      phoneId: phone.id,
      ownerId: user.id,
      tokenHash: hashToken(token),
      permission: input.permission,
      expiresAt,
      createdAt: now,
    });
    return { shareId, token, expiresAt };
  });
  deps.accessRevoked();
  return result;
}

export async function listShares(deps: Deps, user: UserRow): Promise<ReplyInput<typeof contract.listShares>> {
  const now = deps.now();
  const rows = await sharesOfOwner(deps.db, user.id, SHARE_LIST_LIMIT, now);
  const viewers = await viewersOfShares(deps.db, rows.map((row) => row.id), seenSince(now));
  return {
    list: rows.map((row) => shareReply(row, viewers.filter((v) => v.share_id === row.id), now)),
    roomLimit: await roomLimit(deps.db, user.tenant_id),
  };
}

/** The caller's own share of a phone they still own; anything else is "ended", like an unknown one. */
async function loadOwnShare(db: Db, user: UserRow, shareId: number | null, now: number): Promise<ShareRow> {
  const share = shareId === null ? undefined : await shareById(db, shareId, now);
  if (!share || share.owner_id !== user.id || share.owned !== 1) throw apiError(ErrorCode.SHARE_ENDED);
  return share;
}

export async function getShare(deps: Deps, user: UserRow, shareId: number | null): Promise<ReplyInput<typeof contract.getShare>> {
  const now = deps.now();
  const share = await loadOwnShare(deps.db, user, shareId, now);
  return { share: shareReply(share, await viewersOfShares(deps.db, [share.id], seenSince(now)), now), roomLimit: await roomLimit(deps.db, share.tenant_id) };
}

export async function endShare(deps: Deps, user: UserRow, shareId: number | null): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const share = await loadOwnShare(tx, user, shareId, now);
    if (!isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
    await endShareRow(tx, share.id, 'ended', now);
    await postMessage(tx, user.id, 'shareEnded', { phoneName: share.phone_name }, now);
  });
  deps.accessRevoked();
}

/** A viewer of one of the caller's live shares: another owner's, or one of an ended share, does not exist. */
async function loadOwnViewer(db: Db, user: UserRow, viewerId: number | null, now: number): Promise<ViewerRow> {
  const viewer = viewerId === null ? undefined : await viewerById(db, viewerId, seenSince(now));
  if (!viewer) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  const share = await shareById(db, viewer.share_id, now);
  if (!share || share.owner_id !== user.id || share.owned !== 1) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  if (!isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return viewer;
}

/** The owner's change to a viewer, then the stream's re-check (a closed socket, a control change). */
async function changeViewer(deps: Deps, user: UserRow, viewerId: number | null, change: (tx: Db, viewer: ViewerRow, now: number) => Promise<void>): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => change(tx, await loadOwnViewer(tx, user, viewerId, now), now));
  deps.accessRevoked();
}

export async function setPermission(deps: Deps, user: UserRow, viewerId: number | null, permission: SharePermission): Promise<void> {
  await changeViewer(deps, user, viewerId, async (tx, viewer, now) => await setViewerPermission(tx, viewer.id, permission, now));
}

/** Approving gives control (the socket is told at once); declining drops the request (the page reads that). */
export async function answerControlRequest(deps: Deps, user: UserRow, viewerId: number | null, approve: boolean): Promise<void> {
  await changeViewer(deps, user, viewerId, async (tx, viewer, now) => {
    if (approve) await setViewerPermission(tx, viewer.id, 'control', now);
    else await setControlRequest(tx, viewer.id, null, now);
  });
}

/**
 * block: shielded, from any state, with every other row of the same account in the share (their sockets close, none
 * of their keys nor the account rejoins); unblock: those become unblocked (may rejoin); kick and cancel: their place
 * ends (cancelled) and they may rejoin at once, a blocked one stays blocked. Unblocking someone not blocked, like
 * kicking someone blocked, changes nothing and is not an error: the owner's page may act on a list a moment old.
 */
export async function actOnViewer(deps: Deps, user: UserRow, viewerId: number | null, action: ViewerAction): Promise<void> {
  await changeViewer(deps, user, viewerId, async (tx, viewer, now) => {
    if (action === 'block') return await shieldViewer(tx, viewer, now);
    if (action === 'unblock') return await unshieldViewer(tx, viewer, now);
    if (viewer.state !== 'shielded') await setViewerState(tx, viewer.id, 'cancelled', now);
  });
}

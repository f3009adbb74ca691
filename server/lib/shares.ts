import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { DEFAULT_SHARE_ROOM_LIMIT, SHARE_LIST_LIMIT } from '../../src/contract/share-words.ts';
import type { SharePermission, ShareValidityHours, ViewerAction } from '../../src/contract/share-words.ts';
import type { ReplyInput } from '../../src/contract/endpoint.ts';
import type * as contract from '../../src/contract/shares.ts';
import { phoneIsAuthorized } from '../data/phone-exclusions.ts';
import {
  endShareRow, insertViewer, isLive, rejoinViewer, replaceShare, roomCount, setControlRequest, setViewerPermission, setViewerState,
  shareById, shareByTokenHash, sharesOfOwner, shieldViewer, unshieldViewer, userIsShielded, viewerById, viewerByKeyHash, viewersOfShares,
} from '../data/shares.ts';
import type { ShareRow, ViewerRow } from '../data/shares.ts';
import { immediate } from '../data/statements.ts';
import { configPositiveInt } from './config.ts';
import { apiError } from './errors.ts';
import { handOverRefusal, loadOwnedPhone } from './phones.ts';
import { hashToken } from './tokens.ts';
import type { Db, Deps, UserRow } from './types.ts';

// Screen sharing by link (spec §1, §4, §6; server/API.md "Screen sharing"): the rules, no SQL. Whatever goes wrong
// with a token (unknown, ended, replaced, expired, the phone changed hands) is one answer, SHARE_ENDED, so a token
// reveals nothing; another owner's share or viewer answers like a missing one. Every change that can close or
// change a viewer's stream ends with deps.accessRevoked(): the stream re-checks its sockets once it committed.

const HOUR_MS = 3600_000;

/**
 * A share viewer's page may be away this long (a dropped link, a reload, a hidden tab, a server restart) and keep
 * its place: the room holds those seen within it (data/shares.ts), and the stream marks the others gone.
 */
export const VIEWER_GRACE_MS = 10_000;

/** Who counts as in the room at `now`: viewers seen since this instant. */
const seenSince = (now: number) => now - VIEWER_GRACE_MS;

/** 144 random bits (more than the 128 asked for), URL-safe: the link's token and each viewer's key. */
export function newShareSecret(): string {
  return randomBytes(18).toString('base64url');
}

/** The room's size: the tenant's PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT (spec §9), 5 when it is not set. */
export function roomLimit(db: Db, tenantId: number): number {
  return configPositiveInt(db, tenantId, 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT', DEFAULT_SHARE_ROOM_LIMIT);
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
    endReason: live ? null : (row.end_reason ?? (row.owned === 1 ? 'expired' : 'transferred')),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at ?? (live ? null : Math.min(row.expires_at, now)),
    viewers: viewers.map(viewerReply),
  };
}

/** A new link for the owner's phone: it ends the phone's previous link at once (spec §4). */
export function createShare(
  deps: Deps,
  user: UserRow,
  input: { userPhoneId: number; permission: SharePermission; validityHours: ShareValidityHours },
): ReplyInput<typeof contract.createShare> {
  const { db } = deps;
  const now = deps.now();
  const result = immediate(db, () => {
    const phone = loadOwnedPhone(db, user, input.userPhoneId);
    // Like a grant or a transfer, a share hands the phone to others: not while expired, busy or being moved.
    const refusal = handOverRefusal(phone, now);
    if (refusal) throw apiError(refusal);
    // Spec §4: a phone with a grant or a grant code cannot be shared.
    if (phoneIsAuthorized(db, phone.id, now)) throw apiError(ErrorCode.SHARE_PHONE_AUTHORIZED);
    const token = newShareSecret();
    const expiresAt = Math.min(now + input.validityHours * HOUR_MS, phone.expire_time);
    const shareId = replaceShare(db, {
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

export function listShares(deps: Deps, user: UserRow): ReplyInput<typeof contract.listShares> {
  const now = deps.now();
  const rows = sharesOfOwner(deps.db, user.id, SHARE_LIST_LIMIT, now);
  const viewers = viewersOfShares(deps.db, rows.map((row) => row.id), seenSince(now));
  return {
    list: rows.map((row) => shareReply(row, viewers.filter((v) => v.share_id === row.id), now)),
    roomLimit: roomLimit(deps.db, user.tenant_id),
  };
}

/** The caller's own share of a phone they still own; anything else is "ended", like an unknown one. */
function loadOwnShare(db: Db, user: UserRow, shareId: number | null, now: number): ShareRow {
  const share = shareId === null ? undefined : shareById(db, shareId, now);
  if (!share || share.owner_id !== user.id || share.owned !== 1) throw apiError(ErrorCode.SHARE_ENDED);
  return share;
}

export function getShare(deps: Deps, user: UserRow, shareId: number | null): ReplyInput<typeof contract.getShare> {
  const now = deps.now();
  const share = loadOwnShare(deps.db, user, shareId, now);
  return { share: shareReply(share, viewersOfShares(deps.db, [share.id], seenSince(now)), now), roomLimit: roomLimit(deps.db, share.tenant_id) };
}

export function endShare(deps: Deps, user: UserRow, shareId: number | null): void {
  const now = deps.now();
  immediate(deps.db, () => {
    const share = loadOwnShare(deps.db, user, shareId, now);
    if (!isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
    endShareRow(deps.db, share.id, 'ended', now);
  });
  deps.accessRevoked();
}

/** A viewer of one of the caller's live shares: another owner's, or one of an ended share, does not exist. */
function loadOwnViewer(db: Db, user: UserRow, viewerId: number | null, now: number): ViewerRow {
  const viewer = viewerId === null ? undefined : viewerById(db, viewerId, seenSince(now));
  if (!viewer) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  const share = shareById(db, viewer.share_id, now);
  if (!share || share.owner_id !== user.id || share.owned !== 1) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  if (!isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return viewer;
}

/** The owner's change to a viewer, then the stream's re-check (a closed socket, a control change). */
function changeViewer(deps: Deps, user: UserRow, viewerId: number | null, change: (viewer: ViewerRow, now: number) => void): void {
  const now = deps.now();
  immediate(deps.db, () => change(loadOwnViewer(deps.db, user, viewerId, now), now));
  deps.accessRevoked();
}

export function setPermission(deps: Deps, user: UserRow, viewerId: number | null, permission: SharePermission): void {
  changeViewer(deps, user, viewerId, (viewer, now) => setViewerPermission(deps.db, viewer.id, permission, now));
}

/** Approving gives control (the socket is told at once); declining drops the request (the page reads that). */
export function answerControlRequest(deps: Deps, user: UserRow, viewerId: number | null, approve: boolean): void {
  changeViewer(deps, user, viewerId, (viewer, now) => {
    if (approve) setViewerPermission(deps.db, viewer.id, 'control', now);
    else setControlRequest(deps.db, viewer.id, null, now);
  });
}

/**
 * block: shielded, from any state, with every other row of the same account in the share (their sockets close, none
 * of their keys nor the account rejoins); unblock: those become unblocked (may rejoin); kick and cancel: their place
 * ends (cancelled) and they may rejoin at once, a blocked one stays blocked. Unblocking someone not blocked, like
 * kicking someone blocked, changes nothing and is not an error: the owner's page may act on a list a moment old.
 */
export function actOnViewer(deps: Deps, user: UserRow, viewerId: number | null, action: ViewerAction): void {
  changeViewer(deps, user, viewerId, (viewer, now) => {
    if (action === 'block') return shieldViewer(deps.db, viewer, now);
    if (action === 'unblock') return unshieldViewer(deps.db, viewer, now);
    if (viewer.state !== 'shielded') setViewerState(deps.db, viewer.id, 'cancelled', now);
  });
}

/** The live share a token opens, or SHARE_ENDED for every other case. */
function liveShareOf(db: Db, token: string, now: number): ShareRow {
  const share = token ? shareByTokenHash(db, hashToken(token), now) : undefined;
  if (!share || !isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return share;
}

export function openShare(deps: Deps, token: string): ReplyInput<typeof contract.openShare> {
  const share = liveShareOf(deps.db, token, deps.now());
  return { shareId: share.id, userPhoneId: share.phone_id, phoneName: share.phone_name, permission: share.permission, expiresAt: share.expires_at };
}

export interface JoinInput {
  token: string;
  displayName: string;
  /** The key this browser kept from an earlier join of this share ('' when none). */
  viewerKey: string;
  /** The caller's account, when the page sent a valid login; one of another tenant than the share's is ignored. */
  account: { id: number; tenantId: number } | null;
}

/**
 * Into the room (spec §6: at most the tenant's room limit of viewers in it). The same browser (its viewer key) comes
 * back as the same viewer; a blocked one, by its key, its account, or the account its key's row joined with, is
 * refused. Someone already in the room (a second tab, a reload) is not counted twice. A key of another share is no
 * key here: the join makes a new viewer.
 */
export function joinShare(deps: Deps, input: JoinInput): ReplyInput<typeof contract.joinShare> {
  const { db } = deps;
  const now = deps.now();
  const result = immediate(db, () => {
    const share = liveShareOf(db, input.token, now);
    const userId = input.account?.tenantId === share.tenant_id ? input.account.id : null;
    const known = input.viewerKey ? viewerByKeyHash(db, hashToken(input.viewerKey), seenSince(now)) : undefined;
    const existing = known?.share_id === share.id ? known : undefined;
    admitViewer(db, share, existing, userId, now);
    if (existing) {
      rejoinViewer(db, existing.id, input.displayName, userId, existing.state === 'enabled', now);
      return { viewerId: existing.id, viewerKey: input.viewerKey, permission: existing.permission, share };
    }
    const viewerKey = newShareSecret();
    const viewerId = insertViewer(db, {
      shareId: share.id,
      userId,
      displayName: input.displayName,
      keyHash: hashToken(viewerKey),
      permission: share.permission,
      now,
    });
    return { viewerId, viewerKey, permission: share.permission, share };
  });
  const { share, ...viewer } = result;
  return { ...viewer, userPhoneId: share.phone_id, phoneName: share.phone_name };
}

/**
 * Whether a viewer (`existing`: this browser's, by its key; undefined for a new one) may be in the share's room now:
 * throws SHARE_BLOCKED for a blocked key or account, SHARE_ROOM_FULL when the room is full and it is not in it.
 */
function admitViewer(db: Db, share: ShareRow, existing: ViewerRow | undefined, userId: number | null, now: number): void {
  if (existing?.state === 'shielded') throw apiError(ErrorCode.SHARE_BLOCKED);
  for (const account of [userId, existing?.user_id ?? null]) {
    if (account !== null && userIsShielded(db, share.id, account)) throw apiError(ErrorCode.SHARE_BLOCKED);
  }
  const inRoom = existing?.state === 'enabled';
  if (!inRoom && roomCount(db, share.id, seenSince(now)) >= roomLimit(db, share.tenant_id)) throw apiError(ErrorCode.SHARE_ROOM_FULL);
}

/**
 * A returning viewer back into the room by its key alone, as its stream socket opens (the `auth` message's `rejoin`):
 * what a join with the same key does (a blocked viewer stays out, the room's limit holds), under the name and account
 * it last joined with. A share link's page sends it before its join's answer is in (src/share/early-join.ts). False
 * when the key names no viewer of a live share of this phone, or the viewer may not come back now; the socket is then
 * refused as any other (stream-access.ts says why).
 */
export function rejoinByKey(db: Db, now: number, key: string, userPhoneId: number): boolean {
  try {
    return immediate(db, () => {
      const viewer = key ? viewerByKeyHash(db, hashToken(key), seenSince(now)) : undefined;
      const share = viewer ? shareById(db, viewer.share_id, now) : undefined;
      if (!viewer || !share || !isLive(share, now) || share.phone_id !== userPhoneId) return false;
      admitViewer(db, share, viewer, null, now);
      rejoinViewer(db, viewer.id, viewer.display_name, null, viewer.state === 'enabled', now);
      return true;
    });
  } catch {
    return false;
  }
}

/** The viewer a key names, in a live share: an unknown key does not exist, an ended share says so. */
function loadViewerByKey(db: Db, key: string, now: number): ViewerRow {
  const viewer = key ? viewerByKeyHash(db, hashToken(key), seenSince(now)) : undefined;
  if (!viewer) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  const share = shareById(db, viewer.share_id, now);
  if (!share || !isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return viewer;
}

function statusOf(viewer: ViewerRow): ReplyInput<typeof contract.viewerStatus> {
  return { state: viewer.state, permission: viewer.permission, controlRequested: viewer.control_requested_at !== null && viewer.state === 'enabled' };
}

export function viewerStatus(deps: Deps, key: string): ReplyInput<typeof contract.viewerStatus> {
  return statusOf(loadViewerByKey(deps.db, key, deps.now()));
}

/** A watching viewer in the room asks the owner for control; the owner answers on join-user. */
export function requestControl(deps: Deps, key: string): ReplyInput<typeof contract.requestControl> {
  const { db } = deps;
  const now = deps.now();
  return immediate(db, () => {
    const viewer = loadViewerByKey(db, key, now);
    if (viewer.state === 'shielded') throw apiError(ErrorCode.SHARE_BLOCKED);
    if (viewer.state !== 'enabled') throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
    if (viewer.permission === 'view' && viewer.control_requested_at === null) setControlRequest(db, viewer.id, now, now);
    return statusOf(viewerById(db, viewer.id, seenSince(now))!);
  });
}

/** The viewer leaves the room (disabled): their place frees up, and they may come back by the link. */
export function leaveShare(deps: Deps, key: string): void {
  const now = deps.now();
  immediate(deps.db, () => {
    const viewer = loadViewerByKey(deps.db, key, now);
    if (viewer.state === 'enabled') setViewerState(deps.db, viewer.id, 'disabled', now);
  });
  deps.accessRevoked();
}

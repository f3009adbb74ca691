import { ErrorCode } from '../../shared/error-codes.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/shares.ts';
import {
  insertViewer, isLive, rejoinViewer, roomCount, setControlRequest, setViewerName, setViewerState, shareById, shareByTokenHash,
  userIsShielded, viewerById, viewerByKeyHash,
} from '../data/shares.ts';
import type { ShareRow, ViewerRow } from '../data/shares.ts';
import { apiError } from './errors.ts';
import { newShareSecret, roomLimit, seenSince } from './shares.ts';
import { VIEWER_KEY_PATTERN } from '../../shared/contract/share-words.ts';
import type { SocketJoin } from '../../shared/contract/stream-protocol.ts';
import { randomInt } from 'node:crypto';
import { checkName } from '../../shared/validate.ts';
import { hashToken } from './tokens.ts';
import type { Db, Deps, Language } from './types.ts';

// Screen sharing by link, the viewer's side (server/API.md "Screen sharing"): a link looked at, the room joined (or
// rejoined by a kept key as a stream socket opens), a viewer's own state, its control request, and leaving. The
// owner's side (links, the room's viewers) is shares.ts.

/** The live share a token opens, or SHARE_ENDED for every other case. */
async function liveShareOf(db: Db, token: string, now: number): Promise<ShareRow> {
  const share = token ? await shareByTokenHash(db, hashToken(token), now) : undefined;
  if (!share || !isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return share;
}

export async function openShare(deps: Deps, token: string): Promise<ReplyInput<typeof contract.openShare>> {
  const share = await liveShareOf(deps.db, token, deps.now());
  return { shareId: share.id, userPhoneId: share.phone_id, phoneName: share.phone_name, permission: share.permission, expiresAt: share.expires_at };
}

export interface JoinInput {
  token: string;
  /** '' names a new viewer "Guest 1234" in `language`, and keeps a known viewer's name. */
  displayName: string;
  language: Language;
  /** The key this browser kept from an earlier join of this share ('' when none). */
  viewerKey: string;
  /** The caller's account, when the page sent a valid login; one of another tenant than the share's is ignored. */
  account: { id: number; tenantId: number } | null;
  /** The phone the joiner opens (a socket's join): a share of another phone is ended for it, before any viewer is made. */
  phoneId?: number;
}

/**
 * Into the room (spec §6: at most the tenant's room limit of viewers in it). The same browser (its viewer key) comes
 * back as the same viewer; a blocked one, by its key, its account, or the account its key's row joined with, is
 * refused. Someone already in the room (a second tab, a reload) is not counted twice. A key of another share is no
 * key here: the join makes a new viewer. A key no viewer holds, made by the browser (VIEWER_KEY_PATTERN), becomes the
 * new viewer's, so a page can open its stream with it while this join is on its way (or join by the socket itself,
 * `joinBySocket`).
 */
export async function joinShare(deps: Pick<Deps, 'db' | 'now'>, input: JoinInput): Promise<ReplyInput<typeof contract.joinShare>> {
  const { db } = deps;
  const now = deps.now();
  const result = await db.transaction(async (db) => {
    const share = await liveShareOf(db, input.token, now);
    if (input.phoneId !== undefined && share.phone_id !== input.phoneId) throw apiError(ErrorCode.SHARE_ENDED);
    const userId = input.account?.tenantId === share.tenant_id ? input.account.id : null;
    const keyHash = input.viewerKey ? hashToken(input.viewerKey) : '';
    const known = keyHash ? await viewerByKeyHash(db, keyHash, seenSince(now)) : undefined;
    const existing = known?.share_id === share.id ? known : undefined;
    await admitViewer(db, share, existing, userId, now);
    if (existing) {
      const displayName = input.displayName || existing.display_name;
      await rejoinViewer(db, existing.id, displayName, userId, existing.state === 'enabled', now);
      return { viewerId: existing.id, viewerKey: input.viewerKey, displayName, permission: existing.permission, share };
    }
    const viewerKey = !known && VIEWER_KEY_PATTERN.test(input.viewerKey) ? input.viewerKey : newShareSecret();
    const displayName = input.displayName || guestName(input.language);
    const viewerId = await insertViewer(db, {
      shareId: share.id,
      userId,
      displayName,
      keyHash: hashToken(viewerKey),
      permission: share.permission,
      now,
    });
    return { viewerId, viewerKey, displayName, permission: share.permission, share };
  });
  const { share, ...viewer } = result;
  return { ...viewer, userPhoneId: share.phone_id, phoneName: share.phone_name };
}

/** What a viewer who joined without a name is called until they pick one: "Guest 4821". */
const GUEST_WORD: Record<Language, string> = { 'zh-CN': '访客', 'en-US': 'Guest' };
const guestName = (language: Language): string => `${GUEST_WORD[language]} ${randomInt(1000, 10000)}`;

/**
 * A first-time viewer into the room as its stream socket opens (the `auth` message's `join`): the join its page makes
 * too, so its first picture waits for neither that call's answer nor the page's code (src/share/early-join.ts).
 * Whichever of the two comes first makes the viewer; the other finds it by its key. False when the join is refused
 * (the socket is then refused as any other; the page's call says why) or the share is not of this phone.
 */
export async function joinBySocket(deps: Pick<Deps, 'db' | 'now'>, key: string, join: SocketJoin, userPhoneId: number): Promise<boolean> {
  // The name rule of the join call (its Name field), applied here: a socket's message passes no schema.
  const displayName = join.name.trim().normalize('NFC');
  if (!VIEWER_KEY_PATTERN.test(key) || (displayName && checkName(displayName))) return false;
  try {
    const joined = await joinShare(deps, { token: join.share, displayName, language: join.language, viewerKey: key, account: null, phoneId: userPhoneId });
    return joined.viewerKey === key;
  } catch {
    return false;
  }
}

/** The viewer picks its own display name while in the room; the owner's list shows it from then on. */
export async function renameViewer(deps: Deps, key: string, displayName: string): Promise<ReplyInput<typeof contract.renameViewer>> {
  const { db } = deps;
  const now = deps.now();
  await db.transaction(async (db) => {
    const viewer = await loadViewerByKey(db, key, now);
    if (viewer.state === 'shielded') throw apiError(ErrorCode.SHARE_BLOCKED);
    if (viewer.state !== 'enabled') throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
    await setViewerName(db, viewer.id, displayName, now);
  });
  return { displayName };
}

/**
 * Whether a viewer (`existing`: this browser's, by its key; undefined for a new one) may be in the share's room now:
 * throws SHARE_BLOCKED for a blocked key or account, SHARE_ROOM_FULL when the room is full and it is not in it.
 */
async function admitViewer(db: Db, share: ShareRow, existing: ViewerRow | undefined, userId: number | null, now: number): Promise<void> {
  if (existing?.state === 'shielded') throw apiError(ErrorCode.SHARE_BLOCKED);
  for (const account of [userId, existing?.user_id ?? null]) {
    if (account !== null && await userIsShielded(db, share.id, account)) throw apiError(ErrorCode.SHARE_BLOCKED);
  }
  const inRoom = existing?.state === 'enabled';
  if (!inRoom && await roomCount(db, share.id, seenSince(now)) >= await roomLimit(db, share.tenant_id)) throw apiError(ErrorCode.SHARE_ROOM_FULL);
}

/**
 * A returning viewer back into the room by its key alone, as its stream socket opens (the `auth` message's `rejoin`):
 * what a join with the same key does (a blocked viewer stays out, the room's limit holds), under the name and account
 * it last joined with. A share link's page sends it before its join's answer is in (src/share/early-join.ts). False
 * when the key names no viewer of a live share of this phone, or the viewer may not come back now; the socket is then
 * refused as any other (stream-access.ts says why).
 */
export async function rejoinByKey(db: Db, now: number, key: string, userPhoneId: number): Promise<boolean> {
  try {
    return await db.transaction(async (db) => {
      const viewer = key ? await viewerByKeyHash(db, hashToken(key), seenSince(now)) : undefined;
      const share = viewer ? await shareById(db, viewer.share_id, now) : undefined;
      if (!viewer || !share || !isLive(share, now) || share.phone_id !== userPhoneId) return false;
      await admitViewer(db, share, viewer, null, now);
      await rejoinViewer(db, viewer.id, viewer.display_name, null, viewer.state === 'enabled', now);
      return true;
    });
  } catch {
    return false;
  }
}

/** The viewer a key names, in a live share: an unknown key does not exist, an ended share says so. */
async function loadViewerByKey(db: Db, key: string, now: number): Promise<ViewerRow> {
  const viewer = key ? await viewerByKeyHash(db, hashToken(key), seenSince(now)) : undefined;
  if (!viewer) throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
  const share = await shareById(db, viewer.share_id, now);
  if (!share || !isLive(share, now)) throw apiError(ErrorCode.SHARE_ENDED);
  return viewer;
}

function statusOf(viewer: ViewerRow): ReplyInput<typeof contract.viewerStatus> {
  return { state: viewer.state, permission: viewer.permission, controlRequested: viewer.control_requested_at !== null && viewer.state === 'enabled' };
}

export async function viewerStatus(deps: Deps, key: string): Promise<ReplyInput<typeof contract.viewerStatus>> {
  return statusOf(await loadViewerByKey(deps.db, key, deps.now()));
}

/**
 * A watching viewer in the room asks the owner for control; the owner answers on join-user, or in phone-view, whose
 * socket hears of the request at once (the stream's re-check, `control.requests`).
 */
export async function requestControl(deps: Deps, key: string): Promise<ReplyInput<typeof contract.requestControl>> {
  const { db } = deps;
  const now = deps.now();
  let asked = false;
  const status = await db.transaction(async (db) => {
    const viewer = await loadViewerByKey(db, key, now);
    if (viewer.state === 'shielded') throw apiError(ErrorCode.SHARE_BLOCKED);
    if (viewer.state !== 'enabled') throw apiError(ErrorCode.SHARE_VIEWER_NOT_EXIST);
    asked = viewer.permission === 'view' && viewer.control_requested_at === null;
    if (asked) await setControlRequest(db, viewer.id, now, now);
    return statusOf((await viewerById(db, viewer.id, seenSince(now)))!);
  });
  // Only a new request changes what an owner's phone-view shows.
  if (asked) deps.accessRevoked();
  return status;
}

/** The viewer leaves the room (disabled): their place frees up, and they may come back by the link. */
export async function leaveShare(deps: Deps, key: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const viewer = await loadViewerByKey(tx, key, now);
    if (viewer.state === 'enabled') await setViewerState(tx, viewer.id, 'disabled', now);
  });
  deps.accessRevoked();
}

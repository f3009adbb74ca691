/**
 * Screen sharing by link (spec §1, §4; server/API.md "Screen sharing"). The owner's calls need a login; the viewer's
 * (open, join and the calls made with the viewer key) need neither a login nor the tenant header: a link opens on any
 * client number, with or without an account, and names its share (and so its tenant) itself. Server:
 * server/routes/shares.ts. Client: src/share/api.ts.
 */
import * as v from 'valibot';
import { Id, LookupId, Name, NameOrEmpty, Text, coded } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from '../error-codes.ts';
import { SHARE_END_REASONS, SHARE_PERMISSIONS, SHARE_STATUSES, SHARE_VALIDITY_HOURS, VIEWER_ACTIONS, VIEWER_STATES } from './share-words.ts';

const SHARE = '/api/device/share';

const Permission = v.picklist(SHARE_PERMISSIONS, `must be one of ${SHARE_PERMISSIONS.join(', ')}`);
/** A share token or viewer key as sent: any text; an unknown one answers SHARE_ENDED or SHARE_VIEWER_NOT_EXIST. */
const Secret = v.pipe(Text, v.trim(), v.maxLength(100, coded(ErrorCode.SHARE_ENDED, 'Screen interaction has ended')));
const ViewerKey = v.pipe(Text, v.trim(), v.maxLength(100, coded(ErrorCode.SHARE_VIEWER_NOT_EXIST, 'The viewer does not exist')));

export const ShareViewer = v.strictObject({
  viewerId: v.number(),
  displayName: v.string(),
  /** Whether the viewer joined with an account (a nickname then prefills the name). */
  member: v.boolean(),
  permission: v.picklist(SHARE_PERMISSIONS),
  state: v.picklist(VIEWER_STATES),
  /** A pending control request (only while the viewer watches). */
  controlRequested: v.boolean(),
  joinedAt: v.number(),
  updatedAt: v.number(),
});

export const Share = v.strictObject({
  shareId: v.number(),
  userPhoneId: v.number(),
  phoneName: v.string(),
  permission: v.picklist(SHARE_PERMISSIONS),
  status: v.picklist(SHARE_STATUSES),
  endReason: v.nullable(v.picklist(SHARE_END_REASONS)),
  createdAt: v.number(),
  expiresAt: v.number(),
  endedAt: v.nullable(v.number()),
  viewers: v.array(ShareViewer),
});

export const createShare = endpoint(`POST ${SHARE}/create`, {
  body: v.object({
    userPhoneId: Id,
    permission: Permission,
    validityHours: v.picklist(SHARE_VALIDITY_HOURS, `must be one of ${SHARE_VALIDITY_HOURS.join(', ')}`),
  }),
  // The token is shown this once: only its digest is kept, so a lost link is replaced by a new one.
  reply: v.strictObject({ shareId: v.number(), token: v.string(), expiresAt: v.number() }),
});

export const listShares = endpoint(`GET ${SHARE}/list`, {
  reply: v.strictObject({ list: v.array(Share), roomLimit: v.number() }),
});

export const getShare = endpoint(`GET ${SHARE}/get`, {
  query: v.object({ shareId: LookupId }),
  reply: v.strictObject({ share: Share, roomLimit: v.number() }),
});

export const endShare = endpoint(`PUT ${SHARE}/end`, {
  body: v.object({ shareId: LookupId }),
  reply: v.boolean(),
});

export const setViewerPermission = endpoint(`PUT ${SHARE}/viewer/permission`, {
  body: v.object({ viewerId: LookupId, permission: Permission }),
  reply: v.boolean(),
});

export const answerControlRequest = endpoint(`PUT ${SHARE}/viewer/control-request`, {
  body: v.object({ viewerId: LookupId, approve: v.boolean('must be true or false') }),
  reply: v.boolean(),
});

export const actOnViewer = endpoint(`PUT ${SHARE}/viewer/state`, {
  body: v.object({ viewerId: LookupId, action: v.picklist(VIEWER_ACTIONS, `must be one of ${VIEWER_ACTIONS.join(', ')}`) }),
  reply: v.boolean(),
});

/** What a link opens, before joining: the viewer page shows it and asks for a name. */
export const openShare = endpoint(`POST ${SHARE}/open`, {
  body: v.object({ token: Secret }),
  reply: v.strictObject({ shareId: v.number(), userPhoneId: v.number(), phoneName: v.string(), permission: v.picklist(SHARE_PERMISSIONS), expiresAt: v.number() }),
});

/**
 * Into the room. `displayName` '' lets the server name a new viewer ("Guest 1234" in the request's language) and keeps
 * a known viewer's name; the viewer may rename itself later (`renameViewer`).
 */
export const joinShare = endpoint(`POST ${SHARE}/join`, {
  body: v.object({
    token: Secret,
    displayName: NameOrEmpty,
    /**
     * The key this browser got when it joined this share before: it comes back as the same viewer. A key no viewer
     * holds, made by the browser (VIEWER_KEY_PATTERN: at least 144 random bits), becomes the new viewer's key, so the
     * page may open its stream with it before this call's answer is in.
     */
    viewerKey: v.optional(ViewerKey, ''),
  }),
  reply: v.strictObject({
    viewerId: v.number(),
    /** Opens the stream (as its token) and authenticates the viewer's calls; kept by the page for this share. */
    viewerKey: v.string(),
    displayName: v.string(),
    userPhoneId: v.number(),
    phoneName: v.string(),
    permission: v.picklist(SHARE_PERMISSIONS),
  }),
});

/** The viewer's own display name, changed while in the room (the owner's list shows the new one). */
export const renameViewer = endpoint(`POST ${SHARE}/viewer/rename`, {
  body: v.object({ viewerKey: ViewerKey, displayName: Name }),
  reply: v.strictObject({ displayName: v.string() }),
});

export const ViewerStatus = v.strictObject({
  state: v.picklist(VIEWER_STATES),
  permission: v.picklist(SHARE_PERMISSIONS),
  controlRequested: v.boolean(),
});

export const viewerStatus = endpoint(`POST ${SHARE}/viewer/status`, {
  body: v.object({ viewerKey: ViewerKey }),
  reply: ViewerStatus,
});

export const requestControl = endpoint(`POST ${SHARE}/viewer/request-control`, {
  body: v.object({ viewerKey: ViewerKey }),
  reply: ViewerStatus,
});

export const leaveShare = endpoint(`POST ${SHARE}/viewer/leave`, {
  body: v.object({ viewerKey: ViewerKey }),
  reply: v.boolean(),
});

/**
 * The words and limits of screen sharing by link (spec §3 "Share", §4 "Share", "Viewers"; server/API.md "Screen
 * sharing") both sides hold to. Plain values, no schema code, so the client may import them at run time.
 */

/** What a link lets its viewers do at first; the owner changes it per viewer afterwards. */
export const SHARE_PERMISSIONS = ['view', 'control'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/**
 * How long a link may live, in hours: an hour (a quick look), a day, a week. The spec leaves the choices open; a link
 * never outlives its phone either.
 */
export const SHARE_VALIDITY_HOURS = [1, 24, 168] as const;
export type ShareValidityHours = (typeof SHARE_VALIDITY_HOURS)[number];

export const SHARE_STATUSES = ['active', 'ended'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * Spec §4 viewer states, as this app uses them:
 * - enabled: in the room (counts towards its limit; may watch, and control when its permission says so);
 * - disabled: left the room by themselves (closed the page or pressed leave); may come back;
 * - cancelled: the owner kicked them or cancelled their place, or the share ended; may come back while it lives;
 * - shielded: blocked by the owner; cannot come back (by its browser's viewer key, or its account);
 * - unblocked: was blocked, the owner lifted it; may come back.
 */
export const VIEWER_STATES = ['enabled', 'disabled', 'cancelled', 'shielded', 'unblocked'] as const;
export type ViewerState = (typeof VIEWER_STATES)[number];

/**
 * What the owner does to a viewer. `kick` (a viewer in the room) and `cancel` (a viewer who left, or a blocked one
 * lifted) both end their place (state cancelled); either may rejoin by the link. `block` shields them; `unblock`
 * lifts it.
 */
export const VIEWER_ACTIONS = ['block', 'unblock', 'kick', 'cancel'] as const;
export type ViewerAction = (typeof VIEWER_ACTIONS)[number];

/** Why a link ended: a newer link for the phone, the owner ended it, the phone changed hands. Expiry is its time. */
export const SHARE_END_REASONS = ['replaced', 'ended', 'transferred', 'expired'] as const;
export type ShareEndReason = (typeof SHARE_END_REASONS)[number];

/** The newest shares my-share-screen lists (older ones are history nobody scrolls to). */
export const SHARE_LIST_LIMIT = 50;
/** The room's size when the tenant's PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT is missing or malformed (spec §6, §9). */
export const DEFAULT_SHARE_ROOM_LIMIT = 5;

/**
 * A viewer key a browser may make itself (src/share/kept-viewer.ts): 24 or more base64url characters, at least 144
 * random bits like the keys the server makes. The server takes one only when no viewer holds it.
 */
export const VIEWER_KEY_PATTERN = /^[A-Za-z0-9_-]{24,100}$/;

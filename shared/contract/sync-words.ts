/**
 * The group-control (sync mode) vocabulary both sides hold to (server/API.md "Group control"). Plain values, no
 * schema code, so the client may import them at run time. The schemas that use them are in sync.ts.
 */

/** A sync group holds at least two phones (one main-control window and one follower) and at most 20. */
export const SYNC_MIN_PHONES = 2;
export const SYNC_MAX_PHONES = 20;

/**
 * A member's part: the main-control phone takes the input; followers get it mirrored by the server. A follower is
 * `failed` when the last input could not reach it (restarting, offline, expired), `following` otherwise.
 */
export const SYNC_ROLES = ['main', 'follower'] as const;
export type SyncRole = (typeof SYNC_ROLES)[number];
export const SYNC_MEMBER_STATES = ['following', 'failed'] as const;
export type SyncMemberState = (typeof SYNC_MEMBER_STATES)[number];

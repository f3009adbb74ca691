/**
 * App batch management words both sides need (server/API.md "Apps"): the actions, the item statuses, the batch limit
 * and how package names look.
 */

/** Phones one app operation (and one listing) may name. */
export const APP_BATCH_LIMIT = 20;

export const APP_ACTIONS = ['start', 'stop', 'uninstall'] as const;
export type AppAction = (typeof APP_ACTIONS)[number];

/** Per phone: running until its end time, then success or failed; an operation is running until every item ended. */
export const APP_ITEM_STATUSES = ['running', 'success', 'failed'] as const;
export type AppItemStatus = (typeof APP_ITEM_STATUSES)[number];
export const APP_OPERATION_STATUSES = ['running', 'success', 'partial', 'failed'] as const;
export type AppOperationStatus = (typeof APP_OPERATION_STATUSES)[number];

/** The package-name prefix of every phone's built-in (system) apps: `com.cloudphone.<id>`. */
export const SYSTEM_PACKAGE_PREFIX = 'com.cloudphone.';

/** Android's rule: at least two dot-separated segments, each a letter then letters, digits or underscores. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
export const PACKAGE_NAME_MAX = 255;

/** An operation's status from its items'. */
export function appOperationStatus(statuses: readonly AppItemStatus[]): AppOperationStatus {
  if (statuses.includes('running')) return 'running';
  const done = statuses.filter((status) => status === 'success').length;
  if (done === statuses.length) return 'success';
  return done === 0 ? 'failed' : 'partial';
}

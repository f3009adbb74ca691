/**
 * Screen sharing's data (server/API.md "Screen sharing"): the owner's shares as store queries, polled every 2 s while
 * a page shows them, the owner's changes (each invalidates what it changed), and what a viewer's browser keeps.
 *
 * Polling rather than a push channel: the owner's pages are open for a moment at a time, a share's answer is a few
 * hundred bytes, and the store already stops a polling fetcher when the last page showing it goes; a socket of its
 * own would need a server-side fan-out of viewer changes for a refresh every 2 s buys just as well.
 */
import { BASE, pagePath } from '../app/navigate.ts';
import type { SharePermission, ShareValidityHours, ViewerAction } from '../../shared/contract/share-words.ts';
import { invalidateQueries, setQueryData } from '../core/store/query-store.ts';
import { polling } from '../core/store/polling.ts';
import * as api from './api.ts';
import { keepViewer, keptViewerKey } from './kept-viewer.ts';
import { registerShareErrors } from './texts/index.ts';
import { track } from '../core/track.ts';

export { keptName, returningTo } from './kept-viewer.ts';

export const SHARES_KEY = ['share', 'list'] as const;
export const shareKey = (shareId: number) => ['share', 'detail', shareId] as const;
export { POLL_MS, polling } from '../core/store/polling.ts';

export const fetchShares = polling(api.listShares);
export const fetchShare = (shareId: number) => polling(() => api.getShare(shareId));

/** A new link (the phone's previous one ends); its token is in this answer only. */
export async function createShareLink(userPhoneId: number, permission: SharePermission, hours: ShareValidityHours): Promise<api.CreatedShare> {
  const created = await api.createShare(userPhoneId, permission, hours);
  track('share', { permission, hours });
  invalidateQueries(['share']);
  return created;
}

export async function endShareNow(shareId: number): Promise<void> {
  await api.endShare(shareId);
  invalidateQueries(['share']);
}

export type ViewerChange =
  | { kind: 'permission'; permission: SharePermission }
  | { kind: 'answer'; approve: boolean }
  | { kind: 'action'; action: ViewerAction };

export async function changeViewer(viewerId: number, change: ViewerChange): Promise<void> {
  if (change.kind === 'permission') await api.setViewerPermission(viewerId, change.permission);
  else if (change.kind === 'answer') await api.answerControlRequest(viewerId, change.approve);
  else await api.actOnViewer(viewerId, change.action);
  invalidateQueries(['share']);
}

/**
 * The address a link opens (any client number works; the owner's own is used). It names the phone too, so a first
 * visit opens the stream at once (early-join.ts); the token alone decides what it may see.
 */
export function shareLink(clientNo: string, token: string, userPhoneId: number): string {
  return `${location.origin}${BASE}${pagePath('share-screen-control', clientNo, `token=${encodeURIComponent(token)}&phone=${userPhoneId}`)}`;
}

export const openKey = (token: string) => ['share', 'open', token] as const;
/**
 * A viewer's call, whose refusal comes once the share's catalogue entries are in to word it: the viewer's page
 * registers them behind its first picture (pages/share-screen-control.tsx), not before it shows.
 */
async function worded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    await registerShareErrors().catch(() => {});
    throw error;
  }
}

export const fetchOpened = (token: string) => () => worded(api.openShare(token));

/** Into the room (as the same viewer when this browser was in it before); the key is kept for the next time. */
export async function joinAsViewer(token: string, name: string): Promise<api.JoinedShare> {
  const joined = await worded(api.joinShare(token, name, keptViewerKey(token)));
  // The name the room knows (the server's "Guest 1234" when none was given) is the one the next link starts with.
  keepViewer(token, joined.displayName, joined.viewerKey, joined.userPhoneId);
  return joined;
}

/** The viewer's own new display name, kept for the next links too. */
export async function renameAsViewer(token: string, viewerKey: string, userPhoneId: number, name: string): Promise<string> {
  const { displayName } = await worded(api.renameViewer(viewerKey, name));
  keepViewer(token, displayName, viewerKey, userPhoneId);
  return displayName;
}

/** A viewer's own state (its permission, a control request waiting) as a query, asked every POLL_MS while shown. */
export const viewerStatusKey = (viewerKey: string) => ['share', 'viewer', viewerKey] as const;
export const fetchViewerStatus = (viewerKey: string) => polling(() => api.viewerStatus(viewerKey));

/** One look at a viewer's state (a socket that put it out: did it only leave by itself?); null when it cannot be had. */
export function viewerStatusOf(viewerKey: string): Promise<api.ViewerStatus | null> {
  return api.viewerStatus(viewerKey).catch(() => null);
}

/**
 * The viewer asks the owner for control; resolves with whether a request now waits. The answer is the viewer's state,
 * kept as its query's: a page that then polls it starts from this, not from an earlier request's outcome.
 */
export async function askForControl(viewerKey: string): Promise<boolean> {
  const status = await api.requestControl(viewerKey);
  setQueryData<api.ViewerStatus>(viewerStatusKey(viewerKey), () => status);
  return status.controlRequested;
}

/** The viewer leaves (their place frees at once); a failure is left to the stream's grace period. */
export function leaveAsViewer(viewerKey: string): Promise<void> {
  return api.leaveShare(viewerKey).then(
    () => {},
    () => {},
  );
}

/** Whether the browser can hand a link to another app (the system share sheet). */
export const canShareNatively = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
export type { ShareValidityHours };

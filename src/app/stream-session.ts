/**
 * The live streaming session, if any (spec §2: leaving a phone-view page destroys it).
 * The phone-view pages register their session here; the navigator calls leaveRoute on every move.
 */

import type { RouteName } from './route-types.ts';
import { holdUpdates } from './update-guard.ts';

export interface DestroyableSession {
  destroy(): void | Promise<void>;
}

const PHONE_VIEW_ROUTES: ReadonlySet<string> = new Set<RouteName>(['phoneView', 'phoneViewSwitch']);

let activeSession: DestroyableSession | null = null;
/** A live session holds back a new version's reload (update-guard.ts) until it ends. */
let releaseUpdates: (() => void) | null = null;

export function registerStreamSession(session: DestroyableSession | null): void {
  activeSession = session;
  releaseUpdates?.();
  releaseUpdates = session ? holdUpdates() : null;
}

export function hasStreamSession(): boolean {
  return activeSession !== null;
}

/** Destroys the session when a phone-view route is left for a route that is not a phone-view one. */
export function leaveRoute(fromName: RouteName | undefined, toName: RouteName): void {
  if (!fromName || !PHONE_VIEW_ROUTES.has(fromName) || PHONE_VIEW_ROUTES.has(toName)) return;
  const session = activeSession;
  registerStreamSession(null);
  if (session) void Promise.resolve(session.destroy()).catch(() => {});
}

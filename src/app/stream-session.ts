/**
 * The live streaming session, if any (spec §2: leaving a phone-view page destroys it).
 * The phone-view pages register their session here; the navigator calls leaveRoute on every move.
 */

export interface DestroyableSession {
  destroy(): void | Promise<void>;
}

const PHONE_VIEW_ROUTES = new Set(['phone-view', 'phone-view-switch']);

let activeSession: DestroyableSession | null = null;

export function registerStreamSession(session: DestroyableSession | null): void {
  activeSession = session;
}

export function hasStreamSession(): boolean {
  return activeSession !== null;
}

/** Destroys the session when a phone-view route is left for a route that is not a phone-view one. */
export function leaveRoute(fromName: string | undefined, toName: string): void {
  if (!fromName || !PHONE_VIEW_ROUTES.has(fromName) || PHONE_VIEW_ROUTES.has(toName)) return;
  const session = activeSession;
  activeSession = null;
  if (session) void Promise.resolve(session.destroy()).catch(() => {});
}

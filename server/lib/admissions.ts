import { addressGroupKey } from './client-address.ts';
import type { Deps } from './types.ts';
import { refuseWhileWaiting, type Throttles } from './throttles.ts';

// The per-feature admissions (their counters and limits are throttles.ts'): share joins by call and by socket,
// analytics sends, the assistant's questions and feedback. Each counts an attempt and refuses with the wait.

/** Admits one join of a share link from `address` (every attempt counts, refused ones too), or refuses it. */
export function admitShareJoin(deps: Deps, address: string): void {
  const now = deps.now();
  refuseWhileWaiting(deps.throttles.shareJoinAddress.waitMs(address, now));
  deps.throttles.shareJoinAddress.add(address, now);
}

/**
 * Admits one analytics send from `address`, or refuses it (a page sends one every few seconds at most). Counted per
 * address and per address group (its /24), so a sender cannot multiply its allowance by moving to a neighbour.
 */
export function admitAnalyticsSend(deps: Deps, address: string): void {
  const now = deps.now();
  const group = addressGroupKey(address);
  const { analyticsAddress, analyticsAddressGroup } = deps.throttles;
  refuseWhileWaiting(Math.max(analyticsAddress.waitMs(address, now), analyticsAddressGroup.waitMs(group, now)));
  analyticsAddress.add(address, now);
  analyticsAddressGroup.add(group, now);
}

/**
 * A join of a share link by its stream socket (the viewer page's early start) from `address`: counted with the join
 * calls, against the same limit; false when it must wait.
 */
export function admitSocketJoin(throttles: Throttles, address: string, now: number): boolean {
  if (throttles.shareJoinAddress.waitMs(address, now) > 0) return false;
  throttles.shareJoinAddress.add(address, now);
  return true;
}

/**
 * Admits one question of the user from `address` to the assistant, or refuses it. Per user, so users behind one
 * address (an office, a carrier's NAT) keep their own allowance; and per address with a larger allowance, since a
 * guest is a user anyone can start without an account and each would bring a fresh per-user count.
 */
export function admitQuestion(deps: Deps, userId: number, address: string): void {
  const now = deps.now();
  const key = String(userId);
  const { assistantUser, assistantAddress } = deps.throttles;
  refuseWhileWaiting(Math.max(assistantUser.waitMs(key, now), assistantAddress.waitMs(address, now)));
  assistantUser.add(key, now);
  assistantAddress.add(address, now);
}

/** Admits one feedback message of the user to the assistant, or refuses it. */
export function admitFeedback(deps: Deps, userId: number): void {
  const now = deps.now();
  const key = String(userId);
  refuseWhileWaiting(deps.throttles.assistantFeedbackUser.waitMs(key, now));
  deps.throttles.assistantFeedbackUser.add(key, now);
}

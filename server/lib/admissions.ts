import { addressGroupKey } from './client-address.ts';
import type { Db, Deps } from './types.ts';
import { admitEvents, type Throttles } from './throttles.ts';

// The per-feature admissions (their counters and limits are throttles.ts'): share joins by call and by socket,
// analytics sends, the assistant's questions and feedback. Each counts an attempt and refuses with the wait.

/** Admits one join of a share link from `address` (every attempt counts, refused ones too), or refuses it. */
export async function admitShareJoin(deps: Deps, address: string): Promise<void> {
  await admitEvents(deps.db, deps.now(), [[deps.throttles.shareJoinAddress, address]]);
}

/**
 * Admits one analytics send from `address`, or refuses it (a page sends one every few seconds at most). Counted per
 * address and per address group (its /24), so a sender cannot multiply its allowance by moving to a neighbour.
 */
export async function admitAnalyticsSend(deps: Deps, address: string): Promise<void> {
  const { analyticsAddress, analyticsAddressGroup } = deps.throttles;
  await admitEvents(deps.db, deps.now(), [[analyticsAddress, address], [analyticsAddressGroup, addressGroupKey(address)]]);
}

/**
 * A join of a share link by its stream socket (the viewer page's early start) from `address`: counted with the join
 * calls, against the same limit; false when it must wait.
 */
export async function admitSocketJoin(throttles: Throttles, db: Db, address: string, now: number): Promise<boolean> {
  return await db.transaction(async (tx) => {
    if (await throttles.shareJoinAddress.waitMs(tx, address, now) > 0) return false;
    await throttles.shareJoinAddress.add(tx, address, now);
    return true;
  });
}

/**
 * Admits one question of the user from `address` to the assistant, or refuses it. Per user, so users behind one
 * address (an office, a carrier's NAT) keep their own allowance; and per address with a larger allowance, since a
 * guest is a user anyone can start without an account and each would bring a fresh per-user count.
 */
export async function admitQuestion(deps: Deps, userId: number, address: string): Promise<void> {
  const { assistantUser, assistantAddress } = deps.throttles;
  await admitEvents(deps.db, deps.now(), [[assistantUser, String(userId)], [assistantAddress, address]]);
}

/** Admits one feedback message of the user to the assistant, or refuses it. */
export async function admitFeedback(deps: Deps, userId: number): Promise<void> {
  await admitEvents(deps.db, deps.now(), [[deps.throttles.assistantFeedbackUser, String(userId)]]);
}

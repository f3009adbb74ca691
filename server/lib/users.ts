import type { UserRow } from './types.ts';

/** A guest whose trial is over; every authenticated call answers TRIAL_ENDED for it (API.md "Guest trial"). */
export function isTrialOver(user: Pick<UserRow, 'guest' | 'trial_expires_at'>, now: number): boolean {
  return user.guest === 1 && (user.trial_expires_at === null || now >= user.trial_expires_at);
}

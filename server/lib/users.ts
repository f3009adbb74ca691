import { flag } from '../db/dialect.ts';
import type { UserRow } from './types.ts';

/** A guest whose trial is over; every authenticated call answers TRIAL_ENDED for it (API.md "Guest trial"). */
export function isTrialOver(user: Pick<UserRow, 'guest' | 'trial_expires_at'>, now: number): boolean {
  return flag(user.guest) && (user.trial_expires_at === null || now >= user.trial_expires_at);
}

/**
 * The first-run guide's one change: finished or skipped, it is seen. The server records it once per account; the
 * user as the app knows it (account/state.ts) says so at once, so home does not open the guide again meanwhile.
 */
import { describeError } from '../core/errors.ts';
import { notify } from '../core/ui/notify.ts';
import { patchUser, user } from '../account/state.ts';
import * as api from './api.ts';

/**
 * Marks the guide seen. A failed call (offline) still lets the user go on: the guide stays away for this visit and
 * comes back at the next start, when user/get says it is not seen yet.
 */
export async function finishGuide(): Promise<void> {
  // A guest is never shown the guide; one that opens its address has nothing to record (the server would refuse).
  const guest = user.value?.guest;
  patchUser({ guideSeen: true });
  if (guest) return;
  try {
    await api.markGuideSeen();
  } catch (error) {
    notify(describeError(error));
  }
}

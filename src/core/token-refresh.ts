/**
 * The token refresh of the main API client (core/http.ts): on a 401 one refresh is tried while the other requests
 * wait, and its failure logs out (spec §4, §8). Loaded when a session first needs it. Runs under a Web Lock across
 * the app's tabs, so two tabs never spend one refresh token (the server answers such a replay by ending the whole
 * login chain).
 */
import { ErrorCode } from '../../shared/error-codes.ts';
import type { Envelope, HttpHooks, Tokens } from './http.ts';

/** Renews the pair in `hooks`; false when the session cannot go on (the caller logs out). */
export function renewTokens(hooks: HttpHooks, exchange: (refreshToken: string) => Promise<Envelope>): Promise<boolean> {
  return acrossTabs(async () => {
    const known = hooks.tokens();
    // Another tab may have refreshed while this one waited for the lock: its pair is the live one, and spending
    // ours again would be a replay.
    const stored = hooks.storedTokens?.() ?? known;
    if (stored?.refreshToken && stored.refreshToken !== known?.refreshToken) {
      hooks.saveTokens(stored);
      return true;
    }
    if (!known?.refreshToken) return false;
    try {
      const reply = await exchange(known.refreshToken);
      const pair = reply.data as Partial<Tokens> | null;
      if (reply.code !== ErrorCode.SUCCESS || !pair?.accessToken || !pair.refreshToken) return false;
      hooks.saveTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
      return true;
    } catch {
      return false;
    }
  });
}

/** Runs `task` while no other tab of the app runs one (Web Locks); where the API is missing, just runs it. */
function acrossTabs(task: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('cloud-phone-token-refresh', task) : task();
}

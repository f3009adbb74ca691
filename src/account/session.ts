/**
 * The session's core (spec §4): the token pair, the user as last known, and ending the session. Logged in means a
 * token is present. The first screen carries only this; what changes a session (logging in, logging out with the
 * server, the guest trial, user/get) is state.ts, which loads with the pages that use it.
 */
import { computed, signal } from '@preact/signals-react';
import type { Tokens } from '../core/http.ts';
import { CLIENT_KEYS, read, remove, SESSION_KEYS, write } from '../core/storage.ts';
import { invalidateClientCache } from '../app/client-state.ts';
import { onSessionCleared, sessionCleared } from '../core/session-events.ts';
import type { TokenPair, UserInfo } from './api.ts';

/** The pair in storage, which another tab may have replaced since this tab last looked (http.ts refresh). */
export function readTokens(): Tokens | null {
  const accessToken = read('token');
  const refreshToken = read('refreshToken');
  return accessToken ? { accessToken, refreshToken: refreshToken ?? '' } : null;
}

export const tokens = signal<Tokens | null>(readTokens());

if (typeof window !== 'undefined') {
  // Another tab logged in, refreshed (the server rotates refresh tokens) or logged out: follow it, so this
  // tab never spends a refresh token that is already used and logs everyone out.
  window.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === 'token' || event.key === 'refreshToken' || event.key === null) tokens.value = readTokens();
  });
}
export const user = signal<UserInfo | null>(read('userInfo') ?? null);
export const isLoggedIn = computed(() => Boolean(tokens.value?.accessToken));

export function saveTokens(pair: Tokens | TokenPair): void {
  tokens.value = { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
  write('token', pair.accessToken);
  write('refreshToken', pair.refreshToken);
  write('isLogin', true);
}

/** Lets lazily loaded domains forget a previous account's data (device lists, selections) on logout. */
export { onSessionCleared };

/** Drops the session in memory and storage (spec §4: token, refresh token, user info, cached client data). */
export function clearSession(): void {
  tokens.value = null;
  user.value = null;
  remove(...SESSION_KEYS, ...CLIENT_KEYS);
  invalidateClientCache();
  sessionCleared();
}

type Navigate = (path: string) => void;
let navigateToLogin: Navigate = () => {};

/** The navigator registers how to reach /login, so this module does not depend on the router. */
export function setLoginNavigator(navigate: Navigate): void {
  navigateToLogin = navigate;
}

function goToLogin(): void {
  navigateToLogin('login');
}

/** The session is over without asking the server (a failed refresh, a missing tenant): clear it, go to /login. */
export function endSession(): void {
  clearSession();
  goToLogin();
}

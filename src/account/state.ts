/**
 * The session (spec §4): the token pair and the user, with the actions that change them.
 * Logged in means a token is present.
 */
import { computed, signal } from '@preact/signals-react';
import type { Tokens } from '../core/http.ts';
import { describeServerMessage } from '../core/errors.ts';
import { notify } from '../core/ui/notify.ts';
import { CLIENT_KEYS, read, remove, SESSION_KEYS, write, type TokenPair, type UserInfo } from '../core/storage.ts';
import { aboutApp, invalidateClientCache } from '../app/client-state.ts';
import { getUser, logoutCall, passwordLogin, smsLogin } from './api.ts';

function readTokens(): Tokens | null {
  const accessToken = read('token');
  const refreshToken = read('refreshToken');
  return accessToken ? { accessToken, refreshToken: refreshToken ?? '' } : null;
}

export const tokens = signal<Tokens | null>(readTokens());
export const user = signal<UserInfo | null>(read('userInfo') ?? null);
export const isLoggedIn = computed(() => Boolean(tokens.value?.accessToken));
/** Spec §3: the nickname falls back to the client name. */
export const displayName = computed(() => user.value?.nickname || aboutApp.value?.clientName || '');

export function saveTokens(pair: Tokens | TokenPair): void {
  tokens.value = { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
  write('token', pair.accessToken);
  write('refreshToken', pair.refreshToken);
  write('isLogin', true);
}

/** Spec §8: a non-zero user-info reply is a red notice with the server's message. */
export async function fetchUser(): Promise<UserInfo | null> {
  try {
    const info = await getUser();
    user.value = info;
    write('userInfo', info);
    return info;
  } catch (error) {
    notify(describeServerMessage(error));
    return null;
  }
}

let userFetched = false;

/** Boot: refresh the cached user once per start when logged in (spec boot chain ends with user/get). */
export function ensureUser(): void {
  if (userFetched || !isLoggedIn.value) return;
  userFetched = true;
  void fetchUser();
}

async function completeLogin(pair: TokenPair): Promise<void> {
  saveTokens(pair);
  userFetched = true;
  await fetchUser();
}

export async function loginWithPassword(mobile: string, password: string): Promise<void> {
  await completeLogin(await passwordLogin(mobile.trim(), password));
}

export async function loginWithSmsCode(mobile: string, code: string): Promise<void> {
  await completeLogin(await smsLogin(mobile.trim(), code.trim()));
}

/** Drops the session in memory and storage (spec §4: token, refresh token, user info, cached client data). */
export function clearSession(): void {
  tokens.value = null;
  user.value = null;
  userFetched = false;
  remove(...SESSION_KEYS, ...CLIENT_KEYS);
  invalidateClientCache();
}

type Navigate = (path: string) => void;
let goToLogin: Navigate = () => {};

/** The navigator registers how to reach /login, so this module does not depend on the router. */
export function setLoginNavigator(navigate: Navigate): void {
  goToLogin = navigate;
}

/** Logout: tell the server (best effort, the token may already be dead), clear, go to /login. */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if (options.callServer !== false && tokens.value) {
    await logoutCall().catch(() => {});
  }
  clearSession();
  goToLogin('login');
}

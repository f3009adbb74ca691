/**
 * The session (spec §4): the token pair and the user, with the actions that change them.
 * Logged in means a token is present.
 */
import { computed, effect, signal } from '@preact/signals-react';
import type { Tokens } from '../core/http.ts';
import { describeServerMessage } from '../core/errors.ts';
import { notify } from '../core/ui/notify.ts';
import { CLIENT_KEYS, read, remove, SESSION_KEYS, write } from '../core/storage.ts';
import { aboutApp, invalidateClientCache } from '../app/client-state.ts';
import { t } from '../core/i18n/index.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { getUser, logoutCall, oneClickLogin, passwordLogin, smsLogin, type TokenPair, type UserInfo } from './api.ts';

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
/** Spec §1 guest mode: a timed trial. */
export const isGuest = computed(() => Boolean(user.value?.guest));
/** When the guest trial ends (ms), or 0 for a registered user. */
export const trialEndsAt = computed(() => (user.value?.guest ? (user.value.trialExpiresTime ?? 0) : 0));
/** Spec §3: the nickname falls back to the client name (a guest is called a guest). */
export const displayName = computed(
  () => user.value?.nickname || (isGuest.value ? t('account.guest.guestName') : aboutApp.value?.clientName) || '',
);

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

/** Applies a change the server accepted, without another user/get round trip. */
export function patchUser(changes: Partial<UserInfo>): void {
  if (!user.value) return;
  user.value = { ...user.value, ...changes };
  write('userInfo', user.value);
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

/** Starts a guest trial: a session without an account that ends at trialExpiresTime. */
export async function startGuestTrial(): Promise<void> {
  const reply = await oneClickLogin();
  saveTokens(reply);
  // The countdown starts now; user/get fills in the rest.
  user.value = { userNo: '', nickname: '', avatar: '', mobile: '', registerTime: Date.now(), guest: true, trialExpiresTime: reply.trialExpiresTime };
  userFetched = true;
  await fetchUser();
}

let trialEndShown = false;

/** The trial is over (the countdown ran out, or the server said so): end the session, go to login, say why. */
export async function endTrial(): Promise<void> {
  if (trialEndShown) return;
  trialEndShown = true;
  clearSession();
  goToLogin('login');
  await openDialog({ title: t('account.guest.endedTitle'), message: t('account.guest.ended'), actions: [{ label: t('common.ok'), primary: true }] });
  trialEndShown = false;
}

let trialTimer: ReturnType<typeof setTimeout> | undefined;

/** Ends the trial when its time comes, even if no request is made then. Started once at boot. */
export function watchTrial(): () => void {
  return effect(() => {
    clearTimeout(trialTimer);
    const end = trialEndsAt.value;
    if (end) trialTimer = setTimeout(() => void endTrial(), Math.max(0, end - Date.now()));
  });
}

const sessionClearedListeners = new Set<() => void>();

/** Lets lazily loaded domains forget a previous account's data (device lists, selections) on logout. */
export function onSessionCleared(listener: () => void): void {
  sessionClearedListeners.add(listener);
}

/** Drops the session in memory and storage (spec §4: token, refresh token, user info, cached client data). */
export function clearSession(): void {
  tokens.value = null;
  user.value = null;
  userFetched = false;
  remove(...SESSION_KEYS, ...CLIENT_KEYS);
  invalidateClientCache();
  sessionClearedListeners.forEach((listener) => listener());
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

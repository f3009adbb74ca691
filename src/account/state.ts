/**
 * The session (spec §4) with the actions that change it: logging in, the guest trial, user/get, logging out. The
 * token pair and the user themselves are session.ts, which the first screen carries; pages import both from here.
 */
import { computed, effect } from '@preact/signals-react';
import { describeServerMessage } from '../core/errors.ts';
import { t } from '../core/i18n/index.ts';
import { write } from '../core/storage.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { notify } from '../core/ui/notify.ts';
import { ensureAppTexts } from '../app/app-texts.ts';
import { aboutApp } from '../app/client-state.ts';
import { endSession, isLoggedIn, onSessionCleared, saveTokens, tokens, user } from './session.ts';
import { getUser, logoutCall, oneClickLogin, passwordLogin, smsLogin, type TokenPair, type UserInfo } from './api.ts';
import { track } from '../core/track.ts';

export { clearSession, isLoggedIn, onSessionCleared, readTokens, saveTokens, setLoginNavigator, tokens, user } from './session.ts';

/** Spec §1 guest mode: a timed trial. */
export const isGuest = computed(() => Boolean(user.value?.guest));
/** When the guest trial ends (ms), or 0 for a registered user. */
export const trialEndsAt = computed(() => (user.value?.guest ? (user.value.trialExpiresTime ?? 0) : 0));
/** Spec §3: the nickname falls back to the client name (a guest is called a guest). */
export const displayName = computed(
  () => user.value?.nickname || (isGuest.value ? t('account.guest.guestName') : aboutApp.value?.clientName) || '',
);

/** Spec §8: a non-zero user-info reply is a red notice with the server's message. */
export async function fetchUser(): Promise<UserInfo | null> {
  try {
    const info = await getUser();
    user.value = info;
    write('userInfo', info);
    return info;
  } catch (error) {
    // Offline, the stored user stays shown (pages mark what they show as last known): no failure to report.
    if (navigator.onLine !== false) notify(describeServerMessage(error));
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
// The next account's start fetches its own user.
onSessionCleared(() => {
  userFetched = false;
});

/** Boot: refresh the cached user once per start when logged in (spec boot chain ends with user/get). */
export function ensureUser(): void {
  if (userFetched || !isLoggedIn.value) return;
  userFetched = true;
  void fetchUser();
}

async function completeLogin(pair: TokenPair, method: 'password' | 'sms'): Promise<void> {
  saveTokens(pair);
  userFetched = true;
  await fetchUser();
  // After the user is in: the event carries the account it logged into.
  track('login', { method });
}

export async function loginWithPassword(mobile: string, password: string): Promise<void> {
  await completeLogin(await passwordLogin(mobile.trim(), password), 'password');
}

export async function loginWithSmsCode(mobile: string, code: string): Promise<void> {
  await completeLogin(await smsLogin(mobile.trim(), code.trim()), 'sms');
}

/** Starts a guest trial: a session without an account that ends at trialExpiresTime. */
export async function startGuestTrial(): Promise<void> {
  const reply = await oneClickLogin();
  saveTokens(reply);
  // The countdown starts now; user/get fills in the rest.
  user.value = {
    userId: reply.userId,
    userNo: '',
    nickname: '',
    avatar: '',
    mobile: '',
    registerTime: Date.now(),
    hasPassword: false,
    guest: true,
    trialExpiresTime: reply.trialExpiresTime,
    guideSeen: true,
  };
  userFetched = true;
  watchTrial();
  await fetchUser();
}

let trialEndShown = false;

/** The trial is over (the countdown ran out, or the server said so): end the session, go to login, say why. */
export async function endTrial(): Promise<void> {
  if (trialEndShown) return;
  trialEndShown = true;
  endSession();
  // Its words are in the signed-in app's texts, which a public page (the agreements, say) has not loaded.
  await ensureAppTexts().catch(() => {});
  await openDialog({ title: t('account.guest.endedTitle'), message: t('account.guest.ended'), actions: [{ label: t('common.ok'), primary: true }] });
  trialEndShown = false;
}

let trialTimer: ReturnType<typeof setTimeout> | undefined;
let watching = false;

/**
 * Ends the trial when its time comes, even if no request is made then. Boot starts it for a session it finds, the
 * guest login for a new one; once is enough.
 */
export function watchTrial(): void {
  if (watching) return;
  watching = true;
  effect(() => {
    clearTimeout(trialTimer);
    const end = trialEndsAt.value;
    if (end) trialTimer = setTimeout(() => void endTrial(), Math.max(0, end - Date.now()));
  });
}

/** Logout: tell the server (best effort, the token may already be dead), clear, go to /login. */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if (options.callServer !== false && tokens.value) {
    await logoutCall().catch(() => {});
  }
  endSession();
}

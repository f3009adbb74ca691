/**
 * Opening a phone of the device store in phone-view (its owner's, or one a grant or share lent to this account):
 * the store's checks, the security-token call, then the live session (live-session.ts, whose signals and controls
 * this module hands on, so phone-view's modules import one place). The share viewer's page opens its phone with a
 * viewer key instead, through watch.ts, without the device store.
 */
import { computed } from '@preact/signals-react';
import { securityToken } from '../devices/api.ts';
import { canOpen } from '../devices/state.ts';
import { ensurePhones, phonesById } from '../devices/phone-store.ts';
import { beginSession, currentPhoneId, failSession, isCurrent, startSession, storedName } from './live-session.ts';
import { track } from '../core/track.ts';

export * from './live-session.ts';

/** The phone as the devices store holds it: a rename anywhere (phone-view's tools included) shows here at once. */
export const currentPhone = computed(() => (currentPhoneId.value === null ? undefined : phonesById.value.get(currentPhoneId.value)));
storedName.value = () => currentPhone.value?.name;

export interface OpenOptions {
  userPhoneId: number;
  viewOnly: boolean;
  container: HTMLElement;
}

export async function openSession({ userPhoneId, viewOnly: onlyView, container }: OpenOptions): Promise<void> {
  const mine = beginSession(userPhoneId, onlyView);
  track('openPhone', { viewOnly: onlyView });
  if (!Number.isSafeInteger(userPhoneId) || userPhoneId <= 0) return failSession(mine, { kind: 'notFound' });
  const known = phonesById.value.get(userPhoneId);
  // Opened by its address: this phone (and only it) is asked for, for its name and the tools.
  if (!known) void ensurePhones([userPhoneId]).catch(() => {});
  // Spec §5: a phone with under 10 minutes left is refused before any connection (the server refuses it too).
  if (known && !canOpen(known)) return failSession(mine, { kind: 'validity' });
  // The SDK is asked for alongside the token (startSession takes it from the module cache).
  void import('../stream/stream-sdk.ts').catch(() => {});
  // Each failure keeps its own name: a chunk that did not load is not a token.
  const tokenCall = securityToken(userPhoneId).then(({ token }) => token);
  tokenCall.catch(() => {});
  // A phone from the list, known to be open-able: the socket opens now and sends the token as its first message
  // when it comes (the token call and the socket's handshakes overlap: a round trip less). A phone opened by its
  // address waits for its token, so one the server refuses never gets a connection.
  let token: string | Promise<string> = tokenCall;
  if (!known) {
    try {
      token = await tokenCall;
    } catch (error) {
      return failSession(mine, { kind: 'token', error });
    }
  }
  if (isCurrent(mine)) await startSession(mine, { userPhoneId, viewOnly: onlyView, container, token });
}

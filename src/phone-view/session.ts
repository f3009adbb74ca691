/**
 * The live session of the phone-view pages (spec §3 "Streaming session settings"): the SDK instance, the phone,
 * the current definition, professional mode, virtual keys, panels and the view-only flag, as signals that outlive
 * reconnects (so quality and open panels survive a dropped connection). The SDK chunk is imported here, on demand.
 */
import { computed, signal } from '@preact/signals-react';
import { t } from '../core/i18n/index.ts';
import { notify } from '../core/ui/notify.ts';
import { registerStreamSession } from '../app/stream-session.ts';
import { write, isShowVirtualKey } from '../core/storage.ts';
import { securityToken } from '../devices/api.ts';
import { canOpen } from '../devices/state.ts';
import { ensurePhones, phonesById } from '../devices/phone-store.ts';
import type { StreamClient, StreamEvents, StreamFailure, StreamRole, StreamState, StreamStats } from '../stream/types.ts';
import type { Quality } from '../contract/stream-quality.ts';
import { DEFAULT_QUALITY, definitionOf } from './qualities.ts';

export type Panel = 'none' | 'tools' | 'quality' | 'clipboard' | 'switcher' | 'rename';

/** Why the stage shows an error instead of the picture: a stream failure, or a refused call (token, validity). */
export type SessionProblem =
  | { kind: 'stream'; failure: StreamFailure }
  | { kind: 'error'; error: unknown }
  /** The security-token call failed: spec §8 names that failure ("token fetch failed"). */
  | { kind: 'token'; error: unknown }
  | { kind: 'validity' }
  | { kind: 'notFound' };

export const streamState = signal<StreamState>('idle');
export const problem = signal<SessionProblem | null>(null);
export const device = signal<{ width: number; height: number } | null>(null);
export const currentPhoneId = signal<number | null>(null);
/** The phone as the devices store holds it: a rename anywhere (phone-view's tools included) shows here at once. */
export const currentPhone = computed(() => (currentPhoneId.value === null ? undefined : phonesById.value.get(currentPhoneId.value)));
/** The name the stream host sent, for a phone the store does not hold (someone else's, shared with this user). */
const streamedName = signal('');
export const phoneName = computed(() => currentPhone.value?.name ?? streamedName.value);
export const quality = signal<Quality>(DEFAULT_QUALITY);
export const professionalMode = signal(false);
export const virtualKeys = signal(isShowVirtualKey());
export const panel = signal<Panel>('none');
export const stats = signal<StreamStats | null>(null);
export const frame = signal<{ width: number; height: number; seq: number } | null>(null);
export const viewOnly = signal(false);
/** Who this session is on the phone, as the stream host says (an owner until it says otherwise). */
export const role = signal<StreamRole>('owner');
/** For the owner: how many others are on the phone, and how many of them control it. */
export const audience = signal({ watching: 0, controlling: 0 });

let client: StreamClient | null = null;
/** Bumped by every open and close: an open that finishes after the user moved on does nothing. */
let generation = 0;

export function streamClient(): StreamClient | null {
  return client;
}

/** True (after telling the user) when this is a view-only session: every input path asks before sending. */
export function refuseIfViewOnly(): boolean {
  if (viewOnly.value) notify(t('phoneView.viewOnlyRefused'), 'info');
  return viewOnly.value;
}

export function setVirtualKeys(on: boolean): void {
  virtualKeys.value = on;
  write('isShowVirtualKey', on);
}

const streamBase = (): string => import.meta.env?.VITE_STREAM_SDK_BASE ?? '';

export interface OpenOptions {
  userPhoneId: number;
  viewOnly: boolean;
  container: HTMLElement;
  /**
   * A share viewer's key (src/share): it is the socket's token itself, so no token call is made and nothing of the
   * device store is asked for (the viewer may have no account); the phone's name comes from the stream's hello.
   */
  viewerKey?: string;
}

export async function openSession({ userPhoneId, viewOnly: onlyView, container, viewerKey }: OpenOptions): Promise<void> {
  closeSession();
  const mine = ++generation;
  if (!Number.isSafeInteger(userPhoneId) || userPhoneId <= 0) {
    streamState.value = 'failed';
    problem.value = { kind: 'notFound' };
    return;
  }
  currentPhoneId.value = userPhoneId;
  streamedName.value = '';
  viewOnly.value = onlyView;
  role.value = 'owner';
  audience.value = { watching: 0, controlling: 0 };
  problem.value = null;
  frame.value = null;
  stats.value = null;
  device.value = null;
  streamState.value = 'connecting';
  const known = viewerKey ? undefined : phonesById.value.get(userPhoneId);
  // Opened by its address: this phone (and only it) is asked for, for its name and the tools.
  if (!known && !viewerKey) void ensurePhones([userPhoneId]).catch(() => {});
  // Spec §5: a phone with under 10 minutes left is refused before any connection (the server refuses it too).
  if (known && !canOpen(known)) {
    streamState.value = 'failed';
    problem.value = { kind: 'validity' };
    return;
  }
  let sdk: typeof import('../stream/stream-sdk.ts');
  // Each failure keeps its own name: a chunk that did not load is not a token.
  const tokenCall = viewerKey ? Promise.resolve(viewerKey) : securityToken(userPhoneId).then(({ token }) => token);
  tokenCall.catch(() => {});
  try {
    sdk = await import('../stream/stream-sdk.ts');
  } catch (error) {
    if (mine !== generation) return;
    streamState.value = 'failed';
    problem.value = { kind: 'error', error };
    return;
  }
  // A phone from the list, known to be open-able: the socket opens now and sends the token as its first message
  // when it comes (the token call and the socket's handshakes overlap: a round trip less). A phone opened by its
  // address waits for its token, so one the server refuses never gets a connection.
  let token: string | Promise<string> = tokenCall;
  if (!known) {
    try {
      token = await tokenCall;
    } catch (error) {
      if (mine !== generation) return;
      streamState.value = 'failed';
      problem.value = { kind: 'token', error };
      return;
    }
  }
  if (mine !== generation) return;
  const next = sdk.createStreamClient();
  client = next;
  next.on('state', ({ state, failure }) => {
    streamState.value = state;
    problem.value = state === 'failed' && failure ? { kind: 'stream', failure } : null;
  });
  next.on('ready', ({ width, height, name }) => {
    device.value = { width, height };
    if (name) streamedName.value = name;
  });
  next.on('frame', (info) => (frame.value = info));
  next.on('control', (change) => controlChanged(change, onlyView));
  next.on('audience', (value) => (audience.value = value));
  next.on('stats', (value) => (stats.value = value));
  next.mount(container);
  next.connect({ userPhoneId, token, baseUrl: streamBase(), definition: definitionOf(quality.value), viewOnly: onlyView });
  tokenCall.catch((error: unknown) => {
    if (mine !== generation || client !== next) return;
    client = null;
    registerStreamSession(null);
    next.destroy();
    streamState.value = 'failed';
    problem.value = { kind: 'token', error };
  });
  // Hidden while the token was on its way: no stream in the background (it resumes on the visibility change).
  if (document.visibilityState === 'hidden') next.pause();
  registerStreamSession({ destroy: closeSession });
}

/**
 * The host decides who drives the phone: a view-only grant or share watches, and the owner can take control back
 * from a grantee (who then watches until the owner leaves). The page follows, and says why when it changes.
 */
function controlChanged({ role: who, control, reason }: StreamEvents['control'], onlyView: boolean): void {
  role.value = who;
  const watching = onlyView || !control;
  if (reason !== 'hello' && watching !== viewOnly.value) {
    if (watching) panel.value = 'none';
    notify(t(watching ? 'phoneView.control.taken' : 'phoneView.control.returned'), 'info');
  }
  viewOnly.value = watching;
}

/** The owner takes control back from the grantees or share viewers controlling the phone. */
export function takeControlBack(): void {
  panel.value = 'none';
  if (streamClient()?.takeControl()) notify(t('phoneView.control.took'), 'success');
  else notify(t('phoneView.control.failed'));
}

/** Ends the session (leaving the page, switching phones): the connection closes and the surface goes away. */
export function closeSession(): void {
  generation++;
  const current = client;
  client = null;
  if (current) {
    registerStreamSession(null);
    current.destroy();
  }
  streamState.value = 'idle';
}

/** The page was hidden: stop the picture (and its data) until it is visible again. */
export function pauseSession(): void {
  client?.pause();
}

export function resumeSession(): void {
  if (client && (client.state === 'paused' || client.state === 'failed')) client.resume();
}

/** Professional mode lasts for the visit (spec §3 lists it as a session setting, with no storage key). */
export function toggleProfessionalMode(): void {
  professionalMode.value = !professionalMode.value;
}

/**
 * The live session of the phone-view pages (spec §3 "Streaming session settings"): the SDK instance, the phone,
 * the current definition, professional mode, virtual keys, panels and the view-only flag, as signals that outlive
 * reconnects (so quality and open panels survive a dropped connection). The SDK chunk is imported here, on demand.
 *
 * Nothing here knows the device store: session.ts opens an owner's or grantee's phone (token call, the store's
 * checks), the share viewer's page (src/share, through watch.ts) opens one with its viewer key; both start here.
 */
import { computed, signal } from '@preact/signals-react';
import { t } from '../core/i18n/index.ts';
import { notify } from '../core/ui/notify.ts';
import { registerStreamSession } from '../app/stream-session.ts';
import { write, isShowVirtualKey } from '../core/storage.ts';
import type { StreamClient, StreamEvents, StreamFailure, StreamRole, StreamState, StreamStats } from '../stream/types.ts';
import type { Quality } from '../../shared/contract/stream-quality.ts';
import type { ControlRequest } from '../../shared/contract/stream-protocol.ts';
import { DEFAULT_QUALITY, definitionOf } from './qualities.ts';
import { streamBase } from '../stream/stream-url.ts';

export type Panel = 'none' | 'tools' | 'quality' | 'clipboard' | 'switcher' | 'rename' | 'upload';

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
/**
 * The phone's name as a store of phones knows it (session.ts plugs the devices store in, so a rename anywhere shows
 * here at once); undefined for a phone it does not hold.
 */
export const storedName = signal<() => string | undefined>(() => undefined);
/** The name the stream host sent, for a phone the store does not hold (someone else's, shared with this user). */
const streamedName = signal('');
export const phoneName = computed(() => storedName.value() ?? streamedName.value);
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
/** For the owner: the share viewers asking for control (phone-view offers to answer the oldest). */
export const controlRequests = signal<ControlRequest[]>([]);

/**
 * Counts the sessions begun (a phone opened, another picked, another account's): what belongs to one session's
 * stream, such as the network offer, starts afresh when it changes.
 */
export const sessionNumber = signal(0);

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


export interface StartOptions {
  userPhoneId: number;
  viewOnly: boolean;
  container: HTMLElement;
  /**
   * The stream's token, or the call bringing it: the socket opens at once and sends it when it comes. A call that
   * fails ends the session with the spec's "token fetch failed".
   */
  token: string | Promise<string>;
}

/** Resets the session's signals for a phone about to open; returns the generation that open runs under. */
export function beginSession(userPhoneId: number, onlyView: boolean): number {
  closeSession();
  const mine = ++generation;
  currentPhoneId.value = userPhoneId;
  streamedName.value = '';
  viewOnly.value = onlyView;
  role.value = 'owner';
  audience.value = { watching: 0, controlling: 0 };
  controlRequests.value = [];
  problem.value = null;
  frame.value = null;
  stats.value = null;
  device.value = null;
  streamState.value = 'connecting';
  sessionNumber.value++;
  return mine;
}

/** The open begun as `mine` failed before any connection (a bad address, a refused check, a chunk or token call). */
export function failSession(mine: number, failure: SessionProblem): void {
  if (mine !== generation) return;
  streamState.value = 'failed';
  problem.value = failure;
}

/** Whether the open begun as `mine` is still the current one (the user did not move on). */
export const isCurrent = (mine: number): boolean => mine === generation;

/** Connects the open begun as `mine`: the SDK is imported here, on demand. */
export async function startSession(mine: number, { userPhoneId, viewOnly: onlyView, container, token }: StartOptions): Promise<void> {
  let sdk: typeof import('../stream/stream-sdk.ts');
  try {
    sdk = await import('../stream/stream-sdk.ts');
  } catch (error) {
    return failSession(mine, { kind: 'error', error });
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
    // Each connection's own list follows its hello; what an earlier one heard may have been answered meanwhile.
    controlRequests.value = [];
    if (name) streamedName.value = name;
  });
  next.on('frame', (info) => (frame.value = info));
  next.on('control', (change) => controlChanged(change, onlyView));
  next.on('audience', (value) => (audience.value = value));
  next.on('controlRequests', ({ requests }) => (controlRequests.value = requests));
  next.on('stats', (value) => (stats.value = value));
  next.mount(container);
  next.connect({ userPhoneId, token, baseUrl: streamBase(), definition: definitionOf(quality.value), viewOnly: onlyView });
  if (typeof token !== 'string') {
    token.catch((error: unknown) => {
      if (mine !== generation || client !== next) return;
      client = null;
      registerStreamSession(null);
      next.destroy();
      streamState.value = 'failed';
      problem.value = { kind: 'token', error };
    });
  }
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

/**
 * Moves the running session's picture into `container` (a session started before its page had a stage: the share
 * viewer's, started as its page's module ran). False when there is no session to show.
 */
export function adoptStage(container: HTMLElement): boolean {
  if (!client) return false;
  client.mount(container);
  return true;
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

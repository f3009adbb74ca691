/**
 * The reference StreamClient: the reference backend's WebSocket protocol (server/API.md "Streaming"). Pictures are
 * JPEG binary messages drawn on a canvas; control is JSON. A dropped connection reconnects with backoff and asks
 * for the session's definition again, so quality survives a reconnect; the last picture stays on screen meanwhile.
 * Beside it: a socket's wiring (stream-socket.ts), what a close code says (close-codes.ts), the input messages
 * (input-messages.ts) and which definition answer settles a request (definition-answers.ts).
 */
import { reconnectDelay, shouldGiveUp } from './backoff.ts';
import { canvasSupported, createCanvasSurface, type FrameSurface } from './canvas-surface.ts';
import { createEmitter } from './emitter.ts';
import { createLiveness } from './liveness.ts';
import { createPendingRequests } from './pending-requests.ts';
import { HELLO_SEQ, SCREENSHOT_KIND, type StreamClientMessage, type StreamServerMessage } from '../../shared/contract/stream-protocol.ts';
import { closeFailure } from './close-codes.ts';
import { createDefinitionAnswers } from './definition-answers.ts';
import { inputSenders } from './input-messages.ts';
import { readPicture } from './picture-message.ts';
import { PING_EVERY_MS, SCREENSHOT_ERROR, SCREENSHOT_TIMEOUT_MS, STREAM_TIMEOUT_MS, isPositive, sameDefinition, type ReceivedHello } from './protocol.ts';
import { streamUrl } from './stream-url.ts';
import { unwireSocket, wireSocket } from './stream-socket.ts';
import { takeEarlySocket } from './early-socket.ts';
import {
  StreamError,
  type Definition,
  type StreamClient,
  type StreamEvents,
  type StreamFailure,
  type StreamLink,
  type StreamRole,
  type StreamState,
  type StreamTarget,
} from './types.ts';

export interface WsStreamClientDeps {
  WebSocket?: typeof WebSocket;
  surface?: () => FrameSurface;
  supported?: () => boolean;
  random?: () => number;
  now?: () => number;
}

/** Whole ms since a message arrived (its acknowledgement's `held`), at most what the host accepts. */
const heldSince = (receivedAt: number): number => Math.min(60_000, Math.max(0, Math.round(performance.now() - receivedAt)));

export function createWsStreamClient(deps: WsStreamClientDeps = {}): StreamClient {
  const Socket = deps.WebSocket ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  const supported = deps.supported ?? canvasSupported;
  const now = deps.now ?? (() => performance.now());
  const events = createEmitter<StreamEvents>();
  const requests = createPendingRequests();
  let surface: FrameSurface | null = null;
  let container: HTMLElement | null = null;
  let socket: WebSocket | null = null;
  let target: StreamTarget | null = null;
  let state: StreamState = 'idle';
  let attempt = 0;
  let ready = false;
  /** The host's word on this session (hello, then control messages); a host without roles leaves it in control. */
  let role: StreamRole = 'owner';
  let control = true;
  let frameSeq = 0;
  let lastFrame: { width: number; height: number } | null = null;
  /** The host's latest word on the link (its `link` message), shown with the stats. */
  let link: StreamLink | null = null;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let statsTimer: ReturnType<typeof setInterval> | null = null;
  const liveness = createLiveness(now, STREAM_TIMEOUT_MS);
  const definitionAnswers = createDefinitionAnswers();

  function setState(next: StreamState, failure?: StreamFailure): void {
    state = next;
    events.emit('state', { state: next, failure, attempt });
  }

  function clearTimers(): void {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    if (statsTimer !== null) clearInterval(statsTimer);
    statsTimer = null;
  }

  function later(ms: number, run: () => void): void {
    timers.push(setTimeout(run, ms));
  }

  /** Closes the current socket without triggering a reconnect. */
  function dropSocket(): void {
    const current = socket;
    socket = null;
    ready = false;
    clearTimers();
    definitionAnswers.reset();
    requests.failAll();
    if (current) unwireSocket(current);
  }

  function fail(failure: StreamFailure): void {
    dropSocket();
    setState('failed', failure);
  }

  function lost(): void {
    dropSocket();
    attempt++;
    if (shouldGiveUp(attempt)) return fail('connectionLost');
    setState('reconnecting');
    later(reconnectDelay(attempt, deps.random), open);
  }

  function send(message: StreamClientMessage): boolean {
    if (!socket || !ready || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function sendInput(message: StreamClientMessage): boolean {
    return !target?.viewOnly && control && send(message);
  }

  function startTicking(): void {
    if (statsTimer !== null) clearInterval(statsTimer); // a repeated hello must not start a second ticker
    liveness.reset();
    statsTimer = setInterval(() => {
      const { dead, ping, stats } = liveness.tick();
      // A connection whose pings go unanswered is dead even if the browser has not noticed yet.
      if (dead) return lost();
      if (ping !== null) send({ type: 'ping', t: ping });
      events.emit('stats', { ...stats, link });
    }, PING_EVERY_MS / 2);
  }

  function onHello(message: ReceivedHello, receivedAt: number): void {
    if (!isPositive(message.width) || !isPositive(message.height)) return fail('configError');
    ready = true;
    link = null;
    // Acknowledged at once: the host measures the round trip by it before the first picture.
    send({ type: 'ack', seq: HELLO_SEQ, held: heldSince(receivedAt) });
    events.emit('ready', { width: message.width, height: message.height, name: message.phone?.name ?? '' });
    role = message.role ?? 'owner';
    control = message.control ?? true;
    events.emit('control', { role, control, reason: 'hello' });
    const wanted = target!.definition;
    const current = message.definition;
    if ((!current || !sameDefinition(wanted, current)) && send({ type: 'definition', ...wanted })) definitionAnswers.sent();
    startTicking();
  }

  function onText(data: string, receivedAt: number): void {
    let message: StreamServerMessage;
    try {
      message = JSON.parse(data) as StreamServerMessage;
    } catch {
      return fail('configError');
    }
    if (message.type === 'hello') return onHello(message, receivedAt);
    if (message.type === 'definition') {
      const settles = definitionAnswers.answered();
      if (message.ok && isPositive(message.width) && isPositive(message.height)) {
        const { width, height, fps, bitrate, auto } = message;
        const definition = auto ? { width, height, fps, bitrate, auto } : { width, height, fps, bitrate };
        target = { ...target!, definition };
        events.emit('definition', definition);
        if (settles) requests.resolve('definition', definition);
      } else if (settles) requests.reject('definition');
    } else if (message.type === 'clipboard') {
      events.emit('clipboard', { text: message.text });
      requests.resolve('clipboard', message.text);
    } else if (message.type === 'control') {
      control = message.control;
      events.emit('control', { role, control, reason: message.reason });
    } else if (message.type === 'audience') events.emit('audience', { watching: message.watching, controlling: message.controlling });
    else if (message.type === 'control.requests') events.emit('controlRequests', { requests: message.requests });
    else if (message.type === 'link') link = { kbps: message.kbps, rtt: message.rtt, width: message.width, height: message.height };
    else if (message.type === 'pong') liveness.pong(message.t); else if (message.type === 'error' && SCREENSHOT_ERROR.test(message.msg)) requests.reject('screenshot');
  }

  /**
   * A picture is acknowledged once drawn, so the host sends the next only when this one arrived (self-clocking); one
   * replaced by a later whole picture is acknowledged by that one's acknowledgement. A picture that cannot be drawn
   * is acknowledged too, with a request for a whole one.
   */
  function onBinary(data: ArrayBuffer, receivedAt: number): void {
    if (new Uint8Array(data, 0, 1)[0] === SCREENSHOT_KIND) return void requests.resolve('screenshot', new Blob([data.slice(1)], { type: 'image/jpeg' }));
    if (!surface) return;
    const picture = readPicture(data);
    if (!picture) return void send({ type: 'refresh' });
    liveness.picture(data.byteLength);
    const owner = socket;
    void surface.draw(picture).then((outcome) => {
      if (outcome === 'replaced' || owner !== socket) return;
      // How long the picture waited here (a slow device, or a page still loading when an early socket heard it): on a
      // fast link that would read as a slow one, and automatic quality would stay at its first, smallest picture.
      send({ type: 'ack', seq: picture.seq, held: heldSince(receivedAt) });
      if (outcome === 'unusable') return void send({ type: 'refresh' });
      lastFrame = outcome;
      // Only a picture proves the connection works: a host that says hello and drops keeps backing off.
      attempt = 0;
      if (state !== 'playing') setState('playing');
      events.emit('frame', { ...outcome, seq: ++frameSeq });
    });
  }

  function open(): void {
    if (!target) return;
    const token = target.token;
    let url: string;
    try {
      url = streamUrl(target.baseUrl, target.userPhoneId, typeof token === 'string' ? token : null);
    } catch {
      return fail('configError');
    }
    if (state !== 'reconnecting') setState('connecting');
    // A share link's page may have opened this very socket before the SDK arrived: it is taken over, not opened again.
    const early = takeEarlySocket(url);
    let current: WebSocket;
    try {
      current = early?.socket ?? new Socket!(url);
    } catch {
      return fail('configError'); // refused outright: mixed content (ws: from https:) or a content security policy
    }
    socket = current;
    wireSocket(current, early ? null : token, {
      owns: (candidate) => socket === candidate,
      heard: () => liveness.heard(),
      text: onText,
      binary: onBinary,
      closed: (code) => {
        const failure = closeFailure(code);
        // A socket opened early with a kept viewer key that the host refused before its hello: the session's own
        // token (the page's join) may still open the phone, through a new socket.
        if (failure && !(early && !ready)) fail(failure);
        else lost();
      },
    });
    // A host that accepts the connection but never says hello is as good as down.
    later(STREAM_TIMEOUT_MS, () => {
      if (socket === current && !ready) lost();
    });
    early?.replay();
  }

  function request<T>(name: 'definition' | 'clipboard' | 'screenshot', message: StreamClientMessage, timeoutMs: number): Promise<T> {
    const reason = name === 'definition' ? 'resolutionFailed' : name === 'screenshot' ? 'screenshotFailed' : 'clipboardFailed';
    if (!ready) return Promise.reject(new StreamError('notConnected'));
    const promise = requests.add<T>(name, reason, timeoutMs);
    send(message);
    return promise;
  }

  return {
    get state() {
      return state;
    },
    mount(element) {
      container = element;
      if (surface) surface.mount(element);
    },
    connect(next) {
      dropSocket();
      target = next;
      attempt = 0;
      if (!Socket || !supported()) return fail('unsupported');
      surface ??= (deps.surface ?? createCanvasSurface)();
      if (container) surface.mount(container);
      open();
    },
    pause() {
      if (state === 'idle' || state === 'failed' || state === 'paused') return;
      dropSocket();
      setState('paused');
    },
    resume() {
      if (state !== 'paused' && state !== 'failed') return;
      if (!Socket || !supported()) return fail('unsupported');
      dropSocket();
      attempt = 0;
      open();
    },
    destroy() {
      dropSocket();
      target = null;
      surface?.destroy();
      surface = null;
      setState('idle');
      events.clear();
    },
    ...inputSenders(sendInput),
    readClipboard() {
      // The host refuses a watcher's clipboard read; say so now instead of waiting out the request.
      if (target?.viewOnly || !control) return Promise.reject(new StreamError('clipboardFailed'));
      return request<string>('clipboard', { type: 'clipboard.get' }, STREAM_TIMEOUT_MS);
    },
    setDefinition(definition) {
      const promise = request<Definition>('definition', { type: 'definition', ...definition }, STREAM_TIMEOUT_MS);
      if (ready) definitionAnswers.awaited();
      return promise;
    },
    screenshot() {
      return request<Blob>('screenshot', { type: 'screenshot' }, SCREENSHOT_TIMEOUT_MS);
    },
    takeControl() {
      return role === 'owner' && send({ type: 'control.take' });
    },
    frameSize() {
      return lastFrame;
    },
    on(event, handler) {
      return events.on(event, handler);
    },
  };
}

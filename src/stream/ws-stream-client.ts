/**
 * The reference StreamClient: the reference backend's WebSocket protocol (server/API.md "Streaming"). Pictures are
 * JPEG binary messages drawn on a canvas; control is JSON. A dropped connection reconnects with backoff and asks
 * for the session's definition again, so quality survives a reconnect; the last picture stays on screen meanwhile.
 * This file routes the host's messages to the parts that hold the session: the socket and its reconnects
 * (stream-connection.ts), the pictures and their acknowledgements (picture-receiver.ts), the pings and stats
 * (stats-ticker.ts), who may drive the phone (session-control.ts), the definition wanted (session-definition.ts),
 * the input messages (input-messages.ts) and the requests the host answers later (pending-requests.ts).
 */
import { SCREENSHOT_KIND, HELLO_SEQ, type StreamClientMessage, type StreamServerMessage } from '../../shared/contract/stream-protocol.ts';
import { canvasSupported, createCanvasSurface, type FrameSurface } from './canvas-surface.ts';
import { createEmitter } from './emitter.ts';
import { inputSenders } from './input-messages.ts';
import { createPendingRequests, type RequestName } from './pending-requests.ts';
import { createPictureReceiver } from './picture-receiver.ts';
import { SCREENSHOT_ERROR, SCREENSHOT_TIMEOUT_MS, STREAM_TIMEOUT_MS, heldSince, isPositive, type ReceivedHello } from './protocol.ts';
import { createSessionControl } from './session-control.ts';
import { createSessionDefinition } from './session-definition.ts';
import { createStatsTicker } from './stats-ticker.ts';
import { createStreamConnection } from './stream-connection.ts';
import { StreamError, type Definition, type StreamClient, type StreamEvents, type StreamTarget } from './types.ts';

export interface WsStreamClientDeps {
  WebSocket?: typeof WebSocket;
  surface?: () => FrameSurface;
  supported?: () => boolean;
  random?: () => number;
  now?: () => number;
}

export function createWsStreamClient(deps: WsStreamClientDeps = {}): StreamClient {
  const Socket = deps.WebSocket ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  const supported = deps.supported ?? canvasSupported;
  const events = createEmitter<StreamEvents>();
  const requests = createPendingRequests();
  let target: StreamTarget | null = null;
  const send = (message: StreamClientMessage): boolean => connection.send(message);

  const stats = createStatsTicker({
    now: deps.now ?? (() => performance.now()),
    send,
    dead: () => connection.lost(),
    stats: (payload) => events.emit('stats', payload),
  });
  const control = createSessionControl((change) => events.emit('control', change));
  const definition = createSessionDefinition({ send, requests, confirmed: (payload) => events.emit('definition', payload) });
  const pictures = createPictureReceiver({
    surface: deps.surface ?? createCanvasSurface,
    send,
    current: () => connection.current(),
    counted: (bytes) => stats.picture(bytes),
    drawn(frame) {
      connection.proved();
      events.emit('frame', frame);
    },
  });
  const connection = createStreamConnection({
    Socket,
    target: () => target,
    random: deps.random,
    heard: () => stats.heard(),
    text: onText,
    binary(data, receivedAt) {
      if (new Uint8Array(data, 0, 1)[0] === SCREENSHOT_KIND) return void requests.resolve('screenshot', new Blob([data.slice(1)], { type: 'image/jpeg' }));
      pictures.receive(data, receivedAt);
    },
    dropped() {
      stats.stop();
      definition.reset();
      requests.failAll();
    },
    state: (change) => events.emit('state', change),
  });

  function onHello(message: ReceivedHello, receivedAt: number): void {
    if (!isPositive(message.width) || !isPositive(message.height)) return connection.fail('configError');
    connection.greeted();
    // Acknowledged at once: the host measures the round trip by it before the first picture.
    send({ type: 'ack', seq: HELLO_SEQ, held: heldSince(receivedAt) });
    events.emit('ready', { width: message.width, height: message.height, name: message.phone?.name ?? '' });
    control.hello(message);
    definition.hello(message.definition);
    stats.start();
  }

  function onText(data: string, receivedAt: number): void {
    let message: StreamServerMessage;
    try {
      message = JSON.parse(data) as StreamServerMessage;
    } catch {
      return connection.fail('configError');
    }
    if (message.type === 'hello') onHello(message, receivedAt);
    else if (message.type === 'definition') definition.answered(message);
    else if (message.type === 'clipboard') {
      events.emit('clipboard', { text: message.text });
      requests.resolve('clipboard', message.text);
    } else if (message.type === 'control') control.changed(message.control, message.reason);
    else if (message.type === 'audience') events.emit('audience', { watching: message.watching, controlling: message.controlling });
    else if (message.type === 'control.requests') events.emit('controlRequests', { requests: message.requests });
    else if (message.type === 'link') stats.link({ kbps: message.kbps, rtt: message.rtt, width: message.width, height: message.height });
    else if (message.type === 'pong') stats.pong(message.t);
    else if (message.type === 'error' && SCREENSHOT_ERROR.test(message.msg)) requests.reject('screenshot');
  }

  function request<T>(name: RequestName, message: StreamClientMessage, timeoutMs: number): Promise<T> {
    const reason = name === 'definition' ? 'resolutionFailed' : name === 'screenshot' ? 'screenshotFailed' : 'clipboardFailed';
    if (!connection.ready) return Promise.reject(new StreamError('notConnected'));
    const promise = requests.add<T>(name, reason, timeoutMs);
    send(message);
    return promise;
  }

  return {
    get state() {
      return connection.state;
    },
    mount: (element) => pictures.mount(element),
    connect(next) {
      connection.drop();
      target = next;
      definition.want(next.definition);
      connection.resetBackoff();
      if (!Socket || !supported()) return connection.fail('unsupported');
      pictures.attach();
      connection.open();
    },
    pause() {
      const { state } = connection;
      if (state === 'idle' || state === 'failed' || state === 'paused') return;
      connection.drop();
      connection.enter('paused');
    },
    resume() {
      const { state } = connection;
      if (state !== 'paused' && state !== 'failed') return;
      if (!Socket || !supported()) return connection.fail('unsupported');
      connection.drop();
      connection.resetBackoff();
      connection.open();
    },
    destroy() {
      connection.drop();
      target = null;
      pictures.destroy();
      connection.enter('idle');
      events.clear();
    },
    ...inputSenders((message) => control.drives(target?.viewOnly) && send(message)),
    readClipboard() {
      // The host refuses a watcher's clipboard read; say so now instead of waiting out the request.
      if (!control.drives(target?.viewOnly)) return Promise.reject(new StreamError('clipboardFailed'));
      return request<string>('clipboard', { type: 'clipboard.get' }, STREAM_TIMEOUT_MS);
    },
    setDefinition(wanted) {
      const promise = request<Definition>('definition', { type: 'definition', ...wanted }, STREAM_TIMEOUT_MS);
      if (connection.ready) definition.awaited();
      return promise;
    },
    screenshot() {
      return request<Blob>('screenshot', { type: 'screenshot' }, SCREENSHOT_TIMEOUT_MS);
    },
    takeControl() {
      return control.isOwner() && send({ type: 'control.take' });
    },
    frameSize: () => pictures.frameSize(),
    on: (event, handler) => events.on(event, handler),
  };
}

/**
 * The fake server side of the WebSocket stream client's tests: a FakeSocket the client opens instead of a WebSocket,
 * a FakeSurface instead of the canvas, and setup(), which wires them into a client on a fake clock and records what
 * it emits. Every test file using setup() must register `test.after.each(cleanUp)`: it destroys the clients and
 * restores the real timers (uvu runs all files in one process, so a clock left installed would freeze the next test).
 */
import '../dom.ts';
import * as assert from 'uvu/assert';
import type { DrawOutcome, FrameSurface } from '../../../src/stream/canvas-surface.ts';
import type { PictureUpdate } from '../../../src/stream/picture-message.ts';
import { createWsStreamClient } from '../../../src/stream/ws-stream-client.ts';
import type { Definition } from '../../../shared/contract/stream-protocol.ts';
import { StreamError, type StreamClient, type StreamEvents, type StreamTarget } from '../../../src/stream/types.ts';
import { flush, installClock, watch, within, type FakeClock } from './fake-clock.ts';

export const AUTO: Definition = { width: 720, height: 1280, fps: 30, bitrate: 2048, auto: true };
export const HD: Definition = { width: 720, height: 1280, fps: 30, bitrate: 3072 };
export const LOW: Definition = { width: 360, height: 640, fps: 20, bitrate: 512 };

export const TARGET: StreamTarget = { userPhoneId: 7, token: 'to ken+/', baseUrl: 'https://stream.example.com/sdk/', definition: AUTO };

const uint16 = (n: number) => [(n >> 8) & 255, n & 255];
const uint32 = (n: number) => [(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];

/** What the server side of a socket sees and does; the client only touches the WebSocket members below. */
export class FakeSocket {
  readyState = 0;
  binaryType = 'blob';
  readonly sent: string[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown; timeStamp?: number }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  /** `open` listeners (a socket opened early sends its first message from one: stream/early-socket.ts). */
  private readonly openListeners: Array<() => void> = [];
  addEventListener(type: string, listener: () => void): void {
    if (type === 'open') this.openListeners.push(listener);
  }

  /** The sequence numbers the client acknowledged, in order (0: the hello); kept apart from `sent`. */
  readonly acked: number[] = [];
  /** How long the client said it held each acknowledged message, in the same order. */
  readonly held: number[] = [];

  send(data: string): void {
    // A real socket throws while connecting; the client must not send before the connection is open.
    if (this.readyState !== 1) throw new Error(`send in readyState ${this.readyState}`);
    const message = JSON.parse(data) as { type: string; seq?: number; held?: number };
    if (message.type === 'ack') {
      this.acked.push(message.seq!);
      this.held.push(message.held ?? -1);
    }
    else this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code, reason: '', wasClean: true }));
  }

  /** Sent messages but acknowledgements (`acked`), parsed. */
  messages(): Array<Record<string, unknown>> {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
  }

  accept(): void {
    this.readyState = 1;
    this.onopen?.({ type: 'open' });
    for (const listener of this.openListeners.splice(0)) listener();
  }

  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message), timeStamp: performance.now() });
  }

  /** The server's answer to the oldest definition message it has not answered yet: this definition is now on. */
  confirm(definition: Definition): void {
    this.receive({ type: 'definition', ok: true, ...definition });
  }

  /** The server's answer to the oldest definition message it has not answered yet: it could not be set. */
  refuse(): void {
    this.receive({ type: 'definition', ok: false, msg: 'Resolution setting failed' });
  }

  /** Pictures sent on this socket so far (whole ones and patches): the next one is numbered one more. */
  pictures = 0;

  /**
   * A binary message of `kind` with `bytes` after its header: a whole picture (kind 1) gets the socket's next
   * sequence number in front, as the host sends it; other kinds go as given.
   */
  receiveBinary(kind: number, bytes: number[] | number): ArrayBuffer {
    const body = typeof bytes === 'number' ? new Array<number>(bytes).fill(0xab) : bytes;
    const header = kind === 1 ? [kind, ...uint32(++this.pictures)] : [kind];
    const buffer = new Uint8Array([...header, ...body]).buffer;
    this.onmessage?.({ data: buffer, timeStamp: performance.now() });
    return buffer;
  }

  /** A patch over a `width` x `height` picture: each region's place and (fake) JPEG bytes. */
  receivePatch(width: number, height: number, parts: Array<{ x: number; y: number; bytes: number[] }>): ArrayBuffer {
    const table = parts.flatMap((part) => [...uint16(part.x), ...uint16(part.y), ...uint32(part.bytes.length)]);
    const header = [4, ...uint32(++this.pictures), ...uint16(width), ...uint16(height), parts.length];
    const buffer = new Uint8Array([...header, ...table, ...parts.flatMap((part) => part.bytes)]).buffer;
    this.onmessage?.({ data: buffer, timeStamp: performance.now() });
    return buffer;
  }



  /** The server or the network ends the connection. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '', wasClean: code === 1000 });
  }

  /** Open, then the server's first message. */
  hello(overrides: Record<string, unknown> = {}): void {
    this.accept();
    this.receive({ type: 'hello', width: 1080, height: 1920, phone: { userPhoneId: 7, name: 'Phone 7' }, definition: AUTO, ...overrides });
  }
}

export interface FakeSurface extends FrameSurface {
  mountedIn: HTMLElement[];
  /** The whole pictures drawn. */
  drawn: Blob[];
  /** Every update drawn, whole pictures and patches. */
  updates: PictureUpdate[];
  destroyed: number;
  size: { width: number; height: number };
  /** While true, draw() waits for release(). */
  hold: boolean;
  release(): void;
}

export function fakeSurface(): FakeSurface {
  const waiting: Array<() => void> = [];
  const surface: FakeSurface = {
    mountedIn: [],
    drawn: [],
    updates: [],
    destroyed: 0,
    size: { width: 720, height: 1280 },
    hold: false,
    mount(container) {
      surface.mountedIn.push(container);
    },
    draw(update) {
      surface.updates.push(update);
      if ('whole' in update) surface.drawn.push(update.whole);
      const size: DrawOutcome = { ...surface.size };
      if (!surface.hold) return Promise.resolve(size);
      return new Promise((resolve) => waiting.push(() => resolve(size)));
    },
    destroy() {
      surface.destroyed++;
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
  return surface;
}

let clock: FakeClock | null = null;
const clients: StreamClient[] = [];

/** Destroys the clients setup() made and restores the real timers: after each test, or between a loop's rounds. */
export function cleanUp(): void {
  for (const client of clients.splice(0)) client.destroy();
  clock?.restore();
  clock = null;
}

export function setup(options: { supported?: boolean; random?: () => number; realTimers?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  class Socket extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  if (!options.realTimers) clock = installClock();
  const surface = fakeSurface();
  const client = createWsStreamClient({
    WebSocket: Socket as unknown as typeof WebSocket,
    surface: () => surface,
    supported: () => options.supported ?? true,
    random: options.random ?? (() => 0.5),
    now: clock ? clock.now : () => performance.now(),
  });
  clients.push(client);
  // A test that fails before settling its request would leave the rejection from destroy() (cleanUp) unhandled,
  // which ends the whole run: mark the requests' promises handled; the tests still see their outcome.
  for (const name of ['setDefinition', 'readClipboard', 'screenshot'] as const) {
    const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const promise = call(...args);
      promise.catch(() => {});
      return promise;
    };
  }
  const states: Array<StreamEvents['state']> = [];
  const events = { ready: [] as Array<StreamEvents['ready']>, frame: [] as Array<StreamEvents['frame']>, definition: [] as Definition[], clipboard: [] as string[], stats: [] as Array<StreamEvents['stats']> };
  client.on('state', (state) => states.push(state));
  client.on('ready', (ready) => events.ready.push(ready));
  client.on('frame', (frame) => events.frame.push(frame));
  client.on('definition', (definition) => events.definition.push(definition));
  client.on('clipboard', ({ text }) => events.clipboard.push(text));
  client.on('stats', (stats) => events.stats.push(stats));
  return {
    client,
    sockets,
    surface,
    states,
    events,
    clock: clock!,
    last: () => sockets[sockets.length - 1]!,
    stateNames: () => states.map((entry) => entry.state),
  };
}

/** setup(), connected to TARGET, and the server's hello (`hello` overrides its fields) on the first socket. */
export function connected(hello: Record<string, unknown> = {}) {
  const fakes = setup();
  fakes.client.connect(TARGET);
  fakes.sockets[0]!.hello(hello);
  return { ...fakes, socket: fakes.sockets[0]! };
}

/** The reason of the StreamError the promise rejects with; a failed assertion if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await within(promise);
  } catch (error) {
    if (!(error instanceof StreamError)) throw error;
    return error.reason;
  }
  throw new assert.Assertion({ message: 'expected a rejection', generated: false, operator: 'rejects', expects: 'rejection', actual: 'resolved' });
}

/** Lets `ms` pass on the fake clock while the server answers the pings, so the connection stays alive meanwhile. */
export function keepAlive(socket: FakeSocket, fake: FakeClock, ms: number): void {
  for (let left = ms; left > 0; left -= 1000) {
    fake.tick(Math.min(1000, left));
    socket.receive({ type: 'pong', t: 0 });
  }
}

/** Asserts that a request is still pending 1 ms before `ms` (on a live connection) and fails with `reason` at `ms`. */
export async function assertTimesOut(request: Promise<unknown>, socket: FakeSocket, fake: FakeClock, ms: number, reason: string): Promise<void> {
  const outcome = watch(request);
  keepAlive(socket, fake, ms - 1);
  await flush();
  assert.is(outcome.settled, false, `still pending ${ms - 1} ms after the request`);
  fake.tick(1);
  await flush();
  assert.instance(outcome.error, StreamError);
  assert.is((outcome.error as StreamError).reason, reason);
}

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Phone } from '../../../src/devices/api.ts';
import { createLiveGrid, RETRY_LIVE_AFTER_MS, type LiveGridDeps } from '../../../src/devices/live-grid/live-grid.ts';
import { TICKET_RENEW_BEFORE_MS } from '../../../src/devices/live-grid/grid-socket.ts';
import { dropAllPictures } from '../../../src/devices/live-grid/pictures.ts';
import { GRID_TICKET_TTL_MS, THUMB_KIND } from '../../../shared/contract/grid-protocol.ts';
import { CLOSE_NOT_ASSIGNED } from '../../../shared/contract/stream-protocol.ts';
import { SLOW_FIRST_PICTURE_MS } from '../../../src/devices/live-grid/rules.ts';
import { livePicture } from '../../../src/devices/parts/thumbnails.ts';
import { flush, installClock, type FakeClock } from '../stream/fake-clock.ts';
import { alive, revoked } from './object-urls.ts';

// The live grid's behaviour (src/devices/live-grid/live-grid.ts, grid-socket.ts): one socket watching the running
// cards on screen, paused on a hidden page, pictures in and out of the cards, the fall back to stills on a poor link,
// reconnects and ticket renewal. The socket, the ticket call and the clock are fakes.

const DAY = 86_400_000;

function phone(id: number, status: Phone['businessStatus'] = 'online', left = 30 * DAY): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: '', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + left, businessStatus: status, root: false, width: 720, height: 1280, dpi: 320, operation: null,
  };
}

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: Array<{ type: string; userPhoneIds: number[] }> = [];
  /** The thumbnails' sequence numbers the grid acknowledged (kept apart from the watch messages in `sent`). */
  acked: number[] = [];
  private pictures = 0;
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    if (this.readyState !== 1) throw new Error('send before open');
    const message = JSON.parse(text);
    if (message.type === 'ack') this.acked.push(message.seq);
    else this.sent.push(message);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  picture(id: number) {
    const data = new Uint8Array([THUMB_KIND, 0, 0, 0, id, 0, 0, 0, ++this.pictures, 0xff, 0xd8]).buffer;
    this.onmessage?.({ data });
  }
  text(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  get watched() {
    return this.sent.map((m) => m.userPhoneIds);
  }
}

let clock: FakeClock;
let visibility: DocumentVisibilityState = 'visible';
const documentListeners = new Set<() => void>();
let connection: { saveData?: boolean; effectiveType?: string; listeners: Set<() => void> } | undefined;
let tickets = 0;
let serverTime = 1_000_000;

function grid(overrides: Partial<LiveGridDeps> = {}) {
  return createLiveGrid({
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    ticket: async () => ({ ticket: `t${++tickets}`, expireTime: serverTime + GRID_TICKET_TTL_MS }),
    serverNow: () => serverTime,
    baseUrl: () => 'http://h5.test',
    random: () => 0.5,
    now: () => clock.now(),
    document: {
      get visibilityState() {
        return visibility;
      },
      addEventListener: (_type: string, listener: () => void) => void documentListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void documentListeners.delete(listener),
    } as unknown as LiveGridDeps['document'],
    connection: () =>
      connection && {
        ...connection,
        addEventListener: (_type: string, listener: () => void) => void connection!.listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => void connection!.listeners.delete(listener),
      },
    ...overrides,
  } as LiveGridDeps);
}

/** The newest socket, once the ticket call has come back. */
async function nextSocket(): Promise<FakeSocket> {
  await flush();
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  documentListeners.forEach((listener) => listener());
}

test.before.each(() => {
  clock = installClock();
  FakeSocket.all = [];
  visibility = 'visible';
  documentListeners.clear();
  connection = undefined;
  tickets = 0;
});
test.after.each(() => {
  clock.restore();
  dropAllPictures();
});

test('one socket watches the running cards on screen; a new screen re-sends, the same set does not', async () => {
  const live = grid();
  live.show([phone(1), phone(2, 'offline'), phone(3)]);
  const socket = await nextSocket();
  assert.is(socket.url, 'ws://h5.test/stream/grid?ticket=t1');
  assert.is(socket.binaryType, 'arraybuffer');
  socket.accept();
  assert.equal(socket.watched, [[1, 3]]);
  live.show([phone(3), phone(1)]);
  assert.equal(socket.watched, [[1, 3]], 'same phones, another order: nothing sent');
  live.show([phone(3), phone(4)]);
  assert.equal(socket.watched, [[1, 3], [3, 4]]);
  assert.is(FakeSocket.all.length, 1, 'one socket for the whole grid');
  live.stop();
  assert.equal(socket.watched.at(-1), []);
  assert.is(socket.closedWith, 1000);
});

test('pictures land in the cards; a card scrolled away or stopped goes back to its still, and its URL is revoked', async () => {
  const live = grid();
  live.show([phone(1), phone(2)]);
  const socket = await nextSocket();
  socket.accept();
  socket.picture(1);
  socket.picture(2);
  const one = livePicture(1).value!;
  assert.match(one, /^blob:/);
  assert.equal(socket.acked, [1, 2], 'each picture acknowledged on arrival');
  socket.picture(1);
  assert.ok(revoked.includes(one));
  live.show([phone(2)]);
  assert.is(livePicture(1).value, null);
  // A picture already on its way for a card that left is not kept.
  socket.picture(1);
  assert.is(livePicture(1).value, null);
  live.show([phone(2, 'offline')]);
  assert.is(livePicture(2).value, null);
  assert.equal(socket.watched.at(-1), []);
  socket.text({ type: 'unavailable', userPhoneIds: [2] });
  live.stop();
  assert.is(alive().length, 0, 'every URL revoked on stop');
});

test('unavailable phones go back to their still; their pictures resume when the server sends them again', async () => {
  const live = grid();
  live.show([phone(1), phone(2)]);
  const socket = await nextSocket();
  socket.accept();
  socket.picture(1);
  socket.picture(2);
  socket.text({ type: 'unavailable', userPhoneIds: [1] });
  assert.is(livePicture(1).value, null);
  assert.ok(livePicture(2).value);
  socket.picture(1);
  assert.ok(livePicture(1).value);
  live.stop();
});

test('a hidden page sends watch [] and closes the socket, keeping the pictures; visible again reconnects', async () => {
  const live = grid();
  live.show([phone(1)]);
  const first = await nextSocket();
  first.accept();
  first.picture(1);
  const shown = livePicture(1).value;
  setVisibility('hidden');
  assert.equal(first.watched.at(-1), []);
  assert.is(first.closedWith, 1000);
  assert.is(livePicture(1).value, shown, 'the last picture stays for when the page comes back');
  clock.tick(60_000);
  assert.is(FakeSocket.all.length, 1, 'nothing reconnects while hidden');
  setVisibility('visible');
  const second = await nextSocket();
  assert.is.not(second, first);
  second.accept();
  assert.equal(second.watched, [[1]]);
  assert.is(tickets, 1, 'the ticket was still good');
  live.stop();
});

test('save-data or 2G: no socket at all, stills; a better link later goes live', async () => {
  connection = { saveData: true, listeners: new Set() };
  const live = grid();
  live.show([phone(1)]);
  await flush();
  assert.is(FakeSocket.all.length, 0);
  connection.saveData = false;
  connection.effectiveType = '4g';
  connection.listeners.forEach((listener) => listener());
  const socket = await nextSocket();
  socket.accept();
  socket.picture(1);
  connection.effectiveType = '2g';
  connection.listeners.forEach((listener) => listener());
  assert.is(socket.closedWith, 1000);
  assert.is(livePicture(1).value, null, 'back to the still');
  live.stop();
});

test('pictures much slower than asked: stills for a while, then live again', async () => {
  const live = grid();
  live.show([phone(1), phone(2)]);
  const socket = await nextSocket();
  socket.accept();
  clock.tick(SLOW_FIRST_PICTURE_MS + 1000);
  assert.is(socket.closedWith, 1000, 'two first pictures never came');
  live.show([phone(1), phone(2)]);
  await flush();
  assert.is(FakeSocket.all.length, 1, 'no new socket during the fall-back');
  clock.tick(RETRY_LIVE_AFTER_MS);
  const again = await nextSocket();
  assert.is.not(again, socket);
  again.accept();
  assert.equal(again.watched, [[1, 2]]);
  live.stop();
});

test('a refused socket asks for a new ticket; a dropped one reconnects with backoff on the same ticket', async () => {
  const live = grid();
  live.show([phone(1)]);
  const first = await nextSocket();
  first.accept();
  first.drop(1006);
  clock.tick(250);
  const second = await nextSocket();
  assert.is(second.url, first.url, 'same ticket after a network drop');
  second.accept();
  second.drop(CLOSE_NOT_ASSIGNED);
  clock.tick(250);
  const third = await nextSocket();
  assert.is(third.url, 'ws://h5.test/stream/grid?ticket=t2');
  third.accept();
  assert.equal(third.watched, [[1]]);
  live.stop();
});

test('a ticket is renewed a minute before it expires, with a new socket', async () => {
  const live = grid();
  live.show([phone(1)]);
  const first = await nextSocket();
  first.accept();
  clock.tick(GRID_TICKET_TTL_MS - TICKET_RENEW_BEFORE_MS);
  const second = await nextSocket();
  assert.is.not(second, first);
  assert.is(second.url, 'ws://h5.test/stream/grid?ticket=t2');
  assert.is(first.closedWith, 1000);
  second.accept();
  assert.equal(second.watched, [[1]]);
  live.stop();
});

test.run();

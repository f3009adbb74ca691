import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DRIVER_WINDOW_MS, FOLLOW_FRAMES, PhoneEntry } from '../../../../server/stream/phone-entry.ts';
import type { PictureUpdate } from '../../../../server/stream/phone-entry.ts';
import { fixedLevel } from '../../../../server/stream/picture-level.ts';
import { encodeCount } from '../../../../server/stream/render-frame.ts';
import type { Session } from '../../../../server/stream/session.ts';
import type { FrameState } from '../../../../server/stream/virtual-screen.ts';
import { virtualPhone } from '../stream-helpers.ts';

// A room on one phone (server/stream/phone-entry.ts), on a wall clock turned by hand: while one socket drives, the
// others send the driver's newest picture if it began at most FOLLOW_FRAMES of their frames ago, so the room costs one
// encode per picture the driver is sent. The sockets' timers and links are left out: each asks when the test says.

const FPS = 30;
const FRAME_MS = 1000 / FPS;
const LEVEL = fixedLevel({ width: 720, height: 1280, fps: FPS, bitrate: 2048 });

function room(viewers = 5) {
  const phone = virtualPhone();
  let wall = 1_000_000;
  const entry = new PhoneEntry(phone.model, phone.now, () => wall);
  const sessions = Array.from({ length: viewers }, () => ({ definition: { fps: FPS }, schedule: () => {} }) as unknown as Session);
  for (const session of sessions) entry.sessions.add(session);
  let step = 0;
  /** A finger moving on, back and forth across the phone: the picture changes. */
  const move = (action: 'down' | 'move' = 'move') => phone.model.touch(action, [{ id: 0, x: 100 + (++step % 40) * 12, y: 700 }]);
  return { entry, sessions, move, advance: (ms: number) => (wall += ms) };
}

/** The update for `session`, and how many encodes asking for it began. */
function ask(entry: PhoneEntry, session: Session, from: FrameState | null) {
  const before = encodeCount.value;
  const update = entry.update(session, from, LEVEL);
  return { update, encodes: encodeCount.value - before };
}

test('a room of five while one drives: the others send the driver\'s pictures, one encode for each of them', async () => {
  const r = room();
  const [driver, ...followers] = r.sessions as [Session, ...Session[]];
  let shown = (await Promise.all(r.sessions.map((s) => ask(r.entry, s, null).update)))[0]!.state;
  r.move('down');
  const drivenUpdates = new Set<Promise<PictureUpdate>>();
  for (let frame = 0; frame < 26; frame++) {
    r.entry.drivenBy(driver);
    const driven = ask(r.entry, driver, shown);
    assert.ok(driven.encodes > 0, `the driver encodes the current picture at frame ${frame}`);
    drivenUpdates.add(driven.update);
    // More input arrives while the followers' turns come, each later than the last but within FOLLOW_FRAMES frames.
    for (const [i, follower] of followers.entries()) {
      r.advance(((FOLLOW_FRAMES * FRAME_MS) / followers.length) * (i === 0 ? 0.5 : 1) - 1);
      r.move();
      const followed = ask(r.entry, follower, shown);
      assert.is(followed.encodes, 0, `follower ${i + 1} encoded a picture of its own at frame ${frame}`);
      assert.is(followed.update, driven.update);
    }
    shown = (await driven.update).state;
    r.advance(1);
  }
  assert.is(drivenUpdates.size, 26);
});

test("a follower whose turn comes more than FOLLOW_FRAMES of its frames after the driver's picture encodes the current one", async () => {
  const r = room(2);
  const [driver, follower] = r.sessions as [Session, Session];
  const shown = (await ask(r.entry, driver, null).update).state;
  await ask(r.entry, follower, null).update;
  r.move('down');
  r.entry.drivenBy(driver);
  const driven = ask(r.entry, driver, shown);
  r.advance(FOLLOW_FRAMES * FRAME_MS + 1);
  r.move();
  const late = ask(r.entry, follower, shown);
  assert.ok(late.encodes > 0);
  assert.is.not(late.update, driven.update);
  assert.is.not((await late.update).state.key, (await driven.update).state.key);
});

test('without a driver, or once its input is older than DRIVER_WINDOW_MS, nobody follows: a changed picture is encoded', async () => {
  const r = room(2);
  const [first, second] = r.sessions as [Session, Session];
  const shown = (await ask(r.entry, first, null).update).state;
  r.move('down');
  const a = ask(r.entry, first, shown);
  r.move();
  const b = ask(r.entry, second, shown);
  assert.ok(a.encodes > 0 && b.encodes > 0, 'no driver: each asks for the picture as it is');
  r.entry.drivenBy(first);
  r.advance(DRIVER_WINDOW_MS + 1);
  r.move();
  const c = ask(r.entry, first, shown);
  r.move();
  const d = ask(r.entry, second, shown);
  assert.ok(c.encodes > 0 && d.encodes > 0);
  assert.is.not(d.update, c.update);
});

test('sockets asking for the same picture share its encode, driver or not', async () => {
  const r = room(3);
  const [a, b, c] = r.sessions as [Session, Session, Session];
  const shown = (await ask(r.entry, a, null).update).state;
  r.move('down');
  const first = ask(r.entry, a, shown);
  r.advance(DRIVER_WINDOW_MS * 5);
  assert.is(ask(r.entry, b, shown).update, first.update);
  assert.is(ask(r.entry, c, shown).encodes, 0);
});

test.run();

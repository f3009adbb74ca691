import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FRAME_KIND, PATCH_KIND } from '../../../../shared/contract/stream-protocol.ts';
import { phoneId } from '../device-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// Self-clocking and small updates on a real socket (API.md "Streaming"): the host sends a picture only while the
// client acknowledges, so nothing queues; a small change sends only its region.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const FIXED = { type: 'definition', width: 720, height: 1280, fps: 30, bitrate: 2048 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function opened(id: number) {
  const c = client(s.port, await s.securityToken(id), id);
  await c.json('hello');
  c.send(FIXED);
  await c.json('definition');
  await c.frameOf(720, 1280);
  return c;
}

/** Pictures (whole or patch) among the messages received so far that are still queued. */
const picturesIn = (c: Awaited<ReturnType<typeof opened>>) => c.queue.filter((m) => m.kind === 'binary' && (m.tag === FRAME_KIND || m.tag === PATCH_KIND));

test('a client that stops acknowledging gets at most two more pictures; when it acknowledges, the current screen, not the backlog', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = await opened(id);
  const model = s.stream.screen(id)!;
  // The status bar's clock turning to the next minute would change the screen this test holds still.
  await clearOfNextMinute(s.ctx.now, 5000);
  await pause(400); // the first picture's dot-less follow-ups, if any, have gone out
  c.queue.length = 0;
  c.acks.hold = true;
  for (let step = 0; step < 40; step++) {
    c.send({ type: 'touch', action: step ? 'move' : 'down', pointers: [{ id: 0, x: 100 + step * 12, y: 700 }] });
    await pause(15);
  }
  c.send({ type: 'text', text: 'typed while not acknowledging' });
  // Past the dot's fading (300 ms after the last touch), so the screen stays as it is from here on.
  await pause(500);
  assert.ok(picturesIn(c).length <= 2, `${picturesIn(c).length} pictures without an acknowledgement`);
  c.queue.length = 0;
  c.acks.release();
  // The next picture after the acknowledgement shows the screen of now: the typed text, the dot where it ended.
  const stateBefore = model.frameKey();
  await c.picture();
  const fresh = client(s.port, await s.securityToken(id), id);
  await fresh.json('hello');
  fresh.send(FIXED);
  await fresh.json('definition');
  const whole = await fresh.frameOf(720, 1280);
  assert.ok(whole, 'a fresh socket sees the same screen');
  await pause(100);
  assert.is(model.frameKey(), stateBefore, 'nothing changed meanwhile');
  const [mine, theirs] = await Promise.all([c.screen(), fresh.screen()]);
  const differing = countDiffering(mine.pixels, theirs.pixels);
  // Patches are their own JPEGs: their edges may differ by a JPEG's rounding from a whole picture, never more.
  assert.ok(differing < mine.pixels.length / 4 / 100, `${differing} pixels differ`);
  c.socket.close();
  fresh.socket.close();
});

/** Resolves once the phone clock's next minute is at least `needMs` away. */
async function clearOfNextMinute(now: () => number, needMs = 3000): Promise<void> {
  const left = 60_000 - (now() % 60_000);
  if (left < needMs) await pause(left + 100);
}

test('a tap on the status bar sends its spot: less than a tenth of a whole picture', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = await opened(id);
  await pause(300);
  c.queue.length = 0;
  const full = (await fullBytes(id)) as number;
  // The status bar's clock turning to the next minute in the same picture would widen the patch to the whole bar.
  await clearOfNextMinute(s.ctx.now);
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 200, y: 20 }] });
  const tap = await c.picture();
  assert.is(tap.tag, PATCH_KIND);
  assert.ok(tap.bytes < full / 10, `${tap.bytes} bytes against ${full} for the whole picture`);
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 200, y: 20 }] });
  c.socket.close();
});

/** The bytes of a whole picture of the phone now, at the fixed definition. */
async function fullBytes(id: number): Promise<number> {
  const other = client(s.port, await s.securityToken(id), id);
  await other.json('hello');
  other.send(FIXED);
  await other.json('definition');
  const frame = await other.frameOf(720, 1280);
  other.socket.close();
  return frame.bytes;
}

function countDiffering(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]! - b[i]!) > 48 || Math.abs(a[i + 1]! - b[i + 1]!) > 48 || Math.abs(a[i + 2]! - b[i + 2]!) > 48) count++;
  }
  return count;
}

test.run();

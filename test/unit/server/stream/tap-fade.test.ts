import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RIPPLE_MS } from '../../../../server/stream/phone-layout.ts';
import { phoneId } from '../device-helpers.ts';
import { client, start, within } from '../stream-helpers.ts';

// The touch dot's fade is a picture of its own, due RIPPLE_MS after the last touch (API.md "Streaming"): it goes
// out then, not with the next regular check of the clock minute (once a second), also when the finger lifted where
// it went down (a tap), whose up changes no pixel and so sends no picture of its own.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const FIXED = { type: 'definition', width: 720, height: 1280, fps: 30, bitrate: 2048 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Late enough for a busy machine's timers, far earlier than a check once a second would send it. */
const FADE_SLACK_MS = 150;

test('each tap on the status bar: its dot, then its fade RIPPLE_MS after the finger lifted', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = client(s.port, await s.securityToken(id), id);
  await c.json('hello');
  c.send(FIXED);
  await c.json('definition');
  await c.frameOf(720, 1280);
  await pause(400);
  for (let tap = 0; tap < 4; tap++) {
    c.queue.length = 0;
    const spot = [{ id: 0, x: 140 + tap * 70, y: 24 }];
    c.send({ type: 'touch', action: 'down', pointers: spot });
    await within(c.picture(), 'the dot');
    // The finger lifts after the dot showed, as a real tap's does on a fast link.
    await pause(60);
    c.send({ type: 'touch', action: 'up', pointers: spot });
    const upAt = Date.now();
    await within(c.picture(), `the fade of tap ${tap + 1}`);
    const after = Date.now() - upAt;
    assert.ok(after >= RIPPLE_MS - 20, `tap ${tap + 1}: a picture ${after} ms after the up, before the dot was due to fade`);
    assert.ok(after <= RIPPLE_MS + FADE_SLACK_MS, `tap ${tap + 1}: the fade ${after} ms after the up`);
  }
  c.socket.close();
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_DEFINITION } from '../../../../shared/contract/stream-quality.ts';
import { LinkEstimate, Pacer } from '../../../../server/stream/link-estimate.ts';
import { autoLevel, fixedLevel, levelKey } from '../../../../server/stream/picture-level.ts';
import { patchRegions } from '../../../../server/stream/picture-update.ts';
import { APP_FIELD, HOME_FIELD, STATUS_BAR, iconRect } from '../../../../server/stream/phone-layout.ts';
import { virtualPhone } from '../stream-helpers.ts';

// The pure parts of self-clocking and small updates: what the model says changed, the regions sent for it, the
// link estimate from acknowledgements, and automatic quality's choice.

test('damage: a touch changes the dot\'s spot, typing the field, the clock the status bar; a new screen everything', () => {
  const { model, advance } = virtualPhone();
  const start = model.frameState();
  model.touch('down', [{ id: 0, x: 100, y: 20 }]);
  const dot = model.damageSince(start)!;
  assert.is(dot.length, 1);
  assert.ok(dot[0]!.w <= 80 && dot[0]!.h <= 80, JSON.stringify(dot));
  const touched = model.frameState();
  model.touch('up', [{ id: 0, x: 100, y: 20 }]);
  model.text('hi');
  const typed = model.damageSince(touched)!;
  assert.ok(typed.some((r) => r === HOME_FIELD), 'the search field');
  // The dot fades: only its spot changes.
  const lit = model.frameState();
  advance(400);
  assert.is(model.damageSince(lit)!.length, 1);
  advance(60_000);
  assert.ok(model.damageSince(lit)!.includes(STATUS_BAR), 'the clock moved on');
  const before = model.frameState();
  model.openApp(0);
  assert.is(model.damageSince(before), null, 'a new screen changes everything');
  const inApp = model.frameState();
  model.text('x');
  assert.ok(model.damageSince(inApp)!.includes(APP_FIELD));
  assert.equal(model.damageSince(model.frameState()), []);
});

test('damage: a picture a drag left behind differs in two spots, the dot it shows and the dot now, not the whole path', () => {
  const { model, advance } = virtualPhone();
  model.touch('down', [{ id: 0, x: 100, y: 600 }]);
  const shown = model.frameState();
  for (let i = 1; i <= 20; i++) {
    advance(16);
    model.touch('move', [{ id: 0, x: 100 + i * 25, y: 600 }]);
  }
  const spots = model.damageSince(shown)!;
  assert.is(spots.length, 2);
  assert.ok(spots.every((r) => r.w <= 80 && r.h <= 80), JSON.stringify(spots));
  advance(16);
  model.touch('up', [{ id: 0, x: 600, y: 600 }]);
  const lifted = model.frameState();
  assert.equal(model.damageSince(lifted), [], 'nothing moved');
});

test('damage: a picture older than the model remembers gets a whole picture', () => {
  const { model } = virtualPhone();
  const old = model.frameState();
  for (let i = 0; i < 100; i++) model.text('a');
  assert.is(model.damageSince(old), null);
});

test('regions: aligned to 16-pixel blocks inside the picture, merged when they touch; most of the screen is whole', () => {
  const [dot] = patchRegions([{ x: 90, y: 10, w: 68, h: 68 }], 720, 1280)!;
  assert.equal(dot, { x: 80, y: 0, w: 80, h: 80 });
  const small = patchRegions([{ x: 90, y: 10, w: 68, h: 68 }], 360, 640)!;
  assert.equal(small, [{ x: 32, y: 0, w: 48, h: 48 }]);
  const near = patchRegions([{ x: 0, y: 0, w: 40, h: 40 }, { x: 30, y: 0, w: 40, h: 40 }], 720, 1280)!;
  assert.is(near.length, 1, 'overlapping spots are one region');
  const apart = patchRegions([{ x: 0, y: 0, w: 40, h: 40 }, { x: 600, y: 1000, w: 40, h: 40 }], 720, 1280)!;
  assert.is(apart.length, 2, 'far apart spots stay two');
  const many = patchRegions(Array.from({ length: 40 }, (_, i) => ({ x: (i % 8) * 90, y: Math.floor(i / 8) * 250, w: 20, h: 20 })), 720, 1280)!;
  assert.ok(many.length <= 16, `${many.length} regions`);
  assert.is(patchRegions([{ x: 0, y: 0, w: 720, h: 700 }], 720, 1280), null);
  assert.is(patchRegions([iconRect(0)], 720, 1280)!.length, 1);
});

test("link: the time a client held a picture before acknowledging it is not the link's", () => {
  // A fast link (5 ms round trip) to a page that held the first picture 600 ms (a slow device, or a page still
  // loading when its early socket heard it): without `held` the link would read as 9 kB/s.
  const told = new LinkEstimate();
  told.helloSent(0);
  assert.ok(told.acked(0, 905, 900), 'a hello held 900 ms still measures a 5 ms round trip');
  assert.is(told.rttMs(), 5);
  told.sent(1, 5_600, 1000);
  told.acked(1, 1625, 600);
  assert.ok(told.bytesPerSecond()! > 250_000, `${told.bytesPerSecond()} B/s`);
  const untold = new LinkEstimate();
  untold.helloSent(0);
  untold.acked(0, 5);
  untold.sent(1, 5_600, 1000);
  untold.acked(1, 1625);
  assert.ok(untold.bytesPerSecond()! < 10_000, 'the same acknowledgement without held');
  // A client cannot claim the link was faster than instant: held never reaches before the send.
  const claims = new LinkEstimate();
  claims.helloSent(0);
  claims.acked(0, 5);
  claims.sent(1, 5_600, 1000);
  claims.acked(1, 1010, 60_000);
  assert.is(claims.bytesPerSecond(), 5_600_000, 'one ms at most: the floor of a sample');
});

test('link: two pictures in flight whatever the link; more only on a long round trip, and only up to what it carries in one', () => {
  const link = new LinkEstimate();
  link.helloSent(0);
  assert.ok(link.acked(0, 2));
  assert.is(link.rttMs(), 2);
  link.sent(1, 20_000, 10);
  assert.ok(link.canSend());
  link.sent(2, 20_000, 11);
  assert.not.ok(link.canSend(), 'a fast link: two at most');
  const busy = new LinkEstimate();
  busy.helloSent(0);
  busy.acked(0, 90);
  busy.sent(1, 1000, 100);
  busy.acked(1, 190);
  busy.sent(2, 1000, 200);
  busy.sent(3, 1000, 200);
  assert.not.ok(busy.canSend(), 'late acknowledgements on a short link: still two');
  assert.ok(link.acked(2, 20), 'acknowledgements are cumulative');
  assert.equal(link.unacknowledged(), { pictures: 0, bytes: 0 });
  assert.not.ok(link.acked(2, 21), 'nothing new');

  // 400 ms round trip, 50 kB/s: a 2 KB picture takes 40 ms to cross.
  const slow = new LinkEstimate();
  slow.helloSent(0);
  slow.acked(0, 400);
  let at = 1000;
  for (let seq = 1; seq <= 8; seq++) {
    slow.sent(seq, 2000, at);
    slow.acked(seq, at + 440);
    at += 1000;
  }
  assert.ok(Math.abs(slow.bytesPerSecond()! - 50_000) < 1000, String(slow.bytesPerSecond()));
  for (let seq = 9; slow.canSend(); seq++) slow.sent(seq, 2000, at);
  const { pictures, bytes } = slow.unacknowledged();
  assert.ok(pictures > 2 && pictures <= 5, `${pictures} in flight`);
  assert.ok(bytes <= 20_000 + 2000, `${bytes} bytes in flight: one round trip's worth`);
});

test('link: on a long link small pictures fill the window by count even when the estimate is low (they do not fill the link)', () => {
  const link = new LinkEstimate();
  link.helloSent(0);
  link.acked(0, 450);
  // Pictures of 1.4 KB made ten a second, each acknowledged 450 ms after it left: the acknowledgements come at the
  // rate the pictures were made (14 KB/s), not at what the link could carry.
  for (let seq = 1; seq <= 16; seq++) link.sent(seq, 1400, 1000 + seq * 100);
  for (let seq = 1; seq <= 12; seq++) link.acked(seq, 1450 + seq * 100);
  assert.ok(link.bytesPerSecond()! < 20_000, String(link.bytesPerSecond()));
  for (let seq = 17; link.canSend(); seq++) link.sent(seq, 1400, 2700);
  assert.is(link.unacknowledged().pictures, 6, 'one more per 100 ms of round trip, not held to 14 KB/s x 450 ms');
});

test('pacer: a quarter second of the bitrate at once, then spread to the bitrate', () => {
  const pacer = new Pacer(2048);
  assert.is(pacer.waitMs(0), 0);
  pacer.spend(64_000, 0);
  assert.is(pacer.waitMs(0), 0, 'the burst');
  pacer.spend(25_600, 0);
  assert.is(pacer.waitMs(0), 100, '25.6 KB at 256 KB/s');
  assert.is(pacer.waitMs(100), 0);
});

test('automatic quality: starts at the bottom, climbs with the link, stays within the definition', () => {
  const weights = () => undefined;
  const def = DEFAULT_DEFINITION;
  assert.equal(autoLevel(def, null, null, weights), { width: 180, height: 320, quality: 50 });
  assert.equal(autoLevel(def, 5_000_000, null, weights), fixedLevel(def), 'a fast link: the definition itself');
  const slow = autoLevel(def, 50_000, null, weights);
  assert.equal(slow, { width: 540, height: 960, quality: 50 }, '50 kB/s carries 22 KB in 0.44 s');
  assert.equal(autoLevel(def, 40_000, slow, weights), slow, 'a little slower: stays');
  assert.equal(autoLevel(def, 20_000, slow, weights), { width: 360, height: 640, quality: 50 }, 'much slower: steps down');
  assert.equal(autoLevel({ ...def, width: 540, height: 960 }, 5_000_000, null, weights).width, 540);
  // A picture heavier than the table says keeps a level out of reach.
  const heavy = (l: { width: number }) => (l.width === 540 ? 40_000 : undefined);
  assert.is(autoLevel(def, 50_000, null, heavy).width, 360);
  assert.is(levelKey(fixedLevel({ width: 720, height: 1280, fps: 30, bitrate: 2048 })), '720x1280@62');
});

test.run();

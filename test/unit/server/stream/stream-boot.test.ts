import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOOT_STEP_MS, runningBoot } from '../../../../server/stream/phone-boot.ts';
import type { PhoneRow } from '../../../../server/data/phones.ts';
import { OPERATION_DURATION_MS } from '../../../../server/lib/phones.ts';
import { iconRect } from '../../../../server/stream/phone-layout.ts';
import { PHONE, idsQuery, phoneId } from '../device-helpers.ts';
import { client, start, virtualPhone } from '../stream-helpers.ts';

// A phone starting after a reboot, quick restart or reset (API.md "Streaming"): a boot screen that moves in steps
// until the operation ends, no input meanwhile, then its home screen.

test('a booting phone steps its picture a few times a second, takes no input, keeps its clipboard, then shows home', () => {
  const phone = virtualPhone();
  const { model } = phone;
  model.openApp(2);
  model.setClipboard('kept');
  const start = phone.now();
  model.screen = { kind: 'home' };
  model.startBoot({ kind: 'restart', startedAt: start, until: start + 4000 });
  const first = model.frameKey();
  assert.match(first, /^boot\|restart\|0$/);
  assert.is(model.nextChangeAt(), start + BOOT_STEP_MS, 'the next step is due without input');
  phone.advance(BOOT_STEP_MS / 2);
  assert.is(model.frameKey(), first, 'the same step draws the same picture');
  phone.advance(BOOT_STEP_MS / 2);
  assert.is.not(model.frameKey(), first);

  const version = model.version;
  phone.tap(iconRect(0));
  model.key('recents');
  assert.is(model.text('typed'), false);
  assert.is(model.paste(), false);
  assert.is(model.deleteBackward(), false);
  assert.is(model.version, version, 'nothing changed');
  assert.is(model.ripple, null, 'no touch dot either');
  assert.is(model.getClipboard(), 'kept');
  model.setClipboard('set while starting');
  assert.is(model.getClipboard(), 'set while starting');

  phone.advance(4000);
  assert.is(model.booting(), null);
  assert.not.match(model.frameKey(), /^boot/);
  assert.equal(model.screen, { kind: 'home' });
  phone.tap(iconRect(0));
  assert.equal(model.screen, { kind: 'app', app: 0 }, 'input works again');
});

test('the boot follows the stored operation: its kind, and the time left carried over to the screen clock', () => {
  const row = { operation_type: 'reset', operation_started_at: 10_000 } as PhoneRow;
  // 3 s into an 8 s reset on the app clock; the screen clock reads 500_000 meanwhile.
  const boot = runningBoot(row, 13_000, 500_000);
  assert.equal(boot, { kind: 'reset', startedAt: 497_000, until: 497_000 + OPERATION_DURATION_MS.reset });
  assert.is(runningBoot({ ...row, operation_type: 'quickRestart' } as PhoneRow, 11_000, 0)?.kind, 'restart');
  assert.is(runningBoot(row, 10_000 + OPERATION_DURATION_MS.reset, 0), null, 'over');
  assert.is(runningBoot({ operation_type: null, operation_started_at: null } as PhoneRow, 0, 0), null);
  assert.is(runningBoot(undefined, 0, 0), null);
});

test('rebooted through the API, the next connection gets the boot screen until the reboot ends, then home', async () => {
  let screenClock = Date.UTC(2025, 0, 1, 8, 0, 0);
  const s = await start({ clock: () => screenClock });
  try {
    const id = await phoneId(s.ctx, 'Shop assistant');
    const token = await s.securityToken(id);
    const reply = await s.ctx.call(`${PHONE}/reboot${idsQuery([id])}`, { method: 'PUT' });
    assert.is(reply.code, 0);
    const c = client(s.port, token, id);
    await c.json('hello');
    await c.frame();
    const model = s.stream.screen(id)!;
    assert.is(model.booting()?.kind, 'restart');
    assert.match(model.frameKey(), /^boot\|/);
    // The reboot's 4 s pass on both clocks: the next picture is the home screen.
    s.ctx.advance(OPERATION_DURATION_MS.reboot);
    screenClock += OPERATION_DURATION_MS.reboot;
    await c.frame();
    assert.is(model.booting(), null);
    assert.equal(model.screen, { kind: 'home' });
    c.socket.close();
  } finally {
    await s.stop();
  }
});

test('a reset shows its own words: the reset kind reaches the screen', async () => {
  const s = await start();
  try {
    const id = await phoneId(s.ctx, 'Shop assistant');
    const token = await s.securityToken(id);
    assert.is((await s.ctx.call(`${PHONE}/reset${idsQuery([id])}`, { method: 'PUT' })).code, 0);
    // A running reset refuses new tokens (API.md "Devices"); the one taken before still opens the stream.
    const c = client(s.port, token, id);
    await c.json('hello');
    assert.is(s.stream.screen(id)!.booting()?.kind, 'reset');
    c.socket.close();
  } finally {
    await s.stop();
  }
});

test.run();

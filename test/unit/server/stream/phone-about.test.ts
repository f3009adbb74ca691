import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCanvas } from '@napi-rs/canvas';
import { drawScreen } from '../../../../server/stream/draw-screen.ts';
import { aboutLines, setAbout, shownAbout, type PhoneAbout } from '../../../../server/stream/phone-about.ts';
import { newIdentity, seededDraw } from '../../../../server/lib/phone-identity.ts';
import { CATALOGUE } from '../../../../server/lib/model-catalogue.ts';
import { identityOf } from '../../../../server/lib/phone-identity.ts';
import { phoneId } from '../device-helpers.ts';
import { client, start, virtualPhone } from '../stream-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// The Settings app's "About phone" (server/stream/phone-about.ts): the stored identity, listed while the app is in
// front, drawn in place of the app's cards, and redrawn when the identity changes (a new machine).

const about = (seed: string, model = CATALOGUE[0]!): PhoneAbout => newIdentity(model, seededDraw(seed));
const SETTINGS = 'com.cloudphone.settings';

test('the Settings app lists model, brand, Android version, IMEI, serial, WLAN MAC and Android ID', () => {
  const { model } = virtualPhone();
  const identity = about('a');
  setAbout(model, identity);
  assert.is(shownAbout(model), null, 'not on the home screen');
  assert.ok(model.startApp(SETTINGS));
  const lines = shownAbout(model)!;
  const value = (label: string) => lines.find((line) => line.label === label)?.value;
  assert.is(value('Model'), identity.model);
  assert.is(value('Device name'), identity.marketName);
  assert.ok(value('Brand')!.includes(identity.manufacturer));
  assert.is(value('Android version'), identity.systemVersion.replace('Android ', ''));
  assert.is(value('IMEI'), identity.imei);
  assert.is(value('Serial number'), identity.serialNo);
  assert.is(value('Wi-Fi MAC address'), identity.wlanMac);
  assert.is(value('Android ID'), identity.androidId);
  assert.ok(model.startApp('com.cloudphone.notes'));
  assert.is(shownAbout(model), null, 'another app shows its own content');
});

test('a new identity redraws an open Settings app; the same one changes nothing', () => {
  const { model } = virtualPhone();
  setAbout(model, about('a'));
  model.startApp(SETTINGS);
  const version = model.version;
  setAbout(model, about('a'));
  assert.is(model.version, version);
  const next = about('b', CATALOGUE.at(-1)!);
  setAbout(model, next);
  assert.ok(model.version > version);
  assert.equal(shownAbout(model), aboutLines(next));
});

test('drawn in place of the cards: the pixels differ with and without an identity, and between two identities', () => {
  const picture = (identity: PhoneAbout | null) => {
    const { model } = virtualPhone();
    setAbout(model, identity);
    model.startApp(SETTINGS);
    const canvas = createCanvas(720, 1280);
    const ctx = canvas.getContext('2d');
    drawScreen(ctx, model, 720, 1280, Date.UTC(2025, 0, 1, 8));
    // The IMEI's row (the fifth): label and value.
    return Buffer.from(ctx.getImageData(40, 436 + 4 * 90, 640, 90).data);
  };
  const first = picture(about('a'));
  assert.not.ok(first.equals(picture(null)));
  assert.not.ok(first.equals(picture(about('b'))));
  assert.ok(first.equals(picture(about('a'))));
});

test('through the stream server: the screen reads the stored identity, and the change reaches it', async () => {
  const late: { db?: Parameters<typeof identityOf>[0] } = {};
  const s = await start({ phoneAbout: async (id) => await identityOf(late.db!, id, Date.now()) });
  late.db = s.ctx.db;
  try {
    const id = await phoneId(s.ctx, 'Shop assistant');
    const before = await identityOf(s.ctx.db, id, s.ctx.now());
    const first = client(s.port, await s.securityToken(id), id);
    await first.json('hello');
    const model = s.stream.screen(id)!;
    model.startApp(SETTINGS);
    assert.ok(shownAbout(model)!.some((line) => line.value === before.imei));
    // One field changed: an open screen shows it once it reads the identity again (a socket joins).
    const reply = await s.ctx.call('/api/device/phone-mock-model/mock', { body: { userPhoneId: id, mockType: 'IMEI' } });
    assert.is(reply.data.success, true);
    const after = await identityOf(s.ctx.db, id, s.ctx.now());
    const second = client(s.port, await s.securityToken(id), id);
    await second.json('hello');
    assert.ok(shownAbout(model)!.some((line) => line.value === after.imei));
    // The change's reboot (main.ts: phoneRestarted) makes a fresh screen, which starts with the new identity.
    s.stream.restartPhone(id, { reset: false });
    const third = client(s.port, await s.securityToken(id), id);
    await third.json('hello');
    const fresh = s.stream.screen(id)!;
    assert.is.not(fresh, model);
    assert.equal(fresh.about, after);
    for (const c of [first, second, third]) c.socket.close();
  } finally {
    await s.stop();
  }
});

test('read when a screen is made and when a socket joins, not on every mirrored input to a sync group', async () => {
  const reads: number[] = [];
  const late: { db?: Parameters<typeof identityOf>[0] } = {};
  const s = await start({ phoneAbout: async (id) => (reads.push(id), await identityOf(late.db!, id, Date.now())) });
  late.db = s.ctx.db;
  try {
    const [main, follower] = (await mapInOrder(['Shop assistant', 'Game farm 1'], async (name) => await phoneId(s.ctx, name)));
    const sync = await s.ctx.call('/api/device/user/phone/sync/start', { method: 'POST', body: { userPhoneIds: [main, follower], mainId: main } });
    assert.is(sync.code, 0);
    const c = client(s.port, await s.securityToken(main), main);
    await c.frame();
    const at = s.stream.screen(main)!.toDevice({ x: 300, y: 600, w: 0, h: 0 });
    for (let i = 0; i < 5; i++) {
      c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...at }] });
      c.send({ type: 'touch', action: 'move', pointers: [{ id: 0, x: at.x + i, y: at.y }] });
      c.send({ type: 'key', key: 'home' });
      await c.picture();
    }
    assert.ok(s.stream.screen(follower), 'the follower has a screen');
    assert.equal(reads.sort(), [main, follower].sort(), 'once per screen made');
    const again = client(s.port, await s.securityToken(main), main);
    await again.json('hello');
    assert.is(reads.filter((id) => id === main).length, 2, 'a socket joining reads it again');
    for (const socket of [c, again]) socket.socket.close();
  } finally {
    await s.stop();
  }
});

test.run();

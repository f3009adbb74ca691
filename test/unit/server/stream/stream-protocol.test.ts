import { once } from 'node:events';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WebSocket } from 'ws';
import { CLOSE_NOT_ASSIGNED, SCREENSHOT_KIND, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { parseClientMessage } from '../../../../server/stream/protocol.ts';
import { COPY_BUTTON, iconRect } from '../../../../server/stream/phone-layout.ts';
import { SCALE_MOBILE, directDeps, phoneId } from '../device-helpers.ts';
import { client, size, start, within } from '../stream-helpers.ts';
import type { Incoming } from '../stream-helpers.ts';

// The stream end to end (API.md "Streaming"): a real HTTP server on 127.0.0.1, the `ws` client, tokens
// from the security-token call (stream-helpers.ts).

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

test('hello, then a small first picture, sharpened to 720x1280 once the link is measured; ping answers pong', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = client(s.port, await s.securityToken(id), id);
  const hello = await c.json('hello');
  assert.equal(hello, { type: 'hello', width: 720, height: 1280, phone: { userPhoneId: id, name: 'Shop assistant' }, definition: { width: 720, height: 1280, fps: 30, bitrate: 2048, auto: true }, role: 'owner', control: true });
  const first = await c.frame();
  assert.is(first.seq, 1);
  // Automatic quality knows nothing of the link before the first acknowledgement: the bottom of its ladder.
  assert.equal(await size(first.jpeg), [180, 320]);
  // Loopback carries a whole 720x1280 picture in far less than half a second: the estimate says so, then the picture.
  const link = await c.json('link');
  assert.ok(link.kbps > 2048 && link.rtt >= 0 && link.width === 720, JSON.stringify(link));
  const sharp = await c.frame();
  assert.equal(await size(sharp.jpeg), [720, 1280]);
  c.send({ type: 'ping', t: 12345 });
  assert.equal(await c.json('pong'), { type: 'pong', t: 12345 });
  c.socket.close();
});

test('a tap on an app icon changes the next frame; two viewers of one phone see the same screen', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id);
  const a = client(s.port, token, id);
  const b = client(s.port, token, id);
  const first = await a.frame();
  await b.frame();
  const model = s.stream.screen(id)!;
  const p = model.toDevice(iconRect(0));
  a.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  a.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  // Frames follow until the app is open (the touch dot may show first).
  for (let i = 0; i < 10 && model.screen.kind !== 'app'; i++) await a.frame();
  assert.equal(model.screen, { kind: 'app', app: 0 });
  assert.is(s.stream.sessionCount(id), 2);
  const seenByB = await b.frame();
  assert.not.ok(seenByB.jpeg.equals(first.jpeg));
  a.send({ type: 'key', key: 'back' });
  await a.frame();
  assert.equal(model.screen, { kind: 'home' });
  a.socket.close();
  b.socket.close();
});

test('text (Chinese included), clipboard set/get and paste reach the phone', async () => {
  const id = await phoneId(s.ctx, 'Work phone');
  const c = client(s.port, await s.securityToken(id), id);
  await c.frame();
  c.send({ type: 'key', key: 'home' });
  c.send({ type: 'text', text: '你好 world' });
  c.send({ type: 'clipboard.set', text: '剪贴板 clip' });
  c.send({ type: 'clipboard.get' });
  assert.equal(await c.json('clipboard'), { type: 'clipboard', text: '剪贴板 clip' });
  c.send({ type: 'paste' });
  c.send({ type: 'ping', t: 1 });
  await c.json('pong'); // messages are handled in order: everything above is applied
  assert.is(s.stream.screen(id)!.fieldText('home'), '你好 world剪贴板 clip');
  c.send({ type: 'bogus' });
  assert.equal(await c.json('error'), { type: 'error', msg: 'Unknown message type' });
  c.socket.close();
});

test("an acknowledgement may say how long the client held the picture: whole ms up to a minute", () => {
  assert.equal(parseClientMessage('{"type":"ack","seq":3}'), { type: 'ack', seq: 3 });
  assert.equal(parseClientMessage('{"type":"ack","seq":3,"held":850}'), { type: 'ack', seq: 3, held: 850 });
  for (const held of ['-1', '1.5', '60001', '"5"']) assert.ok('error' in parseClientMessage(`{"type":"ack","seq":3,"held":${held}}`), held);
});

test('key backspace deletes the last character of the focused field (Chinese included); the Copy button reads it back', async () => {
  assert.equal(parseClientMessage('{"type":"key","key":"backspace"}'), { type: 'key', key: 'backspace' });
  assert.equal(parseClientMessage('{"type":"key","key":"delete"}'), { error: 'key must be back, home, recents or backspace' });
  const id = await phoneId(s.ctx, 'Work phone');
  const c = client(s.port, await s.securityToken(id), id);
  await c.frame();
  const model = s.stream.screen(id)!;
  const p = model.toDevice(iconRect(0));
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'text', text: '你好世界' });
  c.send({ type: 'key', key: 'backspace' });
  c.send({ type: 'key', key: 'backspace' });
  const copy = model.toDevice(COPY_BUTTON);
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...copy }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...copy }] });
  c.send({ type: 'clipboard.get' });
  assert.equal(await c.json('clipboard'), { type: 'clipboard', text: '你好' });
  // On an empty field backspace is accepted and changes nothing.
  c.send({ type: 'key', key: 'backspace' });
  c.send({ type: 'key', key: 'backspace' });
  c.send({ type: 'key', key: 'backspace' });
  c.send({ type: 'ping', t: 2 });
  await c.json('pong');
  assert.is(model.fieldText(model.apps[0]!.id), '');
  assert.equal(model.screen, { kind: 'app', app: 0 });
  assert.not.ok(c.queue.some((m) => m.kind === 'json' && m.value.type === 'error'));
  c.socket.close();
});

test('a definition change changes the frame size; unsupported values are refused', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = client(s.port, await s.securityToken(id), id);
  await c.frameOf(720, 1280);
  c.send({ type: 'definition', width: 360, height: 640, fps: 15, bitrate: 512 });
  assert.equal(await c.json('definition'), { type: 'definition', ok: true, width: 360, height: 640, fps: 15, bitrate: 512, auto: false });
  assert.equal(await size((await c.frame()).jpeg), [360, 640]);
  for (const bad of [{ width: 800, height: 600, fps: 30, bitrate: 2048 }, { width: 720, height: 1280, fps: 0, bitrate: 2048 }, { width: 720, height: 1280, fps: 30, bitrate: 99999 }]) {
    c.send({ type: 'definition', ...bad });
    const reply = await c.json('definition');
    assert.is(reply.ok, false);
    assert.is(reply.msg, 'Resolution setting failed');
  }
  c.send({ type: 'definition', width: 1080, height: 1920, fps: 30, bitrate: 8192 });
  assert.is((await c.json('definition')).ok, true);
  assert.equal(await size((await c.frame()).jpeg), [1080, 1920]);
  c.socket.close();
});

test('screenshot: a full-resolution JPEG tagged 2', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = client(s.port, await s.securityToken(id), id);
  await c.frame();
  c.send({ type: 'definition', width: 360, height: 640, fps: 30, bitrate: 2048 });
  await c.json('definition');
  c.send({ type: 'screenshot' });
  const shot = (await c.next((m) => m.kind === 'binary' && m.tag === SCREENSHOT_KIND, 'screenshot')) as Extract<Incoming, { kind: 'binary' }>;
  assert.is(shot.jpeg[0], 0xff);
  assert.is(shot.jpeg[1], 0xd8);
  assert.equal(await size(shot.jpeg), [720, 1280]);
  c.socket.close();
});

async function assertRefused(token: string, id: number) {
  const c = client(s.port, token, id);
  const { code, reason } = await c.closed();
  assert.is(code, CLOSE_NOT_ASSIGNED);
  assert.equal(JSON.parse(reason), { code: CLOSE_NOT_ASSIGNED, msg: STREAM_MESSAGES.notAssigned });
  assert.is(c.queue.length, 0, 'nothing was streamed');
}

test('unknown, foreign, other-phone, expired and transferred tokens are refused with "Instance not assigned to user"', async () => {
  const mine = await phoneId(s.ctx, 'Shop assistant');
  const other = await phoneId(s.ctx, 'Work phone');
  await assertRefused('no-such-token', mine);
  // No token at all waits for an auth message first: the test after this one.
  // A token for another of my phones does not open this one.
  await assertRefused(await s.securityToken(other), mine);
  // Another user's token for their own phone does not open mine, nor theirs under my id.
  const theirs = await s.ctx.db.value('SELECT p.id FROM phones p JOIN users u ON u.id = p.user_id WHERE u.mobile = ? LIMIT 1', SCALE_MOBILE) as number;
  const { issueTokenPair } = await import('../../../../server/lib/tokens.ts');
  const { findUserByMobile } = await import('../../../../server/data/users.ts');
  const user = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const pair = await issueTokenPair(directDeps(s.ctx, 3600), user);
  const strangerCall: typeof s.ctx.call = (path, options = {}) => s.ctx.call(path, { token: pair.accessToken, ...options });
  const strangerToken = await s.securityToken(theirs, 86400, strangerCall);
  await assertRefused(strangerToken, mine);
  // Expired: a 60 s token after 61 s.
  const short = await s.securityToken(mine, 60);
  s.ctx.advance(61_000);
  await assertRefused(short, mine);
  // Transferred: the phone now belongs to someone else, so my earlier token no longer opens it.
  const token = await s.securityToken(mine);
  await s.ctx.db.run('UPDATE phones SET user_id = ? WHERE id = ?', user.id, mine);
  await assertRefused(token, mine);
});

test('dropSessions cuts the phone\'s sockets server-side; a new connection works and keeps the phone\'s state', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id);
  const c = client(s.port, token, id);
  await c.frame();
  c.send({ type: 'text', text: 'kept' });
  c.send({ type: 'ping', t: 0 });
  await c.json('pong');
  assert.is(s.stream.dropSessions(id), 1);
  const { code } = await c.closed();
  assert.is(code, 1006, 'an abnormal close, as on a network failure');
  assert.is(s.stream.sessionCount(id), 0);
  const again = client(s.port, token, id);
  await again.json('hello');
  await again.frame();
  assert.is(s.stream.screen(id)!.fieldText('home'), 'kept');
  again.socket.close();
});

test('restartPhone drops the sockets abnormally; the next connection sees a fresh screen; clipboard kept on reboot, not reset', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id);
  const c = client(s.port, token, id);
  await c.frame();
  const before = s.stream.screen(id)!;
  const p = before.toDevice(iconRect(1));
  c.send({ type: 'text', text: '首页' });
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'text', text: 'in the app' });
  c.send({ type: 'clipboard.set', text: '剪贴板' });
  c.send({ type: 'ping', t: 0 });
  await c.json('pong');
  assert.equal(before.screen, { kind: 'app', app: 1 });
  const watcher = client(s.port, token, id);
  await watcher.json('hello');

  assert.is(s.stream.restartPhone(id, { reset: false }), 2);
  assert.is((await c.closed()).code, 1006, 'an abnormal close: clients reconnect by themselves');
  assert.is((await watcher.closed()).code, 1006);
  const again = client(s.port, token, id);
  await again.json('hello');
  await again.frame();
  const after = s.stream.screen(id)!;
  assert.is.not(after, before);
  assert.equal(after.screen, { kind: 'home' });
  assert.equal(after.recents, []);
  assert.is(after.fieldText('home'), '');
  assert.is(after.fieldText(after.apps[1]!.id), '');
  again.send({ type: 'clipboard.get' });
  assert.equal(await again.json('clipboard'), { type: 'clipboard', text: '剪贴板' });
  assert.is(s.stream.sessionCount(id), 1);

  // A reset wipes the clipboard too, even when a reboot came first with nobody connected.
  s.stream.restartPhone(id, { reset: false });
  await again.closed();
  assert.is(s.stream.restartPhone(id, { reset: true }), 0);
  const fresh = client(s.port, token, id);
  await fresh.json('hello');
  fresh.send({ type: 'clipboard.get' });
  assert.equal(await fresh.json('clipboard'), { type: 'clipboard', text: '' });
  fresh.socket.close();
});

test('a socket opened without a token opens with its first message, auth; anything else first, or nothing, is refused', async () => {
  await s.stop();
  s = await start({ authWaitMs: 300 });
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id);
  const open = (first?: unknown) => {
    const c = client(s.port, '', id);
    if (first !== undefined) c.socket.once('open', () => c.socket.send(JSON.stringify(first)));
    return c;
  };
  const good = open({ type: 'auth', token });
  assert.is((await good.json('hello')).phone.userPhoneId, id);
  await good.frame();
  good.socket.close();
  for (const first of [{ type: 'auth', token: 'not-a-token' }, { type: 'ping', t: 1 }, undefined]) {
    const bad = open(first);
    const { code, reason } = await bad.closed();
    assert.is(code, CLOSE_NOT_ASSIGNED, JSON.stringify(first));
    assert.is(JSON.parse(reason).msg, STREAM_MESSAGES.notAssigned);
  }
});

test('other upgrade paths are refused', async () => {
  const socket = new WebSocket(`ws://127.0.0.1:${s.port}/other`);
  const error = await within(once(socket, 'error'), 'no error');
  assert.ok(error);
});

test.run();

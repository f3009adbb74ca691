import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOSE_NOT_ASSIGNED, SCREENSHOT_KIND, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { phoneId } from '../device-helpers.ts';
import { DEMO_PASSWORD } from '../helpers.ts';
import { client, start } from '../stream-helpers.ts';

// A stream token belongs to the login session that asked for it: whatever ends that session ends the token, and a
// socket already open on it closes within a second. Screenshots are rate-limited per socket and per user.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

/** An open socket on the demo user's phone, with its clipboard set (proof of control), and the token that opened it. */
async function openControlledSocket(call = s.ctx.call) {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id, 86400, call);
  const c = client(s.port, token, id);
  await c.frame();
  c.send({ type: 'clipboard.set', text: 'mine' });
  c.send({ type: 'clipboard.get' });
  assert.is((await c.json('clipboard')).text, 'mine');
  return { id, token, c };
}

/** The socket closes with "Instance not assigned to user" within a second, and the token opens nothing any more. */
async function assertEndedWithinASecond(opened: Awaited<ReturnType<typeof openControlledSocket>>, started: number) {
  const { code, reason } = await opened.c.closed();
  assert.ok(Date.now() - started < 1000, `closed after ${Date.now() - started} ms`);
  assert.is(code, CLOSE_NOT_ASSIGNED);
  assert.equal(JSON.parse(reason), { code: CLOSE_NOT_ASSIGNED, msg: STREAM_MESSAGES.notAssigned });
  const again = client(s.port, opened.token, opened.id);
  assert.is((await again.closed()).code, CLOSE_NOT_ASSIGNED, 'the old token no longer opens the phone');
}

test('logout ends the stream token of that session and closes its open socket within a second', async () => {
  const opened = await openControlledSocket();
  const started = Date.now();
  assert.is((await s.ctx.call('/api/merchant/auth/logout', { method: 'POST' })).code, 0);
  await assertEndedWithinASecond(opened, started);
});

test('a password change ends every stream token of the user', async () => {
  const opened = await openControlledSocket();
  const started = Date.now();
  const reply = await s.ctx.call('/api/merchant/user/update-password', { method: 'PUT', body: { oldPassword: DEMO_PASSWORD, password: 'newpass123' } });
  assert.is(reply.code, 0);
  await assertEndedWithinASecond(opened, started);
});

test('closing the account ends its stream tokens', async () => {
  const opened = await openControlledSocket();
  const code = await s.ctx.sendOwnCode(s.ctx.token, 5);
  assert.ok(code, 'the cancel-account code was sent');
  const started = Date.now();
  assert.is((await s.ctx.call('/api/merchant/user/unregister', { method: 'PUT', body: { code } })).code, 0);
  await assertEndedWithinASecond(opened, started);
});

test('a replayed refresh token ends the whole family: the thief\'s new tokens and the stream tokens alike', async () => {
  const login = await s.ctx.passwordLogin();
  const { accessToken, refreshToken } = login.data;
  const asLogin: typeof s.ctx.call = (path, options = {}) => s.ctx.call(path, { token: accessToken, ...options });
  const opened = await openControlledSocket(asLogin);
  // The thief refreshes first and gets a live pair.
  const stolen = await s.ctx.call('/api/merchant/auth/refresh-token', { body: { refreshToken }, address: '203.0.113.66' });
  assert.is(stolen.code, 0);
  assert.is((await s.ctx.call('/api/merchant/user/get', { token: stolen.data.accessToken })).code, 0);
  // The owner's copy is now a replay: refused, and every token of the family ends.
  const started = Date.now();
  const replay = await s.ctx.call('/api/merchant/auth/refresh-token', { body: { refreshToken } });
  assert.is(replay.code, 401);
  await assertEndedWithinASecond(opened, started);
  assert.is((await s.ctx.call('/api/merchant/user/get', { token: stolen.data.accessToken })).code, 401, 'the thief\'s access token');
  assert.is((await s.ctx.call('/api/merchant/auth/refresh-token', { body: { refreshToken: stolen.data.refreshToken } })).code, 401, 'the thief\'s refresh token');
  assert.is((await s.ctx.call('/api/merchant/user/get')).code, 0, 'another login of the same user is untouched');
});

test('logout of one session leaves the stream of another session of the same user open', async () => {
  const login = await s.ctx.passwordLogin();
  const other = await openControlledSocket();
  assert.is((await s.ctx.call('/api/merchant/auth/logout', { method: 'POST', token: login.data.accessToken })).code, 0);
  other.c.send({ type: 'ping', t: 7 });
  assert.equal(await other.c.json('pong'), { type: 'pong', t: 7 });
  assert.is(s.stream.sessionCount(other.id), 1);
});

/** Sends `count` screenshot requests then a ping; counts what came back before the pong (one socket keeps order). */
async function burst(c: ReturnType<typeof client>, count: number) {
  let shots = 0;
  let refusals = 0;
  for (let i = 0; i < count; i++) c.send({ type: 'screenshot' });
  // Every request is answered, by a picture or a refusal (pictures encode off the event loop, so they may come after
  // later refusals).
  await c.next((m) => {
    if (m.kind === 'binary' && m.tag === SCREENSHOT_KIND) shots++;
    if (m.kind === 'json' && m.value.type === 'error') {
      assert.is(m.value.msg, STREAM_MESSAGES.screenshotTooFrequent);
      refusals++;
    }
    return shots + refusals === count;
  }, `${count} screenshot answers`);
  return { shots, refusals };
}

test('screenshots: a burst per socket, then refused with the spec\'s wording; the allowance is shared by the user\'s sockets', async () => {
  const opened = await openControlledSocket();
  const first = await burst(opened.c, 20);
  assert.is(first.shots, 3, 'the per-socket burst is served');
  assert.is(first.refusals, 17);
  // More sockets of the same user do not multiply the allowance: 10 at most across all of them.
  let served = first.shots;
  for (let n = 0; n < 4; n++) {
    const more = client(s.port, opened.token, opened.id);
    await more.frame();
    served += (await burst(more, 5)).shots;
    more.socket.close();
  }
  assert.ok(served <= 10, `${served} screenshots across the user's sockets`);
  assert.ok(served > 3, 'other sockets get their share of the user allowance');
});

test.run();

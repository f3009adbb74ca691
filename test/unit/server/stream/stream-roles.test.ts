import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertPhoneAccess, revokeAccess, setAccessPermission } from '../../../../server/data/phone-access.ts';
import type { AccessKind, AccessPermission } from '../../../../server/data/phone-access.ts';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { issueTokenPair } from '../../../../server/lib/tokens.ts';
import { CLOSE_NOT_ASSIGNED, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { iconRect } from '../../../../server/stream/phone-layout.ts';
import { PHONE, SCALE_MOBILE, directDeps, phoneId } from '../device-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// Roles on the stream (API.md "Streaming"): the owner controls; a grantee or share viewer watches or controls as
// their access says; the server refuses a watcher's input whatever its page does; the owner takes control back.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const DAY = 24 * 3600 * 1000;

/** The scale account, given access to the demo user's phone; calls made as that account. */
async function otherUser(kind: AccessKind = 'grant', permission: AccessPermission = 'control') {
  const user = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const pair = await issueTokenPair(directDeps(s.ctx), user);
  const call: typeof s.ctx.call = (path, options = {}) => s.ctx.call(path, { token: pair.accessToken, ...options });
  const phone = await phoneId(s.ctx, 'Shop assistant');
  const at = s.ctx.now();
  const accessId = await insertPhoneAccess(s.ctx.db, { phoneId: phone, ownerId: s.ctx.userId, userId: user.id, kind, permission, expiresAt: at + 3 * DAY, createdAt: at });
  return { user, call, phone, accessId, token: () => s.securityToken(phone, 86400, call) };
}

/** A tap on the first icon, as device pixels, sent as down + up. */
function tapMessages(c: ReturnType<typeof client>, model: { toDevice(r: ReturnType<typeof iconRect>): { x: number; y: number } }) {
  const p = model.toDevice(iconRect(0));
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
}

test('without access another account cannot get a token; with a grant it can, and the hello names its role', async () => {
  const stranger = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const pair = await issueTokenPair(directDeps(s.ctx), stranger);
  const phone = await phoneId(s.ctx, 'Shop assistant');
  const refused = await s.ctx.call(`${PHONE}/security-token?userPhoneId=${phone}`, { method: 'POST', token: pair.accessToken });
  assert.is.not(refused.code, 0, 'no access, no token');
  const grantee = await otherUser('grant', 'view');
  const c = client(s.port, await grantee.token(), phone);
  const hello = await c.json('hello');
  assert.is(hello.role, 'grantee');
  assert.is(hello.control, false);
  await c.frame();
  c.socket.close();
});

test('a view-only viewer\'s input is refused by the server and changes nothing; it may still watch and take screenshots', async () => {
  const viewer = await otherUser('share', 'view');
  const c = client(s.port, await viewer.token(), viewer.phone);
  assert.is((await c.json('hello')).role, 'viewer');
  await c.frame();
  const model = s.stream.screen(viewer.phone)!;
  const before = model.frameKey();
  tapMessages(c, model);
  c.send({ type: 'text', text: '你好' });
  c.send({ type: 'clipboard.get' });
  assert.is((await c.json('error')).msg, STREAM_MESSAGES.viewOnly);
  c.send({ type: 'ping', t: 1 });
  await c.json('pong');
  assert.is(model.frameKey(), before, 'the phone did not move');
  assert.ok(!c.queue.some((m) => m.kind === 'json' && m.value.type === 'clipboard'), 'the clipboard was not read');
  c.send({ type: 'screenshot' });
  await c.next((m) => m.kind === 'binary' && m.tag === 2, 'a screenshot');
  c.socket.close();
});

test('a controlling grantee drives the phone until the owner takes control back; it gets control again when the owner leaves', async () => {
  const grantee = await otherUser('grant', 'control');
  const g = client(s.port, await grantee.token(), grantee.phone);
  assert.is((await g.json('hello')).control, true);
  await g.frame();
  const model = s.stream.screen(grantee.phone)!;
  tapMessages(g, model);
  await g.frame();
  assert.equal(model.screen, { kind: 'app', app: 0 }, 'the grantee opened an app');

  const owner = client(s.port, await s.securityToken(grantee.phone), grantee.phone);
  assert.equal(await owner.json('hello').then((h) => [h.role, h.control]), ['owner', true]);
  assert.equal(await owner.json('audience'), { type: 'audience', watching: 0, controlling: 1 });
  // Only the owner may take control.
  g.send({ type: 'control.take' });
  assert.is((await g.json('error')).msg, STREAM_MESSAGES.ownerOnly);

  owner.send({ type: 'control.take' });
  assert.equal(await g.json('control'), { type: 'control', control: false, reason: 'taken' });
  assert.equal(await owner.json('audience'), { type: 'audience', watching: 1, controlling: 0 });
  g.send({ type: 'key', key: 'home' });
  assert.is((await g.json('error')).msg, STREAM_MESSAGES.viewOnly);
  assert.equal(model.screen, { kind: 'app', app: 0 }, 'the grantee no longer moves the phone');
  // A grantee joining while the owner holds control starts watching.
  const late = client(s.port, await grantee.token(), grantee.phone);
  assert.is((await late.json('hello')).control, false);

  owner.socket.close();
  assert.equal(await g.json('control'), { type: 'control', control: true, reason: 'returned' });
  assert.equal(await late.json('control'), { type: 'control', control: true, reason: 'returned' });
  g.send({ type: 'key', key: 'home' });
  await g.frame();
  assert.equal(model.screen, { kind: 'home' });
  g.socket.close();
  late.socket.close();
});

test('the access re-read on each check: moved to view, the socket is told; revoked or transferred, it is closed', async () => {
  const grantee = await otherUser('grant', 'control');
  const g = client(s.port, await grantee.token(), grantee.phone);
  assert.is((await g.json('hello')).control, true);
  await setAccessPermission(s.ctx.db, grantee.accessId, 'view');
  s.stream.revalidate();
  assert.equal(await g.json('control'), { type: 'control', control: false, reason: 'permission' });
  await revokeAccess(s.ctx.db, grantee.accessId, s.ctx.now());
  s.stream.revalidate();
  assert.is((await g.closed()).code, CLOSE_NOT_ASSIGNED);

  // A new grant, then the owner transfers the phone away: whoever gave the access no longer owns it.
  const again = await otherUser('grant', 'view');
  const h = client(s.port, await again.token(), again.phone);
  await h.json('hello');
  await s.ctx.db.run('UPDATE phones SET user_id = ? WHERE id = ?', again.user.id, again.phone);
  s.stream.revalidate();
  assert.is((await h.closed()).code, CLOSE_NOT_ASSIGNED);
});

test('a grantee\'s token never outlives the access it was issued under', async () => {
  const grantee = await otherUser('grant', 'view');
  const reply = await grantee.call(`${PHONE}/security-token?userPhoneId=${grantee.phone}&validTime=86400`, { method: 'POST' });
  const accessEnd = await s.ctx.db.value('SELECT expires_at FROM phone_access WHERE id = ?', grantee.accessId) as number;
  assert.ok((reply.data as { expireTime: number }).expireTime <= accessEnd);
  s.ctx.advance(3 * DAY + 1000);
  const late = await grantee.call(`${PHONE}/security-token?userPhoneId=${grantee.phone}`, { method: 'POST' });
  assert.is.not(late.code, 0, 'an expired grant gives no token');
});

test.run();

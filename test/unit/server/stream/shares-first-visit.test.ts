import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { SHARE, shareCalls } from '../share-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// A first-time share viewer (server/API.md "Screen sharing"): its browser makes its viewer key and joins by its
// stream socket (`auth` with `join`) as well as by the join call, so the first picture waits for neither; the server
// names a viewer who gave no name, and the viewer renames itself.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const { createShare, join, joined, owner } = shareCalls(() => s);
const browserKey = () => randomBytes(18).toString('base64url');
const nameOf = async (viewerId: number) => (await s.ctx.db.get('SELECT display_name FROM share_viewers WHERE id = ?', viewerId) as { display_name: string }).display_name;
const viewersOf = async (shareId: number) => await s.ctx.db.all('SELECT id FROM share_viewers WHERE share_id = ?', shareId) as Array<{ id: number }>;
const setRoomLimit = async (limit: number) =>
  await s.ctx.db.run("UPDATE configs SET value = ? WHERE tenant_id = 1 AND config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'", String(limit));

test("a key the browser made, held by no viewer, becomes the new viewer's; a short one or another share's is not taken", async () => {
  const share = await createShare();
  const key = browserKey();
  const made = await joined(share.token, 'Ann', { viewerKey: key });
  assert.is(made.viewerKey, key);
  const short = await joined(share.token, 'Bo', { viewerKey: 'short-key', address: '10.0.0.2' });
  assert.is.not(short.viewerKey, 'short-key');
  const other = await createShare('view', 'Game farm 1');
  const elsewhere = await joined(other.token, 'Cy', { viewerKey: key, address: '10.0.0.3' });
  assert.is.not(elsewhere.viewerKey, key, "a key of another share's viewer is no key here");
});

test('a join without a name is named in the request language; a known viewer joining without one keeps its name', async () => {
  const share = await createShare();
  const asked = await s.ctx.call(`${SHARE}/join`, { body: { token: share.token, displayName: '' }, language: 'en-US', address: '10.0.0.5' });
  const english = asked.data as { viewerKey: string; displayName: string };
  assert.match(english.displayName, /^Guest \d{4}$/);
  const reply = await s.ctx.call(`${SHARE}/join`, { body: { token: share.token, displayName: '' }, language: 'zh-CN', address: '10.0.0.4' });
  assert.match((reply.data as { displayName: string }).displayName, /^访客 \d{4}$/);
  const again = await joined(share.token, '', { viewerKey: english.viewerKey });
  assert.is(again.displayName, english.displayName);
  assert.is((await join(share.token, ' ', {})).code, ErrorCode.NAME_INVALID, 'a name of spaces is not "no name"');
  for (const wrong of [5, true, {}, ['Ann']]) {
    const reply = await join(share.token, wrong as unknown as string, { address: '10.0.0.6' });
    assert.equal([reply.code, reply.msg], [ErrorCode.BAD_REQUEST, 'displayName must be a string'], JSON.stringify(wrong));
  }
  const unnamed = await s.ctx.call(`${SHARE}/join`, { body: { token: share.token, displayName: null }, language: 'en-US', address: '10.0.0.7' });
  assert.match((unnamed.data as { displayName: string }).displayName, /^Guest \d{4}$/, 'null reads as no name');
});

test('a first visit joins by its socket: the picture comes, and the join call with the same key is the same viewer', async () => {
  const share = await createShare();
  const key = browserKey();
  const socket = client(s.port, key, share.userPhoneId, { join: { share: share.token, name: '', language: 'en-US' } });
  const hello = await socket.json('hello');
  assert.equal([hello.role, hello.control], ['viewer', false]);
  await socket.frame();
  const [viewer] = await viewersOf(share.shareId);
  assert.match(await nameOf(viewer!.id), /^Guest \d{4}$/);
  const page = await joined(share.token, '', { viewerKey: key });
  assert.is(page.viewerId, viewer!.id);
  assert.is(page.displayName, await nameOf(viewer!.id));
  assert.is((await viewersOf(share.shareId)).length, 1, 'one viewer, not two');
  socket.socket.close();
});

test('a socket join keeps the rules of a join: a full room, a bad name, another phone, an ended share are refused', async () => {
  const share = await createShare();
  await setRoomLimit(1);
  await joined(share.token, 'First');
  const full = client(s.port, browserKey(), share.userPhoneId, { join: { share: share.token, name: '', language: 'en-US' } });
  assert.ok((await full.closed()).code >= 4000, 'the room is full');
  await setRoomLimit(5);
  const badName = client(s.port, browserKey(), share.userPhoneId, { join: { share: share.token, name: 'x'.repeat(30), language: 'en-US' } });
  assert.ok((await badName.closed()).code >= 4000, 'a name over the rule');
  const other = await createShare('view', 'Game farm 1');
  const wrongPhone = client(s.port, browserKey(), share.userPhoneId, { join: { share: other.token, name: '', language: 'en-US' } });
  assert.ok((await wrongPhone.closed()).code >= 4000, "another share's phone");
  assert.is((await viewersOf(other.shareId)).length, 0, 'no viewer is made for a share of another phone');
  assert.is((await viewersOf(share.shareId)).length, 1);
  assert.is((await owner('/end', { shareId: share.shareId })).code, 0);
  const ended = client(s.port, browserKey(), share.userPhoneId, { join: { share: share.token, name: '', language: 'en-US' } });
  assert.ok((await ended.closed()).code >= 4000, 'an ended share');
});

test('a viewer in the room renames itself; the owner sees the new name; one who left or is blocked cannot', async () => {
  const share = await createShare();
  const viewer = await joined(share.token, '');
  const renamed = await s.ctx.call(`${SHARE}/viewer/rename`, { body: { viewerKey: viewer.viewerKey, displayName: ' Dana ' } });
  assert.equal(renamed.data, { displayName: 'Dana' });
  const listed = (await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`)).data.share.viewers[0];
  assert.is(listed.displayName, 'Dana');
  const bad = await s.ctx.call(`${SHARE}/viewer/rename`, { body: { viewerKey: viewer.viewerKey, displayName: '' } });
  assert.is(bad.code, ErrorCode.NAME_INVALID);
  await s.ctx.call(`${SHARE}/viewer/leave`, { body: { viewerKey: viewer.viewerKey } });
  const away = await s.ctx.call(`${SHARE}/viewer/rename`, { body: { viewerKey: viewer.viewerKey, displayName: 'Gone' } });
  assert.is(away.code, ErrorCode.SHARE_VIEWER_NOT_EXIST, 'out of the room, no rename');
  await joined(share.token, '', { viewerKey: viewer.viewerKey });
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'block' })).code, 0);
  const blocked = await s.ctx.call(`${SHARE}/viewer/rename`, { body: { viewerKey: viewer.viewerKey, displayName: 'Eve' } });
  assert.is(blocked.code, ErrorCode.SHARE_BLOCKED);
  assert.is(await nameOf(viewer.viewerId), 'Dana');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { CLOSE_NOT_ASSIGNED, CLOSE_SHARE_BLOCKED, CLOSE_SHARE_ENDED, CLOSE_SHARE_REMOVED } from '../../../../shared/contract/stream-protocol.ts';
import { phoneId } from '../device-helpers.ts';
import { SHARE, shareCalls } from '../share-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// A returning share viewer back into the room by its kept key alone, as its stream socket opens (the `auth` message's
// `rejoin`, which a share link's page sends before its join's answer is in): the same rules as a join with that key.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const { createShare, join, joined, owner, status } = shareCalls(() => s);
const leave = (viewerKey: string) => s.ctx.call(`${SHARE}/viewer/leave`, { body: { viewerKey } });
const setRoomLimit = async (limit: number) =>
  await s.ctx.db.run("UPDATE configs SET value = ? WHERE tenant_id = 1 AND config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'", String(limit));

test('a viewer who left comes back in by its key as the socket opens, under its name; without rejoin the key is refused', async () => {
  const share = await createShare();
  const viewer = await joined(share.token, 'Ann');
  await leave(viewer.viewerKey);
  assert.is((await status(viewer.viewerKey)).state, 'disabled');
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId, {}).closed()).code, CLOSE_SHARE_REMOVED, 'a plain auth does not rejoin');
  const back = client(s.port, viewer.viewerKey, share.userPhoneId, { rejoin: true });
  assert.is((await back.json('hello')).role, 'viewer');
  assert.is((await status(viewer.viewerKey)).state, 'enabled');
  const row = await s.ctx.db.get('SELECT display_name FROM share_viewers WHERE id = ?', viewer.viewerId) as { display_name: string };
  assert.is(row.display_name, 'Ann');
  // The page's join with the same key, answered after the socket let it in, is the same viewer.
  assert.is((await joined(share.token, 'Ann', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
});

test('rejoin keeps the rules of a join: a blocked viewer stays out, a full room stays full, an ended share is ended', async () => {
  const share = await createShare();
  const blocked = await joined(share.token, 'Blocked');
  assert.is((await owner('/viewer/state', { viewerId: blocked.viewerId, action: 'block' })).code, 0);
  assert.is((await client(s.port, blocked.viewerKey, share.userPhoneId, { rejoin: true }).closed()).code, CLOSE_SHARE_BLOCKED);
  assert.is((await status(blocked.viewerKey)).state, 'shielded');

  await setRoomLimit(1);
  const left = await joined(share.token, 'Left');
  await leave(left.viewerKey);
  await joined(share.token, 'Newcomer', { address: '10.0.0.9' });
  assert.is((await join(share.token, 'Left', { viewerKey: left.viewerKey })).code, ErrorCode.SHARE_ROOM_FULL, 'the join says so');
  assert.is((await client(s.port, left.viewerKey, share.userPhoneId, { rejoin: true }).closed()).code, CLOSE_SHARE_REMOVED, 'the socket stays out');
  assert.is((await status(left.viewerKey)).state, 'disabled');

  assert.is((await owner('/end', { shareId: share.shareId })).code, 0);
  assert.is((await client(s.port, left.viewerKey, share.userPhoneId, { rejoin: true }).closed()).code, CLOSE_SHARE_ENDED);
});

test("a viewer key opens only its share's phone, rejoin or not", async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  await leave(viewer.viewerKey);
  const other = await phoneId(s.ctx, 'Game farm 1');
  assert.is.not(other, share.userPhoneId);
  assert.is((await client(s.port, viewer.viewerKey, other, { rejoin: true }).closed()).code, CLOSE_NOT_ASSIGNED);
  assert.is((await status(viewer.viewerKey)).state, 'disabled', 'not let back in by a socket for another phone');
});

test('an auth whose rejoin is not true is a malformed first message', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const socket = client(s.port, viewer.viewerKey, share.userPhoneId, { rejoin: 'yes' as unknown as true });
  assert.is((await socket.closed()).code, CLOSE_NOT_ASSIGNED);
});

test.run();

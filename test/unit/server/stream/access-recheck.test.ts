import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOSE_NOT_ASSIGNED, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { hashToken } from '../../../../server/lib/tokens.ts';
import { accessRecheck } from '../../../../server/stream/access-recheck.ts';
import type { CheckedRoom, CheckedSession } from '../../../../server/stream/access-recheck.ts';
import { PHONE, demo, phoneId } from '../device-helpers.ts';
import { FakeSocket } from './fake-socket.ts';

// Access re-checked on open sockets (server/stream/access-recheck.ts): a token that no longer opens its phone closes
// its socket; an access that changed moves the socket, and its room tells whoever's control changed; owners' rooms
// hear the control requests.

/** A room that records what it is told. */
function room(hasOwner = false) {
  const told = { permissionsChanged: 0, requests: [] as unknown[] };
  const control = {
    permissionsChanged: () => told.permissionsChanged++,
    hasOwner: () => hasOwner,
    controlRequests: (requests: unknown) => told.requests.push(requests),
  };
  return { room: { control } as unknown as CheckedRoom, told };
}

async function setup() {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const reply = await ctx.call(`${PHONE}/security-token?userPhoneId=${id}&validTime=3600`, { method: 'POST' });
  const token = reply.data.token as string;
  const sessions: CheckedSession[] = [];
  const rooms: Array<[number, CheckedRoom]> = [];
  let grids = 0;
  const access = accessRecheck({ db: ctx.db, now: ctx.now, sessions: () => sessions, rooms: () => rooms, alsoRecheck: async () => void grids++, logError: (line) => ctx.errors.push(line) });
  const session = (tokenHash: string, entry: CheckedRoom, permission: 'view' | 'control' = 'control', byViewerKey = false) => {
    const socket = new FakeSocket();
    const checked = { socket: socket.ws, grant: { tokenHash, userId: ctx.userId, role: 'owner', permission, byViewerKey }, phoneId: id, permission, entry };
    sessions.push(checked as unknown as CheckedSession);
    return { socket, checked };
  };
  return { ctx, id, token, access, rooms, session, grids: () => grids };
}

const notAssigned = { code: CLOSE_NOT_ASSIGNED, reason: { code: CLOSE_NOT_ASSIGNED, msg: STREAM_MESSAGES.notAssigned } };

test("a socket whose token still opens its phone stays; one whose token does not is closed as not assigned", async () => {
  const s = await setup();
  const { room: entry, told } = room();
  const kept = s.session(hashToken(s.token), entry);
  const revoked = s.session(hashToken('a token never issued'), entry);
  const viewer = s.session(hashToken('a viewer key never issued'), entry, 'view', true);
  await s.access.recheck();
  assert.is(kept.socket.closedWith, null);
  assert.equal(revoked.socket.closedWith, notAssigned);
  assert.equal(viewer.socket.closedWith, notAssigned, 'a key the shares do not know is not a share that ended');
  assert.is(told.permissionsChanged, 0);
  assert.is(s.grids(), 1, 'the live grid is re-checked with the phone streams');
});

test('a socket already closing is left alone', async () => {
  const s = await setup();
  const closing = s.session(hashToken('revoked'), room().room);
  closing.socket.readyState = closing.socket.CLOSING;
  await s.access.recheck();
  assert.is(closing.socket.closedWith, null);
});

test('an access that changed moves the socket, and its room is told once however many of its sockets moved', async () => {
  const s = await setup();
  const { room: entry, told } = room();
  // The owner's token always controls: a socket that thought it watched is moved to controlling.
  const a = s.session(hashToken(s.token), entry, 'view');
  const b = s.session(hashToken(s.token), entry, 'view');
  await s.access.recheck();
  assert.equal([a.checked.permission, b.checked.permission], ['control', 'control']);
  assert.is(told.permissionsChanged, 1);
  await s.access.recheck();
  assert.is(told.permissionsChanged, 1, 'nothing changed since');
});

test("rooms with an owner's socket hear the control requests; the others are not looked up", async () => {
  const s = await setup();
  const owned = room(true);
  const unowned = room(false);
  s.rooms.push([s.id, owned.room], [s.id + 1, unowned.room]);
  await s.access.recheck();
  assert.equal(owned.told.requests, [[]]);
  assert.equal(unowned.told.requests, []);
});

test('revalidate re-checks once after the current work, however often it is asked', async () => {
  const s = await setup();
  s.access.revalidate();
  s.access.revalidate();
  s.access.revalidate();
  assert.is(s.grids(), 0, 'not inside the transaction that revoked');
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(s.grids(), 1);
  s.access.revalidate();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(s.grids(), 2);
});

test.run();

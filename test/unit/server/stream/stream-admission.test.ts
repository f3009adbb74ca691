import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WebSocket } from 'ws';
import { CLOSE_NOT_ASSIGNED, CLOSE_TOO_MANY_SOCKETS, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import type { StreamPhoneRow } from '../../../../server/data/phone-tokens.ts';
import { hashToken } from '../../../../server/lib/tokens.ts';
import type { StreamGrant } from '../../../../server/stream/session.ts';
import { streamAdmission } from '../../../../server/stream/stream-admission.ts';
import { StreamSockets } from '../../../../server/stream/stream-sockets.ts';
import type { OpenSocket } from '../../../../server/stream/stream-sockets.ts';
import { PHONE, demo, phoneId } from '../device-helpers.ts';
import { eventually } from '../share-helpers.ts';
import { within } from '../stream-helpers.ts';
import { FakeSocket } from './fake-socket.ts';

// Which phone-stream sockets are let in (server/stream/stream-admission.ts): a token that opens the phone, in the
// address or as the first message within the wait, while its holder is under the cap of open sockets.

const notAssigned = { code: CLOSE_NOT_ASSIGNED, reason: { code: CLOSE_NOT_ASSIGNED, msg: STREAM_MESSAGES.notAssigned } };

async function admission(options: { perHolder?: number; authWaitMs?: number } = {}) {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const reply = await ctx.call(`${PHONE}/security-token?userPhoneId=${id}&validTime=3600`, { method: 'POST' });
  const token = reply.data.token as string;
  const sockets = new StreamSockets(options.perHolder ?? 16);
  const opened: Array<{ socket: WebSocket; row: StreamPhoneRow; grant: StreamGrant }> = [];
  /** What the opened sessions heard, as text. */
  const heard: string[] = [];
  const onConnection = streamAdmission({
    db: ctx.db,
    now: ctx.now,
    authWaitMs: options.authWaitMs ?? 5000,
    sockets,
    open: async (socket, row, grant) => {
      opened.push({ socket, row, grant });
      socket.on('message', (data) => heard.push(String(data)));
    },
    logError: (line) => ctx.errors.push(line),
  });
  /** A socket through admission: a token in the address has been checked when this settles. */
  const connect = async (query: string) => {
    const socket = new FakeSocket();
    await onConnection(socket.ws, new URL(`http://localhost/stream/ws?${query}`), {} as IncomingMessage);
    return socket;
  };
  return { ctx, id, token, sockets, opened, heard, onConnection, connect };
}

test('messages sent while the token is looked up wait for the session, in their order', async () => {
  const a = await admission();
  const inAddress = new FakeSocket();
  const admitted = a.onConnection(inAddress.ws, new URL(`http://localhost/stream/ws?token=${a.token}&userPhoneId=${a.id}`), {} as IncomingMessage);
  inAddress.receive('first');
  inAddress.receive('second');
  await admitted;
  assert.equal(a.heard, ['first', 'second']);
  const byAuth = await a.connect(`userPhoneId=${a.id}`);
  byAuth.receive({ type: 'auth', token: a.token });
  byAuth.receive('third');
  await eventually(() => a.opened.length === 2, 'the auth message opened nothing');
  await eventually(() => a.heard.length === 3, 'the message after the auth was lost');
  assert.equal(a.heard, ['first', 'second', 'third']);
});

test('a token in the address that opens the phone: the session opens as its grant says', async () => {
  const a = await admission();
  const socket = await a.connect(`token=${a.token}&userPhoneId=${a.id}`);
  assert.is(a.opened.length, 1);
  assert.is(a.opened[0]!.socket, socket.ws);
  assert.is(a.opened[0]!.row.id, a.id);
  assert.equal(a.opened[0]!.grant, { tokenHash: hashToken(a.token), userId: a.ctx.userId, role: 'owner', permission: 'control', byViewerKey: false });
  assert.is(socket.closedWith, null);
});

test('a token that does not open this phone is refused as not assigned', async () => {
  const a = await admission();
  assert.equal((await a.connect(`token=nope&userPhoneId=${a.id}`)).closedWith, notAssigned);
  assert.equal((await a.connect(`token=${a.token}&userPhoneId=${a.id + 1000}`)).closedWith, notAssigned);
  assert.equal((await a.connect(`token=${a.token}&userPhoneId=x`)).closedWith, notAssigned);
  assert.is(a.opened.length, 0);
});

test('without a token in the address, the first message must be its auth', async () => {
  const a = await admission();
  const byAuth = await a.connect(`userPhoneId=${a.id}`);
  assert.is(a.opened.length, 0, 'nothing opens before the auth message');
  byAuth.receive({ type: 'auth', token: a.token });
  await eventually(() => a.opened.length === 1, 'the auth message opened nothing');
  const pingFirst = await a.connect(`userPhoneId=${a.id}`);
  pingFirst.receive({ type: 'ping', t: 1 });
  await eventually(() => pingFirst.closedWith !== null, 'pingFirst was not closed');
  assert.equal(pingFirst.closedWith, notAssigned);
  const malformed = await a.connect(`userPhoneId=${a.id}`);
  malformed.receive({ type: 'auth', token: '' });
  await eventually(() => malformed.closedWith !== null, 'malformed was not closed');
  assert.equal(malformed.closedWith, notAssigned);
  const binary = await a.connect(`userPhoneId=${a.id}`);
  binary.receive(Buffer.from(a.token), true);
  await eventually(() => binary.closedWith !== null, 'binary was not closed');
  assert.equal(binary.closedWith, notAssigned);
  assert.is(a.opened.length, 1);
});

test('a socket whose auth does not come within the wait is refused', async () => {
  const a = await admission({ authWaitMs: 20 });
  const socket = await a.connect(`userPhoneId=${a.id}`);
  assert.equal(await within(socket.closedByServer(), 'the wait did not end'), notAssigned);
  assert.is(a.opened.length, 0);
});

test("a holder at its cap is refused as too many; another holder's sockets do not count", async () => {
  const a = await admission({ perHolder: 1 });
  const held: OpenSocket = { socket: new FakeSocket().ws, grant: { tokenHash: 'other', userId: a.ctx.userId } };
  a.sockets.add(held);
  const refused = await a.connect(`token=${a.token}&userPhoneId=${a.id}`);
  assert.equal(refused.closedWith, { code: CLOSE_TOO_MANY_SOCKETS, reason: { code: CLOSE_TOO_MANY_SOCKETS, msg: STREAM_MESSAGES.tooManySockets } });
  a.sockets.delete(held);
  a.sockets.add({ socket: new FakeSocket().ws, grant: { tokenHash: 'a viewer key', userId: a.ctx.userId, byViewerKey: true } });
  await a.connect(`token=${a.token}&userPhoneId=${a.id}`);
  assert.is(a.opened.length, 1);
});

test.run();

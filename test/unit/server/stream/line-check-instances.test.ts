import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { LINE_CHECK_PATH, LINE_MESSAGES, LINE_SOCKET_MAX_MS, LINE_SOCKETS_PER_ADDRESS } from '../../../../shared/contract/line-check-words.ts';
import { claimLineSocket } from '../../../../server/data/line-sockets.ts';
import type { Engine, Queryable } from '../../../../server/db/engine.ts';
import { addressGroupKey, addressOf } from '../../../../server/lib/client-address.ts';
import type { LineCheckOptions } from '../../../../server/stream/line-check.ts';
import { SEED_CLOCK } from '../db/postgres-databases.ts';
import { seededDatabase } from '../helpers.ts';
import { eventually } from '../share-helpers.ts';
import { WAIT_MS, within } from '../stream-helpers.ts';
import { lineInstance, placesBelow, placesHeld } from './line-helpers.ts';

// Line-check services of several instances on one database (API.md "Network check"): the sockets one address or one
// address group holds are counted in the database, so the caps hold for the whole deployment; a row outlives no
// instance by more than its socket's longest life, and a failing database refuses an upgrade rather than crashing.

const ADDRESS = '203.0.113.5';
const TOO_MANY = { status: 429, body: { code: 429, msg: LINE_MESSAGES.tooManySockets } };
const BUSY = { status: 503, body: { code: 503, msg: LINE_MESSAGES.serverBusy } };

let running: Array<Awaited<ReturnType<typeof lineInstance>>> = [];
test.after.each(async () => {
  await Promise.all(running.map((instance) => instance.stop()));
  running = [];
});

/** A shared database and clock, and a way to start instances on them; each request comes from ADDRESS unless forwarded. */
async function deployment() {
  const db = await seededDatabase();
  let clock = SEED_CLOCK;
  const errors: string[] = [];
  const options = (db: Queryable): LineCheckOptions => ({
    db,
    now: () => clock,
    logError: (line) => errors.push(line),
    addressOf: (req) => addressOf(req.headers['x-forwarded-for']?.toString() ?? ADDRESS, undefined, true),
  });
  async function instance(extra: Partial<LineCheckOptions> = {}, on: Queryable = db) {
    const started = await lineInstance({ ...options(on), ...extra });
    running.push(started);
    return started;
  }
  return { db, errors, instance, advance: (ms: number) => (clock += ms), now: () => clock };
}

/** `db`, with `changes` in place of some of its methods (a database that fails or waits). */
function alteredDb(db: Engine, changes: Partial<Queryable>): Queryable {
  return new Proxy(db, {
    get(target, key) {
      if (key in changes) return changes[key as keyof Queryable];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

test('two instances on one database together hold one address\'s few check sockets; one closed frees its place on the other', async () => {
  const { db, instance } = await deployment();
  const a = await instance();
  const b = await instance();
  const open = [];
  for (let i = 0; i < LINE_SOCKETS_PER_ADDRESS; i++) {
    const c = (i % 2 ? b : a).open(String((i % 2) + 1));
    await c.json('hello');
    open.push(c);
  }
  for (const refusing of [a, b]) assert.equal(await refusing.open().refused(), TOO_MANY);
  assert.is(await placesHeld(db, ADDRESS), LINE_SOCKETS_PER_ADDRESS);

  open[0]!.socket.close();
  await open[0]!.closed();
  await placesBelow(db, LINE_SOCKETS_PER_ADDRESS, ADDRESS);
  const again = b.open();
  assert.equal(await again.json('hello'), { type: 'hello', line: 1 });
  assert.equal(await a.open().refused(), TOO_MANY, 'the place was taken again');
  for (const c of [...open.slice(1), again]) c.socket.close();
});

test('the neighbours of one /24 are counted together across instances', async () => {
  const { instance } = await deployment();
  const a = await instance({ socketsPerGroup: 3 });
  const b = await instance({ socketsPerGroup: 3 });
  const open = [];
  for (let host = 1; host <= 3; host++) {
    const c = (host % 2 ? a : b).open('1', `198.51.100.${host}`);
    await c.json('hello');
    open.push(c);
  }
  assert.equal(await b.open('1', '198.51.100.4').refused(), TOO_MANY);
  const elsewhere = b.open('1', '192.0.2.4');
  await elsewhere.json('hello');
  for (const c of [...open, elsewhere]) c.socket.close();
});

test('the places of an instance that died expire: no longer counted, and swept', async () => {
  const { db, instance, advance, now } = await deployment();
  const claim = { instance: 'gone', address: ADDRESS, addressGroup: addressGroupKey(ADDRESS) };
  const limits = { perAddress: LINE_SOCKETS_PER_ADDRESS, perGroup: LINE_SOCKETS_PER_ADDRESS };
  for (let i = 0; i < LINE_SOCKETS_PER_ADDRESS; i++) await claimLineSocket(db, claim, limits, now(), now() + LINE_SOCKET_MAX_MS);
  const b = await instance();
  assert.equal(await b.open().refused(), TOO_MANY, 'counted while they last');

  advance(LINE_SOCKET_MAX_MS);
  const c = b.open();
  await c.json('hello');
  assert.is(await placesHeld(db, ADDRESS), 1, 'the expired rows are gone');
  // The service's own row lasts its socket's longest life and a little more, not much.
  const expires = (await db.value<number>('SELECT expires_at FROM line_sockets WHERE address = ?', ADDRESS))!;
  assert.ok(expires > now() + LINE_SOCKET_MAX_MS && expires <= now() + LINE_SOCKET_MAX_MS + 30_000, `expires ${expires - now()} ms on`);
  c.socket.close();
});

test('a database failing during admission refuses the upgrade with a 503; the next one is let in', async () => {
  const { db, errors, instance } = await deployment();
  let failures = 1;
  const failing = alteredDb(db as Engine, {
    transaction: (fn, options) => (failures-- > 0 ? Promise.reject(new Error('database unreachable')) : db.transaction(fn, options)),
  });
  const a = await instance({}, failing);
  const refused = a.open();
  assert.equal(await refused.refused(), BUSY);
  assert.is(refused.seen.length, 0, 'refused before any handshake');
  assert.ok(errors.some((line) => line.startsWith('[line] admission') && line.includes('database unreachable')), errors.join('\n'));
  const c = a.open();
  await c.json('hello');
  c.socket.close();
});

test('a stop gives back every place of its instance, even one whose release failed', async () => {
  const { db, errors, instance } = await deployment();
  const releaseFails = (sql: string) => sql.startsWith('DELETE FROM line_sockets WHERE id');
  const flaky = alteredDb(db as Engine, {
    run: (sql, ...params) => (releaseFails(sql) ? Promise.reject(new Error('release lost')) : db.run(sql, ...params)),
  });
  const a = await instance({}, flaky);
  const b = await instance();
  const open = [a.open('1'), a.open('2'), b.open('1')];
  for (const c of open) await c.json('hello');
  open[0]!.socket.close();
  await open[0]!.closed();
  await eventually(() => errors.some((line) => line.includes('release lost')), 'the release was not tried');
  assert.is(await placesHeld(db), 3, 'the closed socket\'s row is left');

  running = running.filter((instance) => instance !== a);
  await a.stop();
  assert.is(await placesHeld(db), 1, 'only the other instance\'s place is left');
  open[2]!.socket.close();
});

test('a socket gone while the database was asked leaves no place behind', async () => {
  const { db, instance } = await deployment();
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let claimed!: () => void;
  const claimDone = new Promise<void>((resolve) => (claimed = resolve));
  const waiting = alteredDb(db as Engine, {
    transaction: async (fn, options) => {
      asked();
      await answered;
      try {
        return await db.transaction(fn, options);
      } finally {
        claimed();
      }
    },
  });
  const a = await instance({}, waiting);
  const gone = a.open();
  await wasAsked;
  gone.socket.terminate();
  await gone.closed();
  answer();
  await claimDone;
  await eventually(async () => (await placesHeld(db)) === 0, 'the row of the gone socket is left', WAIT_MS);
  const c = a.open();
  await c.json('hello');
  assert.is(await placesHeld(db), 1);
  c.socket.close();
});

test('a request ws finds to be no handshake, after its place was taken, gives the place back', async () => {
  const { db, instance } = await deployment();
  const a = await instance();
  const raw = connect(a.port, '127.0.0.1');
  let answer = '';
  raw.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  raw.on('error', () => {});
  const ended = new Promise((resolve) => raw.on('close', resolve));
  raw.write(`GET ${LINE_CHECK_PATH}?line=1 HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n`
    + 'Sec-WebSocket-Version: 99\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
  await within(ended, 'the request was not answered');
  assert.match(answer, /^HTTP\/1\.1 400 /);
  await eventually(async () => (await placesHeld(db)) === 0, 'the place of the refused handshake is left', WAIT_MS);
});

test.run();

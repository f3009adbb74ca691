import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  LINE_CHUNK_BYTES,
  LINE_DOWNLOAD_MAX_BYTES,
  LINE_MESSAGES,
  LINE_MESSAGES_PER_SECOND,
  LINE_SOCKETS_PER_ADDRESS,
} from '../../../../shared/contract/line-check-words.ts';
import { CLOSE_POLICY } from '../../../../shared/contract/stream-protocol.ts';
import { addressOf } from '../../../../server/lib/client-address.ts';
import { LINE_SOCKETS_PER_GROUP } from '../../../../server/stream/line-check.ts';
import { start } from '../stream-helpers.ts';
import { lineClient, placesBelow } from './line-helpers.ts';
import type { Seen } from './line-helpers.ts';

// The network check's line sockets (API.md "Network check"): no login, pongs echo the ping, a download sends exactly
// the bytes asked, and what a client would never send (an oversize download, a flood, too many sockets) is refused.

let s: Awaited<ReturnType<typeof start>>;
test.after.each(async () => {
  await s.stop();
});

test('each line says hello and answers a ping with its own seq and t, without a login', async () => {
  s = await start();
  for (const line of ['1', '2']) {
    const c = lineClient(s.port, line);
    assert.equal(await c.json('hello'), { type: 'hello', line: Number(line) });
    c.send({ type: 'ping', seq: 7, t: 1234.5 });
    assert.equal(await c.json('pong'), { type: 'pong', seq: 7, t: 1234.5 });
    c.socket.close();
  }
});

test('a download sends exactly the bytes asked, in chunks, then says so', async () => {
  s = await start();
  const c = lineClient(s.port, '1');
  await c.json('hello');
  const bytes = 3 * LINE_CHUNK_BYTES + 100;
  c.send({ type: 'download', bytes });
  assert.equal(await c.json('downloaded'), { type: 'downloaded', bytes });
  const chunks = c.seen.filter((m): m is Extract<Seen, { kind: 'binary' }> => m.kind === 'binary');
  assert.is(chunks.length, 4);
  assert.is(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0), bytes);
  c.socket.close();
});

test('an unknown line is answered 400 before any handshake; a malformed message and an oversize download are closed as policy violations', async () => {
  s = await start();
  for (const line of ['3', '', 'x']) {
    const refused = await lineClient(s.port, line).refused();
    assert.equal(refused, { status: 400, body: { code: 400, msg: LINE_MESSAGES.unknownLine } });
  }

  const malformed = lineClient(s.port, '1');
  await malformed.json('hello');
  malformed.send({ type: 'ping', seq: 'x' });
  assert.equal(JSON.parse((await malformed.closed()).reason).msg, LINE_MESSAGES.malformed);

  const big = lineClient(s.port, '2');
  await big.json('hello');
  big.send({ type: 'download', bytes: LINE_DOWNLOAD_MAX_BYTES + 1 });
  const closed = await big.closed();
  assert.is(closed.code, CLOSE_POLICY);
  assert.equal(JSON.parse(closed.reason).msg, LINE_MESSAGES.tooLarge);
  assert.is(big.seen.filter((m) => m.kind === 'binary').length, 0, 'nothing was sent');
});

test('a flood of pings is closed as a policy violation', async () => {
  s = await start();
  const c = lineClient(s.port, '1');
  await c.json('hello');
  for (let seq = 0; seq <= LINE_MESSAGES_PER_SECOND + 5; seq++) c.send({ type: 'ping', seq, t: seq });
  const closed = await c.closed();
  assert.is(closed.code, CLOSE_POLICY);
  assert.equal(JSON.parse(closed.reason).msg, LINE_MESSAGES.flood);
  assert.ok(c.seen.filter((m) => m.kind === 'json' && m.value.type === 'pong').length <= LINE_MESSAGES_PER_SECOND);
});

/** A line socket opened once the server has given back the place of one closed among `held`. */
async function reopened(line: string, held: number) {
  await placesBelow(s.ctx.db, held);
  const again = lineClient(s.port, line);
  await again.json('hello');
  return again;
}

test('one address holds a few check sockets at most; a closed one frees its place', async () => {
  s = await start();
  const open = [];
  for (let i = 0; i < LINE_SOCKETS_PER_ADDRESS; i++) {
    const c = lineClient(s.port, String((i % 2) + 1));
    await c.json('hello');
    open.push(c);
  }
  const extra = lineClient(s.port, '1');
  assert.equal(await extra.refused(), { status: 429, body: { code: 429, msg: LINE_MESSAGES.tooManySockets } });
  assert.is(extra.seen.length, 0, 'refused before any handshake');
  open[0]!.socket.close();
  await open[0]!.closed();
  const again = await reopened('1', LINE_SOCKETS_PER_ADDRESS);
  for (const c of [...open.slice(1), again]) c.socket.close();
});

test('the server holds a few hundred check sockets in all, from whatever addresses; a closed one frees its place', async () => {
  let next = 0;
  // Each request from an address of its own, so only the cap in all can refuse.
  s = await start({ lineAddressOf: () => `10.0.0.${next++}`, lineSocketsInAll: 3 });
  const open = [];
  for (let i = 0; i < 3; i++) {
    const c = lineClient(s.port, '1');
    await c.json('hello');
    open.push(c);
  }
  assert.equal(await lineClient(s.port, '2').refused(), { status: 503, body: { code: 503, msg: LINE_MESSAGES.serverBusy } });
  open[0]!.socket.close();
  await open[0]!.closed();
  const again = await reopened('1', 3);
  for (const c of [...open.slice(1), again]) c.socket.close();
});

test('the neighbours of one /24 together hold a few check sockets at most; another group still gets one', async () => {
  // Keyed by the forwarded address, as main.ts does behind a trusted proxy.
  s = await start({ lineAddressOf: (req) => addressOf(req.headers['x-forwarded-for']?.toString(), undefined, true) });
  const open: Array<ReturnType<typeof lineClient>> = [];
  let refused = 0;
  // Two sockets from each of ten addresses of 203.0.113.0/24: each address is under its own cap.
  for (let host = 1; host <= 10; host++) {
    for (const line of ['1', '2']) {
      const c = lineClient(s.port, line, `203.0.113.${host}`);
      const outcome = await c.outcome();
      if (outcome === 'open') open.push(c);
      else {
        assert.equal(outcome, { status: 429, body: { code: 429, msg: LINE_MESSAGES.tooManySockets } });
        refused++;
      }
    }
  }
  assert.is(open.length, LINE_SOCKETS_PER_GROUP, 'the group holds its share, no more');
  assert.is(refused, 20 - LINE_SOCKETS_PER_GROUP);
  const elsewhere = lineClient(s.port, '1', '198.51.100.7');
  assert.equal(await elsewhere.json('hello'), { type: 'hello', line: 1 });
  for (const c of [...open, elsewhere]) c.socket.close();
});

test.run();

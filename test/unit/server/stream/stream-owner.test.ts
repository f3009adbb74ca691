import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStreamServer, type StreamServer } from '../../../../server/stream/stream-server.ts';
import { demo, PHONE, phoneId } from '../device-helpers.ts';
import { client } from '../stream-helpers.ts';

// Two instances on one database (stream-owner.ts): the phones of one owner are rendered by the instance a socket for
// them reached first; a socket that reaches the other instance is piped to it, so both share one room. An instance
// that died before its lease lapsed is taken over by the next socket, at once.

interface Instance {
  stream: StreamServer;
  http: Server;
  port: number;
  /** Stops as a crash would: connections cut, nothing given up in the database. */
  die(): Promise<void>;
  stop(): Promise<void>;
}

async function instance(ctx: Awaited<ReturnType<typeof demo>>): Promise<Instance> {
  const http = createServer((_req, res) => res.end('not here'));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;
  const stream = createStreamServer({ db: ctx.db, now: ctx.now, instanceUrl: `http://127.0.0.1:${port}`, logError: (line) => ctx.errors.push(line) });
  stream.attach(http);
  // Every connection, upgraded ones included (the HTTP server stops tracking those), so a crash can cut them all.
  const connections = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const closeHttp = async () => {
    const closed = http.listening ? new Promise((resolve) => http.close(resolve)) : Promise.resolve();
    for (const socket of connections) socket.destroy();
    await closed;
  };
  return {
    stream,
    http,
    port,
    die: closeHttp,
    async stop() {
      await stream.close();
      await closeHttp();
    },
  };
}

test('an owner\'s phone is rendered by one instance: a socket reaching the other is piped to it; a dead holder is taken over', async () => {
  const ctx = await demo();
  const token = async (id: number) => (await ctx.call(`${PHONE}/security-token?userPhoneId=${id}&validTime=3600`, { method: 'POST' })).data.token as string;
  const a = await instance(ctx);
  const b = await instance(ctx);
  try {
    const phone = await phoneId(ctx, 'Shop assistant');
    const first = client(b.port, await token(phone), phone);
    await first.frame();
    assert.is(b.stream.sessionCount(phone), 1);
    // Through the other instance: the same room, on the instance that renders.
    const second = client(a.port, await token(phone), phone);
    await second.frame();
    assert.is(b.stream.sessionCount(phone), 2, 'both sockets are served where the phone is rendered');
    assert.is(a.stream.sessionCount(phone), 0);
    assert.is(a.stream.screen(phone), undefined, 'no second copy of the phone');
    // Another phone of the same owner goes to the same instance.
    const other = await phoneId(ctx, 'Game farm 1');
    const third = client(a.port, await token(other), other);
    await third.frame();
    assert.is(b.stream.sessionCount(other), 1);

    // The renderer dies with its lease still running: the next socket finds it unreachable and takes the owner over.
    await b.die();
    const after = client(a.port, await token(phone), phone);
    await after.frame();
    assert.is(a.stream.sessionCount(phone), 1, 'rendered where the socket arrived');
    assert.is(await ctx.db.value('SELECT instance_url FROM stream_leases WHERE user_id = ?', ctx.userId), `http://127.0.0.1:${a.port}`);
    for (const c of [first, second, third, after]) c.socket.close();
  } finally {
    await b.stop();
    await a.stop();
  }
  // A stop gives its leases up, so the next socket is rendered wherever it lands.
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM stream_leases'), 0);
});

test.run();

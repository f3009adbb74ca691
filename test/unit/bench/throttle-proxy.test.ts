import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startThrottleProxy } from '../../throttle-proxy.mjs';

// The benches' slow link (test/throttle-proxy.mjs): what holds whatever the machine's speed. Bytes cross it intact
// and in order both ways, many connections share one queue per direction, a sender faster than the link is held
// back in its own socket rather than in the proxy's memory, and ends and closes reach the other side. No timings
// are asserted: the link's speed here is only chosen so that each test takes a fraction of a second.

const WAIT_MS = 5000;

/** Polls `ready` until it holds (bounded), for states that no event announces. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** `promise`, or a failure naming `what` after WAIT_MS: a broken proxy fails the test rather than hanging it. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${WAIT_MS} ms: ${what}`)), WAIT_MS)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A TCP server on 127.0.0.1 handing each accepted socket to `onSocket` (half-open allowed, as a server may). */
async function target(onSocket: (socket: net.Socket) => void) {
  const server = net.createServer({ allowHalfOpen: true }, onSocket);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted: net.Socket[] = [];
  server.on('connection', (socket) => accepted.push(socket));
  return {
    port: (server.address() as AddressInfo).port,
    accepted,
    stop: () => {
      for (const socket of accepted) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A client through the proxy that keeps everything it receives. */
async function client(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => {}); // a reset is a close like any other here
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { socket, received: () => Buffer.concat(chunks) };
}

/** Everything a socket receives until its sender ends. */
async function readAll(socket: net.Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'end');
  return Buffer.concat(chunks);
}

const FAST = { latencyMs: 10, bytesPerSecond: 20_000_000 };

test('bytes cross intact and in order both ways, and a half-close lets the other side still answer', async () => {
  const up = randomBytes(600_000);
  const down = randomBytes(400_000);
  const received: { up?: Buffer } = {};
  const server = await target(async (socket) => {
    received.up = await readAll(socket); // the client ended its side; the answer still goes back
    socket.end(down);
  });
  const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, ...FAST });
  try {
    const c = await client(proxy.port);
    c.socket.end(up);
    await within(once(c.socket, 'end'), "the server's end");
    assert.ok(received.up!.equals(up), 'client to server: the same bytes in the same order');
    assert.ok(c.received().equals(down), 'server to client: the same bytes in the same order');
    assert.is(proxy.stats().up.bytes, up.length);
    assert.is(proxy.stats().down.bytes, down.length);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test('many connections at once each get their own bytes, through one link per direction', async () => {
  const server = await target((socket) => socket.pipe(socket)); // echo, ending when the client ends
  const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, ...FAST });
  try {
    const payloads = Array.from({ length: 8 }, () => randomBytes(50_000));
    const echoes = await Promise.all(
      payloads.map(async (payload) => {
        const c = await client(proxy.port);
        c.socket.end(payload);
        await within(once(c.socket, 'end'), "the echo's end");
        return c.received();
      }),
    );
    echoes.forEach((echo, i) => assert.ok(echo.equals(payloads[i]!), `connection ${i}: its own bytes back`));
    const stats = proxy.stats();
    assert.is(stats.connections, 8);
    assert.is(stats.up.bytes, 8 * 50_000);
    assert.is(stats.down.bytes, 8 * 50_000);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test('a sender faster than the link is held back in its own socket, and the proxy queues at most its buffer and one read', async () => {
  let serverReceived = 0;
  const server = await target((socket) => socket.on('data', (chunk: Buffer) => (serverReceived += chunk.length)));
  const bufferBytes = 16 * 1024;
  const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, latencyMs: 10, bytesPerSecond: 200_000, bufferBytes });
  try {
    const c = await client(proxy.port);
    // Through to the server first: until then the proxy reads nothing (the connection's handshake).
    c.socket.write('x');
    await until(() => serverReceived === 1, 'the first byte arrived');
    const chunk = Buffer.alloc(64 * 1024, 1);
    let written = 1;
    // Written a chunk per turn of the event loop, so the proxy could read as fast as it liked: until write() says
    // the socket is full, which only a reader that stopped reading brings about (the kernel's buffers, several MB on
    // loopback, are full).
    for (;;) {
      written += chunk.length;
      const room = c.socket.write(chunk);
      if (!room) break;
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(written < 64 * 1024 * 1024, 'write() never reported a full socket');
    }
    const stats = proxy.stats();
    assert.ok(c.socket.writableLength > 0, 'the sender holds bytes it could not hand over');
    assert.ok(stats.up.bytes < written / 2, `the proxy left most of it with the sender (took ${stats.up.bytes} of ${written})`);
    assert.ok(stats.up.maxQueued <= bufferBytes + stats.up.largestChunk, `queued at most ${stats.up.maxQueued}`);
    assert.ok(stats.up.largestChunk <= 64 * 1024, 'one read is at most 64 KB');
    assert.ok(serverReceived <= stats.up.bytes);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test('a second connection waits behind the first one\'s queued bytes: one queue per direction', async () => {
  const received = new Map<number, number>();
  const server = await target((socket) => {
    socket.once('data', (first: Buffer) => {
      const id = first[0]!;
      received.set(id, first.length - 1);
      socket.on('data', (chunk: Buffer) => received.set(id, received.get(id)! + chunk.length));
    });
  });
  const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, latencyMs: 0, bytesPerSecond: 1_000_000 });
  try {
    const a = await client(proxy.port);
    const b = await client(proxy.port);
    const bulk = Buffer.alloc(400_000, 0xaa);
    bulk[0] = 1; // A's id
    a.socket.write(bulk);
    await until(() => proxy.stats().up.queued > 16 * 1024, "A's bytes queued on the link");
    const aTakenWhenBSent = proxy.stats().up.bytes;
    b.socket.write(Buffer.from([2])); // B's id, one byte
    await until(() => received.has(2), "B's byte arrived");
    // Everything the link had taken from A before B's byte arrived first (give or take the segment delivered in
    // the same turn, which the server may read just after B's).
    assert.ok(received.get(1)! >= aTakenWhenBSent - 1 - 1460, `A had ${received.get(1)} of ${aTakenWhenBSent} when B's byte arrived`);
    assert.ok(aTakenWhenBSent > 16 * 1024);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test('an end reaches the other side after the data, a reset at once, and a refused target ends the client', async () => {
  const server = await target(() => {});
  const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, ...FAST });
  try {
    const c = await client(proxy.port);
    await until(() => server.accepted.length === 1, 'the server accepted');
    const far = server.accepted[0]!;
    const payload = randomBytes(100_000);
    c.socket.end(payload);
    assert.ok((await within(readAll(far), "the client's data and end")).equals(payload), 'the data, then the end');
    far.end();
    await within(once(c.socket, 'end'), "the server's end");
    await until(() => proxy.stats().open === 0, 'the proxy let go of a connection both sides ended');

    const d = await client(proxy.port);
    await until(() => server.accepted.length === 2, 'the server accepted again');
    const ended = once(d.socket, 'end');
    server.accepted[1]!.resetAndDestroy();
    await within(ended, 'the reset passed on');
    await until(() => proxy.stats().open === 0, 'the proxy let go of a reset connection');
  } finally {
    await proxy.stop();
    await server.stop();
  }

  const gone = await target(() => {});
  await gone.stop(); // nothing listens on its port any more
  const refused = await startThrottleProxy({ target: { host: '127.0.0.1', port: gone.port }, ...FAST });
  try {
    const e = await client(refused.port);
    await within(once(e.socket, 'end'), 'the refused connection ended');
  } finally {
    await refused.stop();
  }
});

test.run();

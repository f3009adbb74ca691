// A TCP proxy that behaves like one slow link between a phone and the server, for benches: every connection through
// it shares one bandwidth cap per direction and one round-trip time, and a direction whose queue is full stops
// reading from its senders, so their kernel buffers and then their own send queues (a `ws` socket's bufferedAmount)
// fill as behind a real slow link. Unlike the browser's network emulation (CDP) it works whatever the client (a raw
// `ws` client as well as a page) and carries WebSocket bytes at the rate set (Chromium 156's emulation gave them
// about 30 of 50 kB/s). One difference from a phone's path remains: Linux sizes a loopback socket's send buffer from
// its 64 KB segments (about 4 MB here; far less behind 1,460-byte ones), so the server's kernel holds far more before
// its own queue starts to grow.
import net from 'node:net';

/** Bytes are serialised in segments of this size (a TCP segment on a 1500-byte MTU), so a long write drains smoothly. */
const SEGMENT_BYTES = 1460;

/**
 * One direction of the link: a queue of segments waiting to be serialised at `bytesPerSecond` (the bottleneck's
 * buffer), then `delayMs` in flight. One timer pumps both stages, so segments (and end-of-stream marks) arrive in the
 * order they were sent, whichever connection they belong to.
 */
function createLink({ bytesPerSecond, delayMs, bufferBytes }) {
  const queue = []; // not yet serialised: { departAt, arriveAt, bytes, deliver }
  const flight = []; // serialised, on the wire
  const held = new Set(); // pipes that stopped reading because the queue was full
  let lastDeparture = 0;
  let timer = null;
  const link = { queued: 0, maxQueued: 0, bytes: 0, largestChunk: 0 };

  function pump() {
    timer = null;
    const now = performance.now();
    while (queue.length && queue[0].departAt <= now) {
      const segment = queue.shift();
      link.queued -= segment.bytes?.length ?? 0;
      flight.push(segment);
    }
    while (flight.length && flight[0].arriveAt <= now) flight.shift().deliver();
    if (link.queued <= bufferBytes) for (const pipe of held) held.delete(pipe), pipe.release('link');
    const next = Math.min(queue[0]?.departAt ?? Infinity, flight[0]?.arriveAt ?? Infinity);
    if (next < Infinity) timer = setTimeout(pump, Math.max(0, next - now));
  }

  /** Queues `bytes` (null: the sender's end of stream) for `deliver`; tells `pipe` to stop reading when full. */
  link.send = (pipe, bytes, deliver) => {
    const now = performance.now();
    const pieces = [];
    if (bytes === null) pieces.push(null);
    else for (let at = 0; at < bytes.length; at += SEGMENT_BYTES) pieces.push(bytes.subarray(at, at + SEGMENT_BYTES));
    for (const piece of pieces) {
      lastDeparture = Math.max(now, lastDeparture) + ((piece?.length ?? 0) * 1000) / bytesPerSecond;
      queue.push({ departAt: lastDeparture, arriveAt: lastDeparture + delayMs, bytes: piece, deliver: () => deliver(piece) });
    }
    if (bytes) {
      link.queued += bytes.length;
      link.bytes += bytes.length;
      link.maxQueued = Math.max(link.maxQueued, link.queued);
      link.largestChunk = Math.max(link.largestChunk, bytes.length);
      if (link.queued > bufferBytes) held.add(pipe), pipe.hold('link');
    }
    if (timer) clearTimeout(timer);
    pump();
  };
  link.stop = () => timer && clearTimeout(timer);
  return link;
}

/** One direction of one connection: reads `source` while neither the link nor `dest` asks it to wait. */
function createPipe(source, dest, link) {
  const reasons = new Set(['connecting']);
  const pipe = {
    hold(reason) {
      reasons.add(reason);
      source.pause();
    },
    release(reason) {
      reasons.delete(reason);
      if (!reasons.size) source.resume();
    },
  };
  source.pause();
  source.on('data', (chunk) =>
    link.send(pipe, chunk, (piece) => {
      if (dest.destroyed) return;
      // The receiver is slower than the link (a busy page): stop reading until it catches up.
      if (!dest.write(piece) && !reasons.has('dest')) {
        pipe.hold('dest');
        dest.once('drain', () => pipe.release('dest'));
      }
    }),
  );
  // A clean end (FIN) travels behind the data; a reset or any other error closes the other side at once.
  source.on('end', () => link.send(pipe, null, () => dest.destroyed || dest.end()));
  source.on('error', () => dest.destroy());
  return pipe;
}

/**
 * Starts the proxy on 127.0.0.1 (a free port) in front of `target`. `latencyMs` is the round trip (half each way; a
 * new connection also waits one round trip, its handshake, before its first byte leaves); `bytesPerSecond` caps each
 * direction, shared by all connections; a direction holding more than `bufferBytes` not yet serialised stops reading
 * its senders until it has room again (so it holds at most about bufferBytes plus one read of each sender).
 * @param {{ target: { host: string, port: number }, latencyMs: number, bytesPerSecond: number, bufferBytes?: number }} options
 */
export async function startThrottleProxy({ target, latencyMs, bytesPerSecond, bufferBytes = 16 * 1024 }) {
  const options = { bytesPerSecond, delayMs: latencyMs / 2, bufferBytes };
  const up = createLink(options); // client to target
  const down = createLink(options); // target to client
  const sockets = new Set();
  const track = (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let connections = 0;
  let open = 0;

  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    connections++;
    open++;
    client.on('close', () => open--);
    const upstream = new net.Socket({ allowHalfOpen: true });
    track(client);
    track(upstream);
    // The link does the timing: Nagle's algorithm would hold a segment back for an ACK that loopback delays 40 ms.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const outbound = createPipe(client, upstream, up);
    const inbound = createPipe(upstream, client, down);
    const handshake = setTimeout(() => {
      if (client.destroyed) return;
      upstream.connect(target.port, target.host, () => {
        outbound.release('connecting');
        inbound.release('connecting');
      });
    }, latencyMs);
    client.on('close', () => clearTimeout(handshake));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** What the link carried: open connections, connections accepted, and per direction bytes, queued bytes now and at most. */
    stats: () => ({
      open,
      connections,
      up: { bytes: up.bytes, queued: up.queued, maxQueued: up.maxQueued, largestChunk: up.largestChunk },
      down: { bytes: down.bytes, queued: down.queued, maxQueued: down.maxQueued, largestChunk: down.largestChunk },
    }),
    /** Drops every open connection at once, as a lost signal or a change of network would; the link stays up. */
    drop: () => {
      for (const socket of sockets) socket.destroy();
    },
    stop: () =>
      new Promise((resolve) => {
        up.stop();
        down.stop();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { encodeCount } from './render-frame.ts';
import type { StreamServer } from './stream-server.ts';

// What the stream costs the server, for benchmarks and the slow-viewer tests (STREAM_STATS=1 serves it at
// GET /stream/api/stats; API.md "Streaming"). Counters are cumulative: a reader takes two readings and compares.

export interface StreamStats {
  /** Open phone-stream sockets. */
  sockets: number;
  /** Bytes queued for sending on all of them, and on the most backed-up one. */
  bufferedBytes: number;
  maxBufferedBytes: number;
  /** JPEG encodes since the server started (frames and screenshots, all phones and sizes). */
  encodes: number;
  /** Event-loop delay since the previous reading, ms. */
  eventLoopDelay: { p50: number; p99: number; max: number };
  /** CPU time used since the server started, ms (user + system): the share is its growth over wall time. */
  cpuMs: number;
  uptimeMs: number;
  memory: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
}

export function createStreamStats(stream: StreamServer): () => StreamStats {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return () => {
    const buffers = stream.buffered();
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    const eventLoopDelay = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    delay.reset();
    return {
      sockets: buffers.sockets,
      bufferedBytes: buffers.total,
      maxBufferedBytes: buffers.max,
      encodes: encodeCount.value,
      eventLoopDelay,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      uptimeMs: Math.round(process.uptime() * 1000),
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, arrayBuffers: memory.arrayBuffers },
    };
  };
}

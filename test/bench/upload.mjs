// Upload benchmark (docs/benchmarks.md "Uploads"): files sent the way the app sends them (tus-js-client, pieces of
// UPLOAD_CHUNK_BYTES, against the reference server's @tus/server) and checked (SHA-512) and installed.
// - loopback: a 200 MB package (`--size-mb=`), its throughput, and the server's resident memory at most while it
//   runs, against before: the server streams pieces to disk and must not hold the file;
// - slow profile through test/throttle-proxy.mjs (400 ms, 50 kB/s each way): the share of the link's upstream the
//   upload uses while it sends, and, in a second run, the bytes sent again after every connection is dropped halfway
//   (the client resumes from the server's offset; at most about one piece should be lost).
// Usage: node test/bench/upload.mjs [--size-mb=200] [--slow-kb=1500]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';
import { buildApk } from '../apk-builder.mjs';
import { startServer } from '../start-server.mjs';
import { startThrottleProxy } from '../throttle-proxy.mjs';

const arg = (name, fallback) => Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SIZE_MB = arg('size-mb', 200);
const SLOW_KB = arg('slow-kb', 1500);
const CHUNK = 256 * 1024;
const UPLOAD_PATH = '/api/device/file/upload/';
const LINK = { latencyMs: 400, bytesPerSecond: 50_000 };

const server = await startServer({ UPLOAD_STEP_MS: '50' });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function call(base, path, body, token) {
  const headers = { 'content-type': 'application/json', 'tenant-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const reply = await (await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body && JSON.stringify(body) })).json();
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

const login = await call(server.baseURL, '/api/merchant/auth/login', { mobile: '13800138000', password: 'demo1234' });
const phones = await call(server.baseURL, '/api/device/user/phone/list?pageSize=50', undefined, login.accessToken);
const phone = phones.list.find((entry) => entry.name === 'Shop assistant').userPhoneId;
let run = 0;

/** Sends `bytes` as a new package to the phone through `base`; `during(sent)` sees the progress. Resolves with seconds. */
function send(base, bytes, during = () => {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const upload = new tus.Upload(bytes, {
      endpoint: `${base}${UPLOAD_PATH}`,
      chunkSize: CHUNK,
      retryDelays: [0, 500, 1000, 2000],
      metadata: { filename: `bench-${run}.apk`, targets: String(phone) },
      headers: { 'tenant-id': '1', authorization: `Bearer ${login.accessToken}` },
      onProgress: (sent) => during(sent),
      onError: reject,
      onSuccess: () => resolve({ seconds: (performance.now() - started) / 1000, id: upload.url.split('/').pop() }),
    });
    upload.start();
  });
}

/** The server's check and install of an upload, to the end. */
async function installed(id, bytes) {
  await call(server.baseURL, '/api/device/file/verify', { uploadId: id, sha512: createHash('sha512').update(bytes).digest('hex') }, login.accessToken);
  for (;;) {
    const file = (await call(server.baseURL, '/api/device/file/list', undefined, login.accessToken)).list.find((entry) => entry.uploadId === id);
    if (file.state === 'failed' || file.targets.every((target) => target.state === 'installed' || target.state === 'failed')) return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const apk = async (fillerBytes) => buildApk({ packageName: `com.bench.app${++run}${Date.now() % 100000}`, label: `Bench ${run}`, fillerBytes });
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
try {
  // Loopback.
  const big = await apk(SIZE_MB * 1024 * 1024);
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const { seconds, id } = await send(server.baseURL, big);
  const file = await installed(id, big);
  clearInterval(sampler);
  console.log(`loopback: ${mb(big.length)} MB in ${seconds.toFixed(1)} s, ${(big.length / 1024 / 1024 / seconds).toFixed(1)} MB/s; ${file.targets[0].state}`);
  console.log(`  server memory: ${mb(before)} MB before, ${mb(peak)} MB at most while it ran (+${mb(peak - before)} MB for a ${mb(big.length)} MB file)`);

  // The slow profile: once straight through, once with every connection dropped at about 40%.
  const slow = await apk(SLOW_KB * 1024);
  for (const dropAt of [null, 0.4]) {
    const proxy = await startThrottleProxy({ target: { host: '127.0.0.1', port: Number(new URL(server.baseURL).port) }, ...LINK });
    let firstByteAt = 0;
    let dropped = false;
    const startedAt = performance.now();
    const { seconds: total, id: slowId } = await send(proxy.url, slow, (sent) => {
      if (!firstByteAt && sent > 0) firstByteAt = performance.now();
      if (dropAt !== null && !dropped && sent > slow.length * dropAt) {
        dropped = true;
        proxy.drop();
      }
    });
    const up = proxy.stats().up.bytes;
    await proxy.stop();
    await installed(slowId, slow);
    // From the creation's answer on: bytes on the wire over what the link could carry meanwhile.
    const sending = total - (firstByteAt - startedAt) / 1000;
    if (dropAt === null) {
      console.log(`slow 3G (${LINK.latencyMs} ms, ${LINK.bytesPerSecond / 1000} kB/s up): ${mb(slow.length)} MB in ${total.toFixed(1)} s; the upload used ${Math.round((100 * slow.length) / (sending * LINK.bytesPerSecond))}% of the link while sending (${up} bytes on the wire)`);
      globalThis.baselineUp = up;
    } else {
      const again = up - globalThis.baselineUp;
      console.log(`  every connection dropped at ${dropAt * 100}%: resumed, ${again} bytes more on the wire than without the drop (${(again / CHUNK).toFixed(2)} of a ${CHUNK / 1024} KB piece)`);
    }
  }
} finally {
  await server.stop();
}

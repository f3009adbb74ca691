// Zip-bomb benchmark (docs/benchmarks.md "Uploads"; not part of `npm test`): a signed-in user uploads, as the app
// does (tus-js-client), a package of about 1 MB whose AndroidManifest.xml inflates to 1 GiB of zeros, then an icon
// bomb of the same size, and asks for each to be checked. While the server reads them, another client times an API
// call every 50 ms and the server's resident memory is sampled (/proc/<pid>/status VmRSS, and VmHWM at the end).
// The server must refuse the first as "package parse error" and read the second without its icon, its memory and
// its answers hardly moved.
// Usage: node test/bench/zip-bomb.mjs [--inflated-mb=1024] [--only=manifest|icon]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';
import { buildBombApk } from '../apk-builder.mjs';
import { startServer } from '../start-server.mjs';

const arg = (name, fallback) => Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const INFLATED = arg('inflated-mb', 1024) * 1024 * 1024;
const ONLY = process.argv.find((value) => value.startsWith('--only='))?.split('=')[1];
const UPLOAD_PATH = '/api/device/file/upload/';

const server = await startServer({ UPLOAD_STEP_MS: '50' });
const status = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function call(path, body, token) {
  const headers = { 'content-type': 'application/json', 'tenant-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const reply = await (await fetch(`${server.baseURL}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body && JSON.stringify(body) })).json();
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Sends `bytes` as a new package to `phone`; resolves with the upload id. */
function send(bytes, name, phone, token) {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint: `${server.baseURL}${UPLOAD_PATH}`,
      chunkSize: 256 * 1024,
      metadata: { filename: name, targets: String(phone) },
      headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
      onError: reject,
      onSuccess: () => resolve(upload.url.split('/').pop()),
    });
    upload.start();
  });
}

/** Times an API call every 50 ms (each waits for the one before) until `stop()`; resolves with the slowest, in ms. */
function timeCalls(token) {
  let running = true;
  let slowest = 0;
  let calls = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await call('/api/device/user/phone/list?pageSize=10', undefined, token);
      slowest = Math.max(slowest, performance.now() - started);
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { slowest, calls };
  };
}

try {
  const owner = await call('/api/merchant/auth/login', { mobile: '13800138000', password: 'demo1234' });
  const other = await call('/api/merchant/auth/login', { mobile: '13800138000', password: 'demo1234' });
  const phones = await call('/api/device/user/phone/list?pageSize=50', undefined, owner.accessToken);
  const phone = phones.list.find((entry) => entry.name === 'Shop assistant').userPhoneId;
  for (const entry of ['manifest', 'icon'].filter((name) => !ONLY || name === ONLY)) {
    const bomb = await buildBombApk({ entry, inflatedBytes: INFLATED });
    const id = await send(bomb, `bomb-${entry}.apk`, phone, owner.accessToken);
    const before = status('VmRSS');
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, status('VmRSS'))), 20);
    const stopCalls = timeCalls(other.accessToken);
    const started = performance.now();
    await call('/api/device/file/verify', { uploadId: id, sha512: createHash('sha512').update(bomb).digest('hex') }, owner.accessToken);
    let file;
    for (;;) {
      file = (await call('/api/device/file/list', undefined, owner.accessToken)).list.find((row) => row.uploadId === id);
      if (file.state === 'failed' || (file.state === 'ready' && file.targets.every((target) => target.state === 'installed' || target.state === 'failed'))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    // A second more of calls and samples, for what the reading may leave behind.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { slowest, calls } = await stopCalls();
    clearInterval(sampler);
    const outcome = file.state === 'failed' ? `refused as ${file.failCode}` : `${file.state} (${file.packageName}, ${file.targets[0].state})`;
    console.log(
      `zip bomb (${entry}, ${mb(bomb.length)} MB inflating to ${mb(INFLATED)} MB): ${outcome} in ${seconds.toFixed(2)} s, server peak RSS ${mb(peak)} MB (before ${mb(before)} MB; ` +
        `VmHWM since start ${mb(status('VmHWM'))} MB), slowest API call ${slowest.toFixed(0)} ms of ${calls}`,
    );
    await call('/api/device/file/delete', { uploadId: id }, owner.accessToken);
  }
} finally {
  await server.stop();
}

// Stream benchmark (part of `npm run bench`): the phone view of the demo user (13800138000) on a 390x844 touch
// profile, against the reference stream server, over up to three links (`--link=loopback,emulated,proxy`, default
// all):
// - loopback: no throttling;
// - emulated: slow 3G by the browser's own emulation (CDP: 400 ms round trip, 50,000 bytes a second each way, as
//   boot-profile.mjs defines it) and 4x CPU;
// - proxy: the same slow 3G through test/throttle-proxy.mjs (the page is opened at the proxy's address, so the HTML,
//   the API and the WebSockets all cross it) and 4x CPU: a link the server's socket itself sits behind, whatever the
//   client and however a browser emulates (docs/benchmarks.md, "Stream on slow 3G", says how the two differ).
// For each link it prints the time from tapping a phone card to the first picture drawn; the time from a finger down
// on the status bar (which does nothing) to the first picture that shows the touch dot there, read from the canvas's
// pixels; while a finger drags for 8 s, the pictures drawn a second and the bytes a second arriving on WebSockets;
// the time from lifting that finger to the last picture (the backlog the user watches); and the most bytes the server
// held queued on a phone-stream socket meanwhile (GET /stream/api/stats). Nothing reads the stream's messages, so
// the same bench measures any stream protocol. Then the stream chunks' sizes, none of which the first screen may
// download.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { benchSetup, median } from './setup.mjs';
import { CPU_SLOWDOWN, NETWORK, PHONE, machine } from './boot-profile.mjs';
import { drag, fingerToFrame, logIn, pageInit, stageToolsInit, tapToFirstFrame } from './stream-page.mjs';
import { startThrottleProxy } from '../throttle-proxy.mjs';
import { firstScreenFiles } from '../../scripts/first-screen.mjs';
import { readManifest } from '../../scripts/boot-plan.mjs';

/** The default ("auto") definition the phone view asks for: at most 30 frames a second, 2048 kbps (shared/contract/stream-quality.ts). */
const STREAM_FPS = 30;
const DEFAULT_BITRATE_KBPS = 2048;
const DRAG = { dragMs: 8000, stepMs: 16, quietMs: 3000 };
const SLOW = { tapRuns: 3, taps: 20, timeoutMs: 20_000, fadeTimeoutMs: 20_000, capMs: 180_000, cpu: CPU_SLOWDOWN };
const LINKS = {
  loopback: { label: 'loopback, no throttling', tapRuns: 5, taps: 200, timeoutMs: 2000, fadeTimeoutMs: 2000, capMs: 30_000, cpu: 1 },
  emulated: { label: `slow 3G by the browser's emulation (${NETWORK.latency} ms, ${NETWORK.downloadThroughput / 1000} kB/s), ${CPU_SLOWDOWN}x CPU`, ...SLOW, emulate: true },
  proxy: { label: `slow 3G through the throttling proxy (${NETWORK.latency} ms, ${NETWORK.downloadThroughput / 1000} kB/s), ${CPU_SLOWDOWN}x CPU`, ...SLOW, proxy: true },
};
const DIST = new URL('../../dist/', import.meta.url).pathname;

const linkArg = process.argv.find((arg) => arg.startsWith('--link='));
const chosen = linkArg ? linkArg.slice('--link='.length).split(',') : Object.keys(LINKS);
for (const name of chosen) if (!LINKS[name]) throw new Error(`--link: unknown link "${name}" (known: ${Object.keys(LINKS).join(', ')})`);

const { server, browser, close } = await benchSetup();
const started = Date.now();
// Others' work on the machine moves these figures: the load average says how busy it was.
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
const loadAtStart = load();

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const sum = (values) => values.reduce((a, b) => a + b, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const thousands = (n) => Math.round(n).toLocaleString('en-US');

/**
 * Reads the server's own figures every 200 ms: the most bytes queued on one phone-stream socket, and when its count of
 * phone-stream sockets first fell (ms after the start: the server closed one). Null if it does not serve them.
 */
function watchServer() {
  const startedAt = Date.now();
  let most = 0;
  let served = true;
  let sockets;
  let firstDropAt = null;
  const read = async () => {
    try {
      const reply = await (await fetch(`${server.baseURL}/stream/api/stats`, { headers: { 'tenant-id': '1' } })).json();
      const data = reply?.data;
      if (typeof data?.maxBufferedBytes !== 'number') return void (served = false);
      most = Math.max(most, data.maxBufferedBytes);
      if (sockets !== undefined && data.sockets < sockets && firstDropAt === null) firstDropAt = Date.now() - startedAt;
      sockets = data.sockets;
    } catch {
      served = false;
    }
  };
  const timer = setInterval(read, 200);
  return async () => {
    clearInterval(timer);
    await read();
    return served ? { mostQueued: most, firstDropAt } : null;
  };
}

async function measureLink(name) {
  const link = LINKS[name];
  const { port } = new URL(server.baseURL);
  const proxy = link.proxy
    ? await startThrottleProxy({ target: { host: '127.0.0.1', port: Number(port) }, latencyMs: NETWORK.latency, bytesPerSecond: NETWORK.downloadThroughput })
    : null;
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2, serviceWorkers: 'block' });
  try {
    await context.addInitScript(pageInit);
    await context.addInitScript(stageToolsInit);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (link.emulate) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
    }
    if (link.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: link.cpu });
    await logIn(page, proxy?.url ?? server.baseURL);

    const firstFrames = [];
    for (let run = 1; run <= link.tapRuns; run++) {
      if (run > 1) {
        await page.goBack();
        await page.waitForURL(/\/app\/demo$/);
      }
      // The first tap, as a new user's: after logging in, once the list has gone idle and fetched phone-view ahead.
      const ms = await tapToFirstFrame(page, { afterIdle: run === 1 });
      firstFrames.push(ms);
      console.log(`${name} run ${run}: tap → first frame ${ms.toFixed(0)} ms${run === 1 ? ' (first tap after logging in, the list idle)' : ''}`);
    }
    await page.locator('[data-testid="stream-stage"][data-state="playing"]').waitFor({ timeout: 60_000 });
    const frameSize = await page.locator('[data-testid="stream-stage"]').evaluate((el) => `${el.dataset.frameWidth}x${el.dataset.frameHeight}`);
    const taps = await fingerToFrame(page, link);
    console.log(`${name}: ${link.taps} taps done`);

    const watching = watchServer();
    const proxyBefore = proxy?.stats();
    const dragged = await drag(page, { ...DRAG, capMs: link.capMs });
    const serverSide = await watching();
    const proxyAfter = proxy?.stats();
    return { name, link, frameSize, firstFrames, taps, dragged, serverSide, proxy: proxyAfter && { before: proxyBefore, after: proxyAfter } };
  } finally {
    await context.close();
    await proxy?.stop();
  }
}

function report(r) {
  const { link, taps, dragged } = r;
  const lines = [`stream, demo phone ${r.frameSize}, 390x844 touch profile, ${link.label}:`];
  const cold = r.firstFrames.length > 1 ? `first run ${r.firstFrames[0].toFixed(0)} ms, the first tap after logging in` : 'the first tap after logging in';
  lines.push(`  tap → first frame:       ${median(r.firstFrames).toFixed(0)} ms (median of ${r.firstFrames.length}; ${cold})`);
  if (taps.latencies.length) {
    lines.push(
      `  input → frame latency:   p50 ${percentile(taps.latencies, 50).toFixed(1)} ms, p95 ${percentile(taps.latencies, 95).toFixed(1)} ms, ` +
        `max ${Math.max(...taps.latencies).toFixed(1)} ms over ${link.taps} taps, ${taps.misses} missed (no picture with the dot in ${link.timeoutMs} ms); ` +
        `server caps frames at ${STREAM_FPS} fps${taps.fadesMissed ? `; ${taps.fadesMissed} fades not seen within ${link.fadeTimeoutMs} ms` : ''}`,
    );
  } else lines.push(`  input → frame latency:   no picture showed the dot after any of ${link.taps} taps (stage ${taps.state})`);
  const dragBytes = sum(Object.values(dragged.dragBytes));
  const paths = Object.keys(dragged.dragBytes).join(', ') || 'no WebSocket';
  const kbps = (dragBytes * 8) / 1000 / dragged.dragSeconds;
  lines.push(
    `  dragging ${dragged.dragSeconds.toFixed(1)} s:          ${(dragged.dragFrames / dragged.dragSeconds).toFixed(1)} pictures/s drawn, ` +
      `${thousands(kbps)} kbps received (${paths}; the default definition's ceiling is ${thousands(DEFAULT_BITRATE_KBPS)} kbps), ${dragged.moves} moves`,
  );
  lines.push(
    `  finger up → last picture: ${(dragged.upToLastPicture / 1000).toFixed(2)} s${dragged.stillDrawing ? ` (still drawing after ${link.capMs / 1000} s)` : ''}; ` +
      `${dragged.framesAfterUp} pictures drawn and ${kb(sum(Object.values(dragged.afterUpBytes)))} received after the finger lifted; stage ${dragged.state}`,
  );
  const closes = dragged.closes.map((close) => `${close.path} closed with ${close.code} ${(close.afterUp / 1000).toFixed(1)} s after the up`);
  if (dragged.socketsOpened || closes.length) lines.push(`  reconnects:              ${dragged.socketsOpened} WebSockets opened during the drag and after; ${closes.join('; ') || 'none closed'}`);
  const closedAt = r.serverSide?.firstDropAt;
  lines.push(
    r.serverSide === null
      ? '  server queue:            not served (GET /stream/api/stats)'
      : `  server queue:            at most ${kb(r.serverSide.mostQueued)} queued on one phone-stream socket during the drag and after (ws bufferedAmount)` +
          (closedAt === null ? '' : `; a phone-stream socket ended on the server about ${((closedAt - dragged.dragSeconds * 1000) / 1000).toFixed(1)} s after the up`),
  );
  if (r.proxy) {
    const { before, after } = r.proxy;
    lines.push(
      `  proxy:                   ${kb(after.down.bytes - before.down.bytes)} down, ${kb(after.up.bytes - before.up.bytes)} up during the drag and after; ` +
        `its down queue held at most ${kb(after.down.maxQueued)} (buffer 16 KB + one read); ${after.connections} connections in all`,
    );
  }
  return lines;
}

function chunkSizes() {
  const manifest = readManifest(DIST);
  const firstScreen = new Set(firstScreenFiles(DIST));
  const byName = (name) => Object.values(manifest).find((entry) => entry.name === name && entry.isDynamicEntry);
  const files = [];
  for (const name of ['stream-sdk', 'phone-view', 'stream-zh-CN', 'stream-en-US']) {
    const entry = byName(name);
    if (!entry) throw new Error(`no "${name}" chunk in the build manifest`);
    files.push(entry.file, ...(entry.css ?? []));
  }
  // Anything else named like a stream chunk (a split the manifest names differently) is listed too.
  for (const file of readdirSync(`${DIST}assets`)) {
    if (/^(stream-|phone-view-).*\.(js|css)$/.test(file) && !files.includes(`assets/${file}`)) files.push(`assets/${file}`);
  }
  return files.map((file) => {
    const raw = readFileSync(DIST + file);
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, inFirstScreen: firstScreen.has(file) };
  });
}

try {
  const results = [];
  for (const name of chosen) results.push(await measureLink(name));

  console.log(`${machine()}; load average ${loadAtStart} at the start, ${load()} at the end (1, 5, 15 min)`);
  for (const r of results) console.log(report(r).join('\n'));

  const sizes = chunkSizes();
  const leaked = sizes.filter((s) => s.inFirstScreen);
  for (const s of sizes) console.log(`  ${s.file.replace('assets/', '').padEnd(30)} ${kb(s.raw).padStart(9)} raw, ${kb(s.gzip).padStart(8)} gzip`);
  console.log(`  stream chunks total:     ${kb(sum(sizes.map((s) => s.gzip)))} gzip`);
  console.log(
    leaked.length
      ? `  first screen: INCLUDES ${leaked.map((s) => s.file).join(', ')}`
      : `  first screen: none of these ${sizes.length} files is in the first-screen closure`,
  );

  console.log('summary        tap→picture   finger→frame p50 / p95   pictures/s   up→last picture   kbps dragging   server queue');
  for (const r of results) {
    const l = r.taps.latencies;
    const cells = [
      r.name.padEnd(14),
      `${median(r.firstFrames).toFixed(0)} ms`.padStart(11),
      (l.length ? `${percentile(l, 50).toFixed(0)} / ${percentile(l, 95).toFixed(0)} ms` : 'none').padStart(24),
      (r.dragged.dragFrames / r.dragged.dragSeconds).toFixed(1).padStart(12),
      `${(r.dragged.upToLastPicture / 1000).toFixed(1)} s${r.dragged.stillDrawing ? '+' : ''}`.padStart(17),
      thousands((sum(Object.values(r.dragged.dragBytes)) * 8) / 1000 / r.dragged.dragSeconds).padStart(15),
      (r.serverSide === null ? 'n/a' : kb(r.serverSide.mostQueued)).padStart(14),
    ];
    console.log(cells.join(' '));
  }
  console.log(`  (bench ran ${((Date.now() - started) / 1000).toFixed(1)} s after setup)`);
  if (leaked.length) process.exitCode = 1;
} finally {
  await close();
}

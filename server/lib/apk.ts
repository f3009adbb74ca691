import { Worker } from 'node:worker_threads';
import { ApkRefused, type ApkManifest } from './apk-read.mjs';

// An uploaded package is read off the event loop (server/API.md "Files"): each in a worker thread of its own
// (apk-worker.mjs, reading with apk-read.mjs's bounds) with a memory cap, ended when it passes its time limit.
// At most READERS_AT_ONCE run at a time and the rest wait their turn, so packages sent together cannot add up their
// memory or their processor time; a worker's memory goes back to the system when it ends.

export { ApkRefused, type ApkManifest } from './apk-read.mjs';

/** A package not read in this long is refused (real ones are read in well under a second). */
export const APK_READ_MS = 10_000;
/** Packages read at once; the others wait. */
export const READERS_AT_ONCE = 2;
/** The worker's own heap: the reader keeps at most a couple of MB of inflated bytes and the parsed manifest. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
const WORKER_FILE = new URL('./apk-worker.mjs', import.meta.url);

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `read` when a reader is free; the turn passes on once it has settled. */
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  if (running < READERS_AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

type WorkerReply = { ok: true; manifest: Omit<ApkManifest, 'iconPng'> & { iconPng: Uint8Array | null } } | { ok: false; reason: string };

/** One worker, one package: settled by its reply, its failure (memory cap included) or the time limit, and ended. */
function readInWorker(file: string, timeLimitMs: number): Promise<ApkManifest> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: { file }, resourceLimits: WORKER_LIMITS, execArgv: [] });
    let settled = false;
    // The promise settles once the worker is gone, so the next one starts only then.
    const settle = (outcome: ApkManifest | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().finally(() => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
    };
    const timer = setTimeout(() => settle(new ApkRefused(`not read within ${timeLimitMs} ms`)), timeLimitMs);
    worker.once('message', (reply: WorkerReply) => {
      if (!reply.ok) return settle(new ApkRefused(reply.reason));
      const icon = reply.manifest.iconPng;
      settle({ ...reply.manifest, iconPng: icon ? Buffer.from(icon.buffer, icon.byteOffset, icon.byteLength) : null });
    });
    worker.once('error', (error) => settle(new ApkRefused(`reader failed: ${error.message}`)));
    worker.once('exit', (code) => settle(new ApkRefused(`reader ended (${code}) without an answer`)));
  });
}

/** The package's manifest; rejects (ApkRefused) when it is not a package that can be read within the bounds. */
export function readApkManifest(file: string, options: { timeLimitMs?: number } = {}): Promise<ApkManifest> {
  return inTurn(() => readInWorker(file, options.timeLimitMs ?? APK_READ_MS));
}

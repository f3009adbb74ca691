import { Worker } from 'node:worker_threads';
import { ApkRefused, type ApkManifest } from './apk-read.mjs';
import { ReaderTurns } from './reader-turns.ts';

// An uploaded package is read off the event loop (server/API.md "Files"): each in a worker thread of its own
// (apk-worker.mjs, reading with apk-read.mjs's bounds) with a memory cap, ended when it passes its time limit.
// Reads take turns (reader-turns.ts): READERS_AT_ONCE at a time and one per user, so packages sent together cannot
// add up their memory or their processor time and one account cannot hold the others back; a worker's memory goes
// back to the system when it ends.

export { ApkRefused, type ApkManifest } from './apk-read.mjs';
export { ReaderBusy } from './reader-turns.ts';

/** A package not read in this long is refused (real ones are read in well under a second). */
export const APK_READ_MS = 10_000;
/** Packages read at once; the others wait. */
export const READERS_AT_ONCE = 2;
/** A package is settled within this long of being queued: one whose turn has not come in time is refused as busy. */
export const APK_DEADLINE_MS = 60_000;
/** Packages waiting for a reader, in all and of one user; past either, a package is refused at once as busy. */
export const APK_WAITING = 32;
export const APK_WAITING_PER_USER = 4;
/** The worker's own heap: the reader keeps at most a couple of MB of inflated bytes and the parsed manifest. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
const WORKER_FILE = new URL('./apk-worker.mjs', import.meta.url);

const turns = new ReaderTurns({ readersAtOnce: READERS_AT_ONCE, maxWaiting: APK_WAITING, maxWaitingPerUser: APK_WAITING_PER_USER });

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
      // A failed termination leaves the outcome as it is (the worker is gone or going either way).
      worker
        .terminate()
        .catch(() => undefined)
        .then(() => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
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

/**
 * The package's manifest, read in `userId`'s turn; rejects with ApkRefused when it is not a package that can be read
 * within the bounds, and with ReaderBusy when the readers are too busy to read it by its deadline.
 */
export function readApkManifest(file: string, options: { userId: number; timeLimitMs?: number }): Promise<ApkManifest> {
  const timeLimitMs = options.timeLimitMs ?? APK_READ_MS;
  return turns.run(options.userId, Math.max(0, APK_DEADLINE_MS - timeLimitMs), () => readInWorker(file, timeLimitMs));
}

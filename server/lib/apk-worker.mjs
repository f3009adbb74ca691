// @ts-check
// The worker thread that reads one uploaded package (lib/apk.ts starts it; apk-read.mjs reads within bounds): it
// answers one message, `{ok: true, manifest}` or `{ok: false, reason}`, and is then ended by its parent.
import { parentPort, workerData } from 'node:worker_threads';
import { readApkBounded } from './apk-read.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
  const manifest = await readApkBounded(/** @type {{ file: string }} */ (workerData).file);
  // The icon gets a buffer of its own, which is moved to the parent rather than copied again.
  const icon = manifest.iconPng ? new Uint8Array(manifest.iconPng) : null;
  port.postMessage({ ok: true, manifest: { ...manifest, iconPng: icon } }, icon ? [icon.buffer] : []);
} catch (error) {
  port.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) });
}

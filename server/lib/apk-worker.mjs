// The worker thread that reads one uploaded package (lib/apk.ts starts it, lib/apk-read.ts reads): it answers one
// message, `{ok: true, manifest}` or `{ok: false, reason}`, and is ended by its parent. It is plain JavaScript because a
// worker does not inherit the parent's TypeScript loader; it loads the reader through tsx's own import.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

try {
  const { readApkBounded } = await tsImport('./apk-read.ts', import.meta.url);
  const manifest = await readApkBounded(workerData.file);
  const icon = manifest.iconPng ? new Uint8Array(manifest.iconPng) : null;
  parentPort.postMessage({ ok: true, manifest: { ...manifest, iconPng: icon } }, icon ? [icon.buffer] : []);
} catch (error) {
  parentPort.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) });
}

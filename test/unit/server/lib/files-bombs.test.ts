import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { readApkManifest } from '../../../../server/lib/apk.ts';
import type { Installer } from '../../../../server/lib/uploads.ts';
import { announceSize, buildApk, buildBombApk } from '../../../apk-builder.mjs';
import { demo, phoneId } from '../device-helpers.ts';
import { tusClient, uploadFolder, uploadIdOf } from '../upload-helpers.ts';

// Packages built to hurt the server (server/API.md "Files"): a manifest or an icon a thousand times larger inflated
// than sent, and a zip whose directory lies about a size. Each is refused within its bound, read in a worker thread,
// so the server's own heap and buffers hardly move while it is read.

const FILES = '/api/device/file';
const MiB = 1024 ** 2;
/**
 * More than the server's heap and buffers may grow while one package is read (about 4 MiB is usual: the requests, and
 * what the collector has not taken yet): half the bomb, which the server must never hold.
 */
const GROWTH_LIMIT_MIB = 16;
const folder = uploadFolder();
process.on('exit', () => folder.remove());

// Built once: yazl's checksum of 32 MiB takes a fraction of a second. The manifest is well formed all along (empty
// chunks to its announced end), so only its size can refuse it.
const manifestBomb = buildBombApk({ entry: 'manifest', inflatedBytes: 32 * MiB, filler: 'chunks', framed: true });
const iconBomb = buildBombApk({ entry: 'icon', inflatedBytes: 32 * MiB });

async function server() {
  const installed: Array<{ packageName: string; icon: boolean }> = [];
  const install: Installer = (_phone, app) => void installed.push({ packageName: app.packageName, icon: app.iconPng !== null });
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, install, quotaBytes: 10 ** 9 } });
  return { ...ctx, installed, tus: tusClient(ctx.app, ctx.token) };
}

/** The main thread's heap and buffers at their highest while `run` runs, above where they were, in MiB. */
async function growthWhile<T>(run: () => Promise<T>): Promise<{ result: T; growthMib: number }> {
  const used = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const before = used();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 1);
  try {
    const result = await run();
    return { result, growthMib: (Math.max(peak, used()) - before) / MiB };
  } finally {
    clearInterval(sampler);
  }
}

/** Uploads `bytes`, asks for the check, and waits (ten seconds at most) for the file and its phone to be done. */
async function uploadAndSettle(s: Awaited<ReturnType<typeof server>>, bytes: Buffer): Promise<any> {
  const created = await s.tus.create('package.apk', bytes.length, [await phoneId(s, 'Shop assistant')]);
  await s.tus.patch(created.location, 0, bytes);
  const uploadId = uploadIdOf(created.location);
  await s.call(`${FILES}/verify`, { body: { uploadId, sha512: createHash('sha512').update(bytes).digest('hex') } });
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const file = (await s.call(`${FILES}/list`)).data.list.find((entry: any) => entry.uploadId === uploadId);
    if (file.state === 'failed' || (file.state === 'ready' && file.targets.every((target: any) => target.state === 'installed' || target.state === 'failed'))) return file;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.unreachable(`upload ${uploadId} did not settle`);
}

test('a manifest that inflates to 32 MiB from 64 KB is refused as "package parse error" without the heap growing; it can be deleted', async () => {
  const s = await server();
  const bomb = await manifestBomb;
  assert.ok(bomb.length < 100 * 1024, `the bomb is small: ${bomb.length} bytes`);
  const { result: file, growthMib } = await growthWhile(async () => await uploadAndSettle(s, bomb));
  assert.equal([file.state, file.failCode], ['failed', ErrorCode.FILE_PARSE_ERROR]);
  assert.ok(growthMib < GROWTH_LIMIT_MIB, `heap and buffers grew by ${growthMib.toFixed(1)} MiB`);
  assert.is(s.installed.length, 0);
  assert.is((await s.call(`${FILES}/delete`, { body: { uploadId: file.uploadId } })).code, 0);
});

test('a manifest whose directory announces 4 KB but inflates to 32 MiB is refused while it is inflated', async () => {
  const s = await server();
  const bytes = announceSize(await manifestBomb, 'AndroidManifest.xml', 4096);
  const { result: file, growthMib } = await growthWhile(async () => await uploadAndSettle(s, bytes));
  assert.equal([file.state, file.failCode], ['failed', ErrorCode.FILE_PARSE_ERROR]);
  assert.ok(growthMib < GROWTH_LIMIT_MIB, `heap and buffers grew by ${growthMib.toFixed(1)} MiB`);
});

test('a manifest followed by zeros within its bound is read up to its own size (the parser would spin on the zeros)', async () => {
  const s = await server();
  const file = await uploadAndSettle(s, await buildBombApk({ entry: 'manifest', inflatedBytes: 256 * 1024, filler: 'zeros' }));
  assert.equal([file.state, file.packageName, file.label, file.targets[0].state], ['ready', 'com.example.bomb', 'Bomb', 'installed']);
});

test('an icon that inflates to 32 MiB is left out without the heap growing: the package is read and installed without an icon', async () => {
  const s = await server();
  const { result: file, growthMib } = await growthWhile(async () => await uploadAndSettle(s, await iconBomb));
  assert.equal([file.state, file.packageName, file.targets[0].state], ['ready', 'com.example.bomb', 'installed']);
  assert.ok(growthMib < GROWTH_LIMIT_MIB, `heap and buffers grew by ${growthMib.toFixed(1)} MiB`);
  assert.equal(s.installed, [{ packageName: 'com.example.bomb', icon: false }]);
});

test('a package not read within its time limit is refused (its worker is ended); several asked at once are each read', async () => {
  const file = join(folder.dir, 'plain.apk');
  writeFileSync(file, await buildApk({ packageName: 'com.example.plain' }));
  try {
    await readApkManifest(file, { userId: 1, timeLimitMs: 1 });
    assert.unreachable('read in 1 ms');
  } catch (error) {
    assert.equal([(error as Error).name, (error as Error).message], ['ApkRefused', 'not read within 1 ms']);
  }
  const read = await Promise.all([1, 2, 3].map((userId) => readApkManifest(file, { userId })));
  assert.equal(read.map((manifest) => [manifest.packageName, manifest.iconPng !== null]), [1, 2, 3].map(() => ['com.example.plain', true]));
});

test.run();

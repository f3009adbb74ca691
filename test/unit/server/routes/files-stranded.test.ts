import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { createApp } from '../../../../server/app.ts';
import { fileRoutes } from '../../../../server/routes/files.ts';
import { UPLOAD_WORK_MS } from '../../../../server/lib/upload-work.ts';
import { installApp } from '../../../../server/lib/phone-apps.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { demo, directDeps, phoneId } from '../device-helpers.ts';
import { tusClient, uploadFolder, uploadIdOf } from '../upload-helpers.ts';

// Uploads a stopped server left in a step (server/API.md "Files"): the bytes and the states are kept, so the next
// server on the same database takes each up where it was (a single server as it starts; beside other instances, once
// the stopped one's hold on it lapses), and nothing is installed twice.

const FILES = '/api/device/file';
const folder = uploadFolder();
process.on('exit', () => folder.remove());
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

/** A server that stopped: its uploads with all their bytes in, then put in the states given as it left them. */
async function leftBehind(names: string[]) {
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9 } });
  const tus = tusClient(ctx.app, ctx.token);
  const phones = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Game farm 1')];
  const ids: string[] = [];
  for (const name of names) {
    const apk = await buildApk({ packageName: `com.example.${name}` });
    const created = await tus.create(`${name}.apk`, apk.length, phones);
    await tus.patch(created.location, 0, apk);
    const id = uploadIdOf(created.location);
    await ctx.db.run("UPDATE uploads SET sha512 = ?, worker = 'stopped', worker_until = ? WHERE id = ?", sha512(apk), ctx.now() + UPLOAD_WORK_MS, id);
    ids.push(id);
  }
  const list = async () => (await ctx.call(`${FILES}/list`)).data.list as any[];
  const file = async (id: string) => (await list()).find((entry) => entry.uploadId === id);
  /** Waits until every target of the upload is done (installed or failed). */
  const finished = async (id: string) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
      const entry = await file(id);
      if (entry.state === 'failed' || (entry.state === 'ready' && entry.targets.every((target: any) => target.state === 'installed' || target.state === 'failed'))) return entry;
    }
    assert.unreachable(`${id} not finished`);
  };
  const apps = async (phone: number) => await ctx.db.column('SELECT package_name FROM phone_apps WHERE phone_id = ? ORDER BY package_name', phone);
  return { ctx, phones, ids, list, file, finished, apps };
}

test('a server starting takes up the uploads the one before it left checking, reading or installing', async () => {
  const left = await leftBehind(['checked', 'read', 'installing']);
  const { ctx, phones, ids: [checked, read, installing] } = left as typeof left & { ids: [string, string, string] };
  await ctx.db.run("UPDATE uploads SET state = 'verifying' WHERE id = ?", checked);
  await ctx.db.run("UPDATE uploads SET state = 'parsing' WHERE id = ?", read);
  // Read before the stop, one phone pushed, the other caught installing after its install was done.
  await ctx.db.run("UPDATE uploads SET state = 'ready', package_name = 'com.example.installing' WHERE id = ?", installing);
  await ctx.db.run("UPDATE upload_targets SET state = 'pushed' WHERE upload_id = ? AND phone_id = ?", installing, phones[0]);
  await ctx.db.run("UPDATE upload_targets SET state = 'installing', updated_at = ? WHERE upload_id = ? AND phone_id = ?", ctx.now() - 10, installing, phones[1]);
  await ctx.db.run(`INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, size_bytes, installed_at)
    VALUES (?, 'com.example.installing', 'Installing', '1.0', 1, 100, ?)`, phones[1], ctx.now());
  for (const id of left.ids) assert.is((await ctx.call(`${FILES}/delete`, { body: { uploadId: id } })).code, ErrorCode.FILE_INSTALLING, `${id} busy`);

  // The next server on the same database, with the same folder; its first request waits for the start-up work.
  createApp({ db: ctx.db, distDir: '/nonexistent-dist', now: ctx.now, log: () => {}, logError: () => {}, checkReplies: true, uploads: { dir: folder.dir, stepMs: 5 } });
  for (const id of left.ids) {
    const file = await left.finished(id);
    assert.equal([file.state, file.failCode], ['ready', 0], id);
    assert.equal(file.targets.map((target: any) => target.state), ['installed', 'installed'], id);
  }
  // Each package once on each phone: the one installed before the stop was not installed again.
  for (const phone of phones) assert.equal(await left.apps(phone), ['com.example.checked', 'com.example.installing', 'com.example.read']);
  for (const deadline = Date.now() + 2000; left.ids.some((id) => existsSync(join(folder.dir, id))) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const id of left.ids) assert.not.ok(existsSync(join(folder.dir, id)), `${id}: bytes removed once installed`);
});

test('a file left checking without the browser\'s SHA-512 fails, and can be deleted', async () => {
  const left = await leftBehind(['unsigned']);
  const { ctx } = left;
  const [id] = left.ids as [string];
  await ctx.db.run("UPDATE uploads SET state = 'verifying', sha512 = '' WHERE id = ?", id);
  createApp({ db: ctx.db, distDir: '/nonexistent-dist', now: ctx.now, log: () => {}, logError: () => {}, checkReplies: true, uploads: { dir: folder.dir, stepMs: 5 } });
  const file = await left.finished(id);
  assert.equal([file.state, file.failCode], ['failed', ErrorCode.SERVER_ERROR]);
  assert.is((await ctx.call(`${FILES}/delete`, { body: { uploadId: id } })).code, 0);
});

test('beside other instances, an upload is taken up only once its instance\'s hold lapses, and by one instance', async () => {
  const left = await leftBehind(['held']);
  const { ctx, phones } = left;
  const [id] = left.ids as [string];
  await ctx.db.run("UPDATE uploads SET state = 'ready', package_name = 'com.example.held' WHERE id = ?", id);
  await ctx.db.run("UPDATE upload_targets SET state = 'pushing' WHERE upload_id = ?", id);
  const deps = directDeps(ctx);
  const others = [0, 1].map((n) => fileRoutes(deps, { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9, shared: true, worker: `instance ${n}`, install: (phone, app) => installApp(deps, phone, app) }));
  await Promise.all(others.map((other) => other.started));
  await Promise.all(others.map((other) => other.takeUp()));
  assert.equal((await left.file(id)).targets.map((target: any) => target.state), ['pushing', 'pushing'], 'still held by its instance');

  ctx.advance(UPLOAD_WORK_MS);
  await Promise.all(others.map((other) => other.takeUp()));
  const file = await left.finished(id);
  assert.equal(file.targets.map((target: any) => target.state), ['installed', 'installed']);
  for (const phone of phones) assert.equal(await left.apps(phone), ['com.example.held']);
  assert.match(await ctx.db.value('SELECT worker FROM uploads WHERE id = ?', id) as string, /^instance [01]$/);
});

test('a server starting beside uploads still coming in, or done, leaves them as they are', async () => {
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9, install: () => {} } });
  const tus = tusClient(ctx.app, ctx.token);
  const phone = await phoneId(ctx, 'Shop assistant');
  const coming = await tus.create('coming.apk', 1000, [phone]);
  await tus.patch(coming.location, 0, Buffer.alloc(400));
  const done = await tus.create('done.apk', 1000, [phone]);
  await ctx.db.run("UPDATE uploads SET state = 'ready' WHERE id = ?", uploadIdOf(done.location));
  await ctx.db.run("UPDATE upload_targets SET state = 'installed' WHERE upload_id = ?", uploadIdOf(done.location));
  const next = createApp({ db: ctx.db, distDir: '/nonexistent-dist', now: ctx.now, log: () => {}, logError: () => {}, checkReplies: true, uploads: { dir: folder.dir, stepMs: 5 } });
  // Its first request waits for the start-up work.
  await next.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  const list = (await ctx.call(`${FILES}/list`)).data.list as any[];
  assert.equal(list.map((file) => [file.fileName, file.state, file.targets[0].state]).sort(), [['coming.apk', 'uploading', 'waiting'], ['done.apk', 'ready', 'installed']]);
  assert.ok(existsSync(join(folder.dir, uploadIdOf(coming.location))), 'its bytes are kept');
});

test.run();

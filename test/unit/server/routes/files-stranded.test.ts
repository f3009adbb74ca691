import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { createApp } from '../../../../server/app.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { demo, phoneId } from '../device-helpers.ts';
import { tusClient, uploadFolder, uploadIdOf } from '../upload-helpers.ts';

// Uploads a stopped server left in a step (server/API.md "Files"): the next server, as it is created on the same
// database, fails them, so their owner can delete them rather than wait for the daily sweep.

const FILES = '/api/device/file';
const folder = uploadFolder();
process.on('exit', () => folder.remove());

test('uploads left verifying, parsing or installing by a stop fail as the next server starts, and can then be deleted', async () => {
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9, install: () => {} } });
  const tus = tusClient(ctx.app, ctx.token);
  const phones = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Game farm 1')];
  const apk = await buildApk();
  const ids: string[] = [];
  for (const name of ['checked.apk', 'read.apk', 'installed.apk']) {
    const created = await tus.create(name, apk.length, phones);
    await tus.patch(created.location, 0, apk);
    ids.push(uploadIdOf(created.location));
  }
  const [checked, read, installing] = ids as [string, string, string];
  await ctx.db.run('UPDATE uploads SET state = ? WHERE id = ?', 'verifying', checked);
  await ctx.db.run('UPDATE uploads SET state = ? WHERE id = ?', 'parsing', read);
  await ctx.db.run('UPDATE uploads SET state = ? WHERE id = ?', 'ready', installing);
  await ctx.db.run('UPDATE upload_targets SET state = ? WHERE upload_id = ? AND phone_id = ?', 'installed', installing, phones[0]);
  await ctx.db.run('UPDATE upload_targets SET state = ? WHERE upload_id = ? AND phone_id = ?', 'installing', installing, phones[1]);
  for (const id of ids) assert.is((await ctx.call(`${FILES}/delete`, { body: { uploadId: id } })).code, ErrorCode.FILE_INSTALLING, `${id} busy before`);

  // The next server on the same database.
  const next = createApp({ db: ctx.db, distDir: '/nonexistent-dist', now: ctx.now, log: () => {}, logError: () => {}, checkReplies: true, uploads: { dir: folder.dir, stepMs: 5 } });
  // Its first request waits for the start-up work.
  await next.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  const list = (await ctx.call(`${FILES}/list`)).data.list as any[];
  const byId = (id: string) => list.find((file) => file.uploadId === id);
  for (const id of [checked, read]) {
    assert.equal([byId(id).state, byId(id).failCode], ['failed', ErrorCode.SERVER_ERROR], id);
    assert.equal(byId(id).targets.map((target: any) => target.state), ['failed', 'failed']);
  }
  assert.is(byId(installing).state, 'ready', 'read before the stop: the file itself did not fail');
  assert.equal(byId(installing).targets.map((target: any) => [target.state, target.failCode]), [['installed', 0], ['failed', ErrorCode.SERVER_ERROR]]);
  // Their bytes go behind the start.
  for (const deadline = Date.now() + 2000; ids.some((id) => existsSync(join(folder.dir, id))) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const id of ids) assert.not.ok(existsSync(join(folder.dir, id)), `${id}: bytes removed`);
  for (const id of ids) assert.is((await ctx.call(`${FILES}/delete`, { body: { uploadId: id } })).code, 0, `${id} deleted after`);
  assert.equal((await ctx.call(`${FILES}/list`)).data.list, []);
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

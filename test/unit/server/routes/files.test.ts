import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { MAX_FILE_BYTES } from '../../../../shared/contract/file-words.ts';
import { apiError } from '../../../../server/lib/errors.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { demo, directDeps, phoneId, SCALE_MOBILE } from '../device-helpers.ts';
import { fileRoutes, UPLOAD_IDLE_MS, UPLOAD_KEPT_MS } from '../../../../server/routes/files.ts';
import { recordingInstaller, tusClient, uploadFolder, uploadIdOf } from '../upload-helpers.ts';

// Files uploaded to install on phones (server/API.md "Files"): tus creation with its refusals (kind, size, phones,
// how many at once, quota), resuming from the server's offset, the SHA-512 check, the package's manifest, each
// phone's states to installed (or its refusal), deleting, and the bytes removed once done.

const FILES = '/api/device/file';
// One folder for the file's tests, removed as the process ends: each server's file store creates its folder in the
// background as it starts (a callback with no handle to wait for), which must not find it gone.
const folder = uploadFolder();
process.on('exit', () => folder.remove());

async function server(options: { quotaBytes?: number; stepMs?: number; refuse?: Parameters<typeof recordingInstaller>[0] } = {}) {
  const installer = recordingInstaller(options.refuse);
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: options.stepMs ?? 5, install: installer.install, quotaBytes: options.quotaBytes ?? 10 * 1024 ** 3 } });
  return { ...ctx, installer, tus: tusClient(ctx.app, ctx.token) };
}

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

/** Polls the list until the upload reaches a state where `done` holds (for ten seconds at most). */
async function settled(call: Awaited<ReturnType<typeof server>>['call'], uploadId: string, done: (file: any) => boolean) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const file = (await call(`${FILES}/list`)).data.list.find((entry: any) => entry.uploadId === uploadId);
    if (file && done(file)) return file;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.unreachable(`upload ${uploadId} did not settle`);
}

const finished = (file: any) => file.state === 'failed' || (file.state === 'ready' && file.targets.every((target: any) => target.state === 'installed' || target.state === 'failed'));

test('an APK sent in two pieces, checked and read, is installed on both phones; its bytes are then removed', async () => {
  const s = await server();
  const phones = [await phoneId(s, 'Shop assistant'), await phoneId(s, 'Game farm 1')];
  const apk = await buildApk({ packageName: 'com.example.notes', label: 'Notes', versionName: '2.0', fillerBytes: 40_000 });
  const created = await s.tus.create('notes.apk', apk.length, phones);
  assert.is(created.status, 201);
  const half = Math.floor(apk.length / 2);
  assert.is((await s.tus.patch(created.location, 0, apk.subarray(0, half))).offset, half);
  // A reload: the browser asks where to go on, and sends only the rest.
  assert.is((await s.tus.head(created.location)).offset, half);
  assert.is((await s.tus.patch(created.location, half, apk.subarray(half))).offset, apk.length);
  const id = uploadIdOf(created.location);
  const verified = await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } });
  assert.is(verified.code, 0, verified.msg);
  assert.is(verified.data.state, 'verifying');
  const file = await settled(s.call, id, finished);
  assert.equal([file.state, file.packageName, file.label, file.versionName], ['ready', 'com.example.notes', 'Notes', '2.0']);
  assert.equal(file.targets.map((target: any) => target.state), ['installed', 'installed']);
  assert.equal(s.installer.installed.map((entry) => entry.phoneId).sort(), [...phones].sort());
  // Removed just after the last phone is done.
  for (const deadline = Date.now() + 5000; existsSync(join(folder.dir, id)) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.not.ok(existsSync(join(folder.dir, id)), 'the bytes are not kept after the install');
});

test('a file whose SHA-512 does not match is refused and removed; nothing is installed', async () => {
  const s = await server();
  const apk = await buildApk();
  const created = await s.tus.create('hello.apk', apk.length, [await phoneId(s, 'Shop assistant')]);
  await s.tus.patch(created.location, 0, apk);
  const id = uploadIdOf(created.location);
  await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(Buffer.from('something else')) } });
  const file = await settled(s.call, id, finished);
  assert.equal([file.state, file.failCode], ['failed', ErrorCode.FILE_SHA512_MISMATCH]);
  assert.equal(file.targets.map((target: any) => target.failCode), [ErrorCode.FILE_SHA512_MISMATCH]);
  assert.is(s.installer.installed.length, 0);
  assert.not.ok(existsSync(join(folder.dir, id)));
});

test('a file that is not a readable package fails with "package parse error"', async () => {
  const s = await server();
  const bytes = Buffer.from('PK this is not really a zip at all');
  const created = await s.tus.create('broken.apk', bytes.length, [await phoneId(s, 'Shop assistant')]);
  await s.tus.patch(created.location, 0, bytes);
  const id = uploadIdOf(created.location);
  await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(bytes) } });
  const file = await settled(s.call, id, finished);
  assert.equal([file.state, file.failCode], ['failed', ErrorCode.FILE_PARSE_ERROR]);
});

test('creation refuses another kind of file, more than 2 GB, a phone not the caller\'s, a 4th file at once, and past the quota', async () => {
  const s = await server({ quotaBytes: 1000 });
  const mine = await phoneId(s, 'Shop assistant');
  const photo = await s.tus.create('photo.jpg', 100, [mine]);
  assert.equal([photo.status, photo.code], [400, ErrorCode.FILE_TYPE_INVALID]);
  assert.is((await s.tus.create('huge.apk', MAX_FILE_BYTES + 1, [mine])).code, ErrorCode.FILE_TOO_LARGE);
  const stranger = await s.db.value('SELECT p.id FROM phones p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = 1 AND u.mobile = ? LIMIT 1', SCALE_MOBILE) as number;
  assert.is((await s.tus.create('a.apk', 100, [stranger])).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await s.tus.create('big.apk', 1001, [mine])).code, ErrorCode.FILE_QUOTA_EXCEEDED);
  for (const name of ['1.apk', '2.apk', '3.apk']) assert.is((await s.tus.create(name, 100, [mine])).status, 201, name);
  assert.is((await s.tus.create('4.apk', 100, [mine])).code, ErrorCode.FILE_TOO_MANY);
});

test("another account's upload cannot be resumed, looked at, checked or deleted", async () => {
  const s = await server();
  const apk = await buildApk();
  const created = await s.tus.create('hello.apk', apk.length, [await phoneId(s, 'Shop assistant')]);
  const other = await demo(1, SCALE_MOBILE, { uploads: { dir: folder.dir, stepMs: 5, install: s.installer.install, quotaBytes: 10 ** 9 } });
  const otherTus = tusClient(other.app, other.token);
  assert.is((await otherTus.head(created.location)).status, 404);
  assert.is((await otherTus.patch(created.location, 0, apk)).status, 404);
  const id = uploadIdOf(created.location);
  assert.is((await other.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } })).code, ErrorCode.FILE_NOT_EXIST);
  assert.is((await other.call(`${FILES}/delete`, { body: { uploadId: id } })).code, ErrorCode.FILE_NOT_EXIST);
  assert.equal((await other.call(`${FILES}/list`)).data.list, []);
});

test('the check waits for the last byte; a phone that refuses the package fails alone with its reason', async () => {
  const s = await server({ refuse: (_phone, packageName) => (packageName === 'com.example.hello' ? apiError(ErrorCode.DEVICE_BUSY) : null) });
  const apk = await buildApk({ fillerBytes: 10_000 });
  const created = await s.tus.create('hello.apk', apk.length, [await phoneId(s, 'Shop assistant'), await phoneId(s, 'Backup')]);
  const id = uploadIdOf(created.location);
  await s.tus.patch(created.location, 0, apk.subarray(0, 100));
  assert.is((await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } })).code, ErrorCode.FILE_INCOMPLETE);
  await s.tus.patch(created.location, 100, apk.subarray(100));
  await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } });
  const file = await settled(s.call, id, finished);
  // The offline phone is refused before anything is pushed; the other refuses at install.
  assert.equal(file.targets.map((target: any) => [target.state, target.failCode]), [[`failed`, ErrorCode.DEVICE_BUSY], ['failed', ErrorCode.DEVICE_OFFLINE]]);
});

test('installed for real: the app joins the phone; the same package again is refused there with "Application already exists"', async () => {
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9 } });
  const tus = tusClient(ctx.app, ctx.token);
  const phone = await phoneId(ctx, 'Shop assistant');
  const apk = await buildApk({ packageName: 'com.example.tools', label: 'Tools', versionName: '3.1' });
  for (const round of [0, 1]) {
    const created = await tus.create(`tools-${round}.apk`, apk.length, [phone]);
    await tus.patch(created.location, 0, apk);
    const id = uploadIdOf(created.location);
    await ctx.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } });
    const file = await settled(ctx.call, id, finished);
    assert.equal(file.targets.map((target: any) => [target.state, target.failCode]), round === 0 ? [['installed', 0]] : [['failed', ErrorCode.APP_ALREADY_EXISTS]]);
  }
  const row = await ctx.db.get('SELECT label, version_name, icon_png IS NOT NULL AS icon FROM phone_apps WHERE phone_id = ? AND package_name = ?', phone, 'com.example.tools');
  assert.equal(row, { label: 'Tools', version_name: '3.1', icon: 1 });
});

test('a file cannot be deleted while a phone installs it; before and after, it can', async () => {
  // Steps long enough that the polls below see the push or the install under way on any machine.
  const s = await server({ stepMs: 400 });
  const waiting = await s.tus.create('later.apk', 100, [await phoneId(s, 'Shop assistant')]);
  assert.is((await s.call(`${FILES}/delete`, { body: { uploadId: uploadIdOf(waiting.location) } })).code, 0);
  assert.is((await s.tus.head(waiting.location)).status, 404, 'its bytes and record are gone');
  const apk = await buildApk();
  const created = await s.tus.create('hello.apk', apk.length, [await phoneId(s, 'Shop assistant')]);
  await s.tus.patch(created.location, 0, apk);
  const id = uploadIdOf(created.location);
  await s.call(`${FILES}/verify`, { body: { uploadId: id, sha512: sha512(apk) } });
  await settled(s.call, id, (file) => file.targets[0].state === 'pushing' || file.targets[0].state === 'installing');
  assert.is((await s.call(`${FILES}/delete`, { body: { uploadId: id } })).code, ErrorCode.FILE_INSTALLING);
  await settled(s.call, id, finished);
  assert.is((await s.call(`${FILES}/delete`, { body: { uploadId: id } })).code, 0);
  assert.equal((await s.call(`${FILES}/list`)).data.list, []);
});

test('an upload whose bytes stop coming times out; every upload goes after a day', async () => {
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9 } });
  const tus = tusClient(ctx.app, ctx.token);
  const phone = await phoneId(ctx, 'Shop assistant');
  const stalled = await tus.create('stalled.apk', 1000, [phone]);
  await tus.patch(stalled.location, 0, Buffer.alloc(400));
  const files = await fileRoutes(directDeps(ctx), { dir: folder.dir, stepMs: 5, quotaBytes: 10 ** 9, install: () => {} });
  ctx.advance(UPLOAD_IDLE_MS - 1000);
  await files.sweep();
  const listed = async () => {
    const reply = await ctx.call(`${FILES}/list`);
    assert.is(reply.code, 0, reply.msg);
    return reply.data.list;
  };
  assert.is((await listed())[0].state, 'uploading', 'not yet');
  ctx.advance(2000);
  await files.sweep();
  assert.equal([(await listed())[0].state, (await listed())[0].failCode], ['failed', ErrorCode.FILE_UPLOAD_TIMEOUT]);
  assert.is((await tus.patch(stalled.location, 400, Buffer.alloc(600))).status, 410, 'its bytes are refused');
  ctx.advance(UPLOAD_KEPT_MS);
  await files.sweep();
  assert.equal(await listed(), []);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { APP_BATCH_LIMIT } from '../../../../shared/contract/app-words.ts';
import { hasPackage, installApp, installedApps, type AppChange } from '../../../../server/lib/phone-apps.ts';
import { APP_ACTION_MS, APP_ITEM_STAGGER_MS } from '../../../../server/lib/app-operations.ts';
import { BUILT_IN_APPS } from '../../../../server/stream/phone-apps.ts';
import { demo, idsQuery, PHONE, phoneId } from '../device-helpers.ts';
import { CASES_MOBILE, receiver } from '../transfer-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// server/API.md "Apps": the apps of the chosen phones (built-in system apps and installed ones), operations that
// start, stop or uninstall one package per phone over a few seconds, every per-phone refusal, and what each action
// does to the phone (its running apps, its installed apps, the stream told through appsChanged).

const APPS = `${PHONE}/app`;
type Ctx = Awaited<ReturnType<typeof demo>>;

/** A demo server whose appsChanged calls are recorded. */
async function appDemo() {
  const changes: Array<[number, AppChange | undefined]> = [];
  const ctx = await demo(1, undefined, { appsChanged: async (id, change) => void changes.push([id, change]) });
  return { ...ctx, changes };
}

async function install(ctx: Ctx, phone: number, packageName = 'com.example.notes', label = 'My Notes') {
  await installApp({ db: ctx.db, now: ctx.now }, phone, { packageName, label, versionName: '1.2.0', versionCode: 12, iconPng: null, sizeBytes: 1000 });
}

const list = (ctx: Pick<Ctx, 'call'>, ids: number[]) => ctx.call(`${APPS}/list${idsQuery(ids)}`);
const operate = (ctx: Pick<Ctx, 'call'>, ids: unknown, packageName: unknown, action: unknown) =>
  ctx.call(`${APPS}/operate`, { method: 'PUT', body: { userPhoneIds: ids, packageName, action } });
const status = (ctx: Pick<Ctx, 'call'>, operationId: number) => ctx.call(`${APPS}/operation?operationId=${operationId}`);
/** A built-in app: every phone has the same ones. */
const systemPackage = (_phone?: number, index = 0) => BUILT_IN_APPS[index]!.packageName;

/** Runs an operation to its end; the reply of the last poll. */
async function runToEnd(ctx: Ctx, ids: number[], packageName: string, action: string) {
  const started = await operate(ctx, ids, packageName, action);
  assert.is(started.code, 0, started.msg);
  ctx.advance(APP_ACTION_MS.uninstall + APP_ITEM_STAGGER_MS * ids.length);
  const done = await status(ctx, started.data.operationId);
  assert.is(done.code, 0, done.msg);
  return done.data;
}

test('the list is the union of the phones\' apps: built-ins as system apps, installed ones with their version', async () => {
  const ctx = await appDemo();
  const [a, b] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Work phone')];
  await install(ctx, a);
  const reply = await list(ctx, [a, b]);
  assert.is(reply.code, 0, reply.msg);
  assert.equal(reply.data.userPhoneIds, [a, b]);
  const notes = reply.data.list[0];
  assert.equal(notes, { packageName: 'com.example.notes', label: 'My Notes', versionName: '1.2.0', versionCode: 12, system: false, phones: [{ userPhoneId: a, running: false }] });
  const entry = reply.data.list.find((app: any) => app.packageName === systemPackage());
  assert.ok(entry.system);
  assert.match(entry.packageName, /^com\.cloudphone\.[a-z]+$/);
  assert.equal(entry.phones.map((p: any) => p.userPhoneId), [a, b]);
  assert.is(reply.data.list.length, BUILT_IN_APPS.length + 1);
  assert.equal((await installedApps(ctx.db, a)).map((row) => row.package_name), ['com.example.notes']);
  assert.ok(await hasPackage(ctx.db, a, systemPackage(a)) && await hasPackage(ctx.db, a, 'com.example.notes'));
  assert.not.ok(await hasPackage(ctx.db, b, 'com.example.notes'));
});

test('listing refuses whole an id that is not the caller\'s phone, and too many phones at once', async () => {
  const ctx = await appDemo();
  const other = await phoneId(ctx, '绿洲 1', 100, '13800138000');
  assert.is((await list(ctx, [await phoneId(ctx, 'Shop assistant'), other])).code, ErrorCode.DEVICE_NOT_EXIST);
  const many = Array.from({ length: APP_BATCH_LIMIT + 1 }, (_, i) => i + 1);
  assert.is((await list(ctx, many)).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is((await operate(ctx, many, 'com.example.notes', 'start')).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
});

test('installApp refuses a package the phone has, built-in or installed, and tells the stream', async () => {
  const ctx = await appDemo();
  const a = await phoneId(ctx, 'Shop assistant');
  await install(ctx, a);
  const deps = { db: ctx.db, now: ctx.now, appsChanged: async (id: number, change?: AppChange) => void ctx.changes.push([id, change]) };
  await installApp(deps, a, { packageName: 'com.example.chat', label: 'Chat+', versionName: '1', versionCode: 1, iconPng: null, sizeBytes: 1 });
  assert.equal(ctx.changes, [[a, { action: 'install', packageName: 'com.example.chat' }]]);
  for (const packageName of ['com.example.notes', systemPackage(a)]) {
    try {
      await install(ctx, a, packageName);
      assert.unreachable('installed twice');
    } catch (error: any) {
      assert.is(error.code, ErrorCode.APP_ALREADY_EXISTS);
      assert.is(error.message, 'Application already exists');
    }
  }
});

test('start runs a few seconds per phone with live progress, then the app runs there; stop ends it', async () => {
  const ctx = await appDemo();
  const [a, b] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Work phone')];
  const app = systemPackage();
  const started = await operate(ctx, [a, b], app, 'start');
  assert.is(started.code, 0, started.msg);
  assert.is(started.data.status, 'running');
  assert.equal(started.data.items.map((item: any) => [item.userPhoneId, item.status, item.progress]), [[a, 'running', 0], [b, 'running', 0]]);
  ctx.advance(APP_ACTION_MS.start / 2);
  const half = await status(ctx, started.data.operationId);
  assert.ok(half.data.items[0].progress >= 40 && half.data.items[0].progress < 100, String(half.data.items[0].progress));
  assert.is(ctx.changes.length, 0, 'nothing happens before the end');
  ctx.advance(APP_ACTION_MS.start / 2);
  const first = await status(ctx, started.data.operationId);
  assert.equal(first.data.items.map((item: any) => item.status), ['success', 'running'], 'the second phone ends a little later');
  ctx.advance(APP_ITEM_STAGGER_MS);
  const done = await status(ctx, started.data.operationId);
  assert.is(done.data.status, 'success');
  assert.equal(done.data.items.map((item: any) => [item.status, item.progress, item.code, item.msg]), [['success', 100, 0, ''], ['success', 100, 0, '']]);
  assert.equal(ctx.changes, [[a, { action: 'start', packageName: app }], [b, { action: 'start', packageName: app }]]);
  const running = (await list(ctx, [a, b])).data.list.find((entry: any) => entry.packageName === app);
  assert.equal(running.phones, [{ userPhoneId: a, running: true }, { userPhoneId: b, running: true }]);

  const stopped = await runToEnd(ctx, [a], app, 'stop');
  assert.is(stopped.status, 'success');
  assert.equal(ctx.changes.at(-1), [a, { action: 'stop', packageName: app }]);
  const after = (await list(ctx, [a, b])).data.list.find((entry: any) => entry.packageName === app);
  assert.equal(after.phones, [{ userPhoneId: a, running: false }, { userPhoneId: b, running: true }]);
});

test('a reboot after a start stops the app', async () => {
  const ctx = await appDemo();
  const a = await phoneId(ctx, 'Shop assistant');
  await runToEnd(ctx, [a], systemPackage(a), 'start');
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([a])}`, { method: 'PUT' })).code, 0);
  ctx.advance(10_000);
  const entry = (await list(ctx, [a])).data.list.find((app: any) => app.packageName === systemPackage(a));
  assert.equal(entry.phones, [{ userPhoneId: a, running: false }]);
});

test('uninstall removes an installed app; a system app and a missing package are refused per phone', async () => {
  const ctx = await appDemo();
  const [a, b, c] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Work phone'), await phoneId(ctx, 'Archive')];
  await install(ctx, a);
  await install(ctx, b);
  const done = await runToEnd(ctx, [a, b, c], 'com.example.notes', 'uninstall');
  assert.is(done.status, 'partial');
  assert.equal(done.items.map((item: any) => [item.userPhoneId, item.status, item.code]), [
    [a, 'success', 0], [b, 'success', 0], [c, 'failed', ErrorCode.APP_NOT_INSTALLED],
  ]);
  assert.is(done.items[2].msg, 'The application is not installed on this phone');
  assert.is((await installedApps(ctx.db, a)).length + (await installedApps(ctx.db, b)).length, 0);
  assert.equal(ctx.changes, [[a, { action: 'uninstall', packageName: 'com.example.notes' }], [b, { action: 'uninstall', packageName: 'com.example.notes' }]]);

  const system = await operate(ctx, [a], systemPackage(a), 'uninstall');
  assert.is(system.data.status, 'failed', 'refused up front');
  assert.equal([system.data.items[0].code, system.data.items[0].msg], [ErrorCode.APP_SYSTEM_UNINSTALL, 'A system application cannot be uninstalled']);
  assert.ok(await hasPackage(ctx.db, a, systemPackage(a)));
  const missing = await operate(ctx, [a], 'com.example.none', 'start');
  assert.is(missing.data.items[0].code, ErrorCode.APP_NOT_INSTALLED);
});

test('phones that cannot take it now are refused with the device rules: offline, maintenance, expired, busy', async () => {
  const ctx = await appDemo();
  const busy = await phoneId(ctx, 'Archive');
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([busy])}`, { method: 'PUT' })).code, 0);
  const names = ['Backup', 'Test device', 'Old account'];
  const ids = [...(await mapInOrder(names, async (name) => await phoneId(ctx, name))), busy];
  const reply = await operate(ctx, ids, 'com.cloudphone.settings', 'stop');
  assert.is(reply.code, 0, reply.msg);
  assert.equal(reply.data.items.map((item: any) => item.code), [ErrorCode.DEVICE_OFFLINE, ErrorCode.DEVICE_MAINTENANCE, ErrorCode.DEVICE_EXPIRED, ErrorCode.DEVICE_BUSY]);
  assert.ok(reply.data.items.every((item: any) => item.status === 'failed' && item.progress === 100 && item.finishTime === ctx.now()));
});

test('a phone that went offline while its item ran fails at its end', async () => {
  const ctx = await appDemo();
  const a = await phoneId(ctx, 'Shop assistant');
  const started = await operate(ctx, [a], systemPackage(a), 'start');
  await ctx.db.run("UPDATE phones SET status = 'offline' WHERE id = ?", a);
  ctx.advance(APP_ACTION_MS.start);
  const done = await status(ctx, started.data.operationId);
  assert.equal([done.data.status, done.data.items[0].code], ['failed', ErrorCode.DEVICE_OFFLINE]);
  assert.is(ctx.changes.length, 0);
});

test("another's phone is one that does not exist; a phone lent to the caller is refused as authorized", async () => {
  const ctx = await appDemo();
  const lent = await phoneId(ctx, 'Shop assistant');
  const grant = await ctx.call('/api/device/user/phone/grant/create', {
    body: { userPhoneId: lent, mode: 'account', permission: 'control', days: 1, account: CASES_MOBILE, agreed: true },
  });
  assert.is(grant.code, 0, grant.msg);
  const grantee = await receiver(ctx);
  const own = await phoneId(ctx, 'Spare line', 1, CASES_MOBILE);
  const stranger = await phoneId(ctx, '绿洲 1', 100, '13800138000');
  assert.is((await operate(grantee, [lent, stranger], systemPackage(lent), 'start')).code, ErrorCode.DEVICE_NOT_EXIST, 'none of its own: refused whole');
  assert.is((await list(grantee, [lent])).code, ErrorCode.DEVICE_NOT_EXIST);
  // With a phone of the caller's among them, each other id answers on its own.
  const reply = await operate(grantee, [own, lent, stranger], systemPackage(own), 'start');
  assert.is(reply.code, 0, reply.msg);
  assert.equal(reply.data.items.map((item: any) => [item.status, item.code, item.phoneNo, item.name]).slice(1), [
    ['failed', ErrorCode.APP_PHONE_AUTHORIZED, '', ''],
    ['failed', ErrorCode.DEVICE_NOT_EXIST, '', ''],
  ]);
  assert.is(reply.data.items[1].msg, 'The applications of an authorized phone cannot be managed');
  // Another account's operation is not the caller's to read.
  assert.is((await status(ctx, reply.data.operationId)).code, ErrorCode.APP_OPERATION_NOT_EXIST);
});

test('operate checks its input: package names and actions', async () => {
  const ctx = await appDemo();
  const a = await phoneId(ctx, 'Shop assistant');
  for (const bad of ['', 'notes', 'com..x', '1com.x', 'com.x y']) assert.is((await operate(ctx, [a], bad, 'start')).code, ErrorCode.BAD_REQUEST, bad);
  assert.is((await operate(ctx, [a], 'com.x.y', 'install')).code, ErrorCode.BAD_REQUEST);
  assert.is((await status(ctx, 999)).code, ErrorCode.APP_OPERATION_NOT_EXIST);
});

test.run();

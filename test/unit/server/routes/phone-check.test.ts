import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { installApp } from '../../../../server/lib/phone-apps.ts';
import { demo, idsQuery, PHONE, phoneId } from '../device-helpers.ts';
import { setConfig } from '../transfer-helpers.ts';

// API.md "Phone check": one phone's checks, each with its result, figures and the fix a problem offers.

type Demo = Awaited<ReturnType<typeof demo>>;
const HOUR = 3600_000;
const GB = 1024 ** 3;

const checkOf = (ctx: Pick<Demo, 'call'>, id: unknown) => ctx.call(`${PHONE}/check?userPhoneId=${id}`);
async function checks(ctx: Demo, id: number) {
  const reply = await checkOf(ctx, id);
  assert.is(reply.code, 0, reply.msg);
  return Object.fromEntries(reply.data.checks.map((entry: any) => [entry.name, entry])) as Record<string, any>;
}
const summary = (all: Record<string, any>) => Object.fromEntries(Object.entries(all).map(([name, entry]) => [name, [entry.result, entry.fix, entry.code]]));

test('a healthy phone: every check ok, with its figures from the grade and the installed apps', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Archive');
  const reply = await checkOf(ctx, id);
  assert.is(reply.data.name, 'Archive');
  assert.is(reply.data.businessStatus, 'online');
  assert.equal(reply.data.checks.map((entry: any) => entry.name), ['reachable', 'status', 'time', 'storage', 'memory', 'latency']);
  const before = await checks(ctx, id);
  assert.equal(summary(before), {
    reachable: ['ok', null, 0], status: ['ok', null, 0], time: ['ok', null, 0], storage: ['ok', null, 0], memory: ['ok', null, 0], latency: ['ok', null, 0],
  });
  assert.is(before.storage.limit, 64 * GB, 'Standard grade: 64 GB');
  assert.is(before.memory.limit, 4 * GB);
  assert.ok(before.storage.value > 9 * GB && before.storage.value < before.storage.limit);
  assert.ok(before.latency.value >= 0 && before.latency.value < 150);
  assert.is(before.time.value, (await ctx.db.value('SELECT expire_time FROM phones WHERE id = ?', id) as number) - ctx.now());
  // Stable from one check to the next; an installed app takes its package twice (app and data).
  await installApp({ db: ctx.db, now: ctx.now }, id, { packageName: 'com.example.big', label: 'Big', versionName: '1', versionCode: 1, iconPng: null, sizeBytes: 500_000_000 });
  assert.is((await checks(ctx, id)).storage.value, before.storage.value + 1_000_000_000);
});

test('an offline phone: unreachable with the reboot fix, which brings it back', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Backup');
  const offline = await checks(ctx, id);
  assert.equal(summary(offline).reachable, ['problem', 'reboot', ErrorCode.DEVICE_OFFLINE]);
  assert.is(offline.reachable.msg, 'The device is offline');
  assert.equal([offline.status.result, offline.memory.result, offline.latency.result], ['skipped', 'skipped', 'skipped']);
  assert.is(offline.storage.result, 'ok');
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([id])}`, { method: 'PUT' })).data[0].success, true);
  assert.equal(summary(await checks(ctx, id)).status, ['warning', null, ErrorCode.DEVICE_BUSY]);
  ctx.advance(4000);
  const back = await checks(ctx, id);
  assert.equal([back.reachable.result, back.status.result, back.memory.result], ['ok', 'ok', 'ok']);
});

test('expiring, expired, faulty, unplugged, in maintenance: each problem with its fix', async () => {
  const ctx = await demo();
  const soon = await checks(ctx, await phoneId(ctx, 'Game farm 3'));
  assert.equal(summary(soon).time, ['warning', 'renew', 0]);
  assert.is(soon.time.limit, 72 * HOUR);
  await setConfig(ctx, 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN', '2');
  assert.equal(summary(await checks(ctx, await phoneId(ctx, 'Game farm 3'))).time, ['ok', null, 0]);
  assert.equal(summary(await checks(ctx, await phoneId(ctx, 'Game farm 2'))).time, ['problem', 'renew', ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES]);
  const expired = summary(await checks(ctx, await phoneId(ctx, 'Old account')));
  assert.equal([expired.reachable![0], expired.status, expired.time], ['skipped', ['problem', 'renew', ErrorCode.DEVICE_EXPIRED], ['problem', 'renew', ErrorCode.DEVICE_EXPIRED]]);
  assert.equal(summary(await checks(ctx, await phoneId(ctx, 'Test device'))).status, ['problem', 'support', ErrorCode.DEVICE_MAINTENANCE]);
  assert.equal(summary(await checks(ctx, await phoneId(ctx, 'Moving house'))).status, ['problem', 'support', ErrorCode.DEVICE_MIGRATED]);
  const id = await phoneId(ctx, 'Archive');
  await ctx.db.run("UPDATE phones SET fault = 'malfunction' WHERE id = ?", id);
  assert.equal(summary(await checks(ctx, id)).status, ['problem', 'support', ErrorCode.DEVICE_FAULT]);
  await ctx.db.run("UPDATE phones SET fault = 'disconnected' WHERE id = ?", id);
  assert.equal(summary(await checks(ctx, id)).reachable, ['problem', 'support', ErrorCode.DEVICE_NOT_CONNECTED]);
});

test("only the owner's phones: another account's or none is DEVICE_NOT_EXIST; a bad id is 400", async () => {
  const ctx = await demo();
  assert.is((await checkOf(ctx, await phoneId(ctx, 'Phone 0001', 1, '13800138001'))).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await checkOf(ctx, 999_999)).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await checkOf(ctx, 'x')).code, ErrorCode.BAD_REQUEST);
});

test.run();

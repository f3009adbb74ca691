import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, idsQuery, listPhones, PHONE, phoneId, phoneRow } from '../device-helpers.ts';

// Spec §8 device messages and where the reference server gives them (API.md "Devices"), on the phones of the seeded
// error cases account (server/db/seed-cases.ts). Each test names its situation and checks the code and the message.

const CASES_MOBILE = '13800138002';

type Ctx = Awaited<ReturnType<typeof demo>>;

const cases = async () => await demo(1, CASES_MOBILE);
const id = async (ctx: Ctx, name: string) => await phoneId(ctx, name, 1, CASES_MOBILE);
const open = (ctx: Ctx, phone: number) => ctx.call(`${PHONE}/security-token?userPhoneId=${phone}`, { method: 'POST' });
const reboot = (ctx: Ctx, ids: number[], type = 'reboot') => ctx.call(`${PHONE}/reboot${idsQuery(ids, `&type=${type}`)}`, { method: 'PUT' });
const reset = (ctx: Ctx, ids: number[]) => ctx.call(`${PHONE}/reset${idsQuery(ids)}`, { method: 'PUT' });
const setRoot = (ctx: Ctx, ids: number[]) => ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: ids, root: true } });
const setResolution = (ctx: Ctx, phone: number) =>
  ctx.call(`${PHONE}/set-resolution`, { method: 'PUT', body: { userPhoneId: phone, width: 1080, height: 1920, dpi: 480 } });
const screenshot = (ctx: Ctx, ids: number[]) => ctx.call(`${PHONE}/screenshot`, { body: { userPhoneIds: ids } });

/** A whole-call refusal. */
function refused(reply: { code: number; msg: string }, code: number, msg: string): void {
  assert.is(reply.code, code);
  assert.is(reply.msg, msg);
}

/** A batch call that answered, refusing its one phone. */
function refusedEntry(reply: { code: number; data: any }, phone: number, code: number, msg: string): void {
  assert.is(reply.code, 0);
  assert.equal(reply.data, [{ userPhoneId: phone, success: false, code, msg }]);
}

const tokens = async (ctx: Ctx) => await ctx.db.value('SELECT COUNT(*) FROM phone_security_tokens') as number;

test('device fault: opening or shooting a malfunctioning phone; the list shows it in maintenance', async () => {
  const ctx = await cases();
  const faulty = await id(ctx, 'Faulty host');
  refused(await open(ctx, faulty), ErrorCode.DEVICE_FAULT, 'Device malfunction, please contact support');
  assert.is(await tokens(ctx), 0);
  refusedEntry(await screenshot(ctx, [faulty]), faulty, ErrorCode.DEVICE_FAULT, 'Device malfunction, please contact support');
  assert.is((await listPhones(ctx, 'keyword=Faulty')).list[0]!.businessStatus, 'maintenance');
  // Expiry still comes first.
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now(), faulty);
  assert.is((await open(ctx, faulty)).code, ErrorCode.DEVICE_EXPIRED);
});

test('restart failed: reboot, quick restart and reset of a malfunctioning phone start nothing', async () => {
  const ctx = await cases();
  const faulty = await id(ctx, 'Faulty host');
  const before = await phoneRow(ctx, faulty);
  for (const type of ['reboot', 'quickRestart']) refusedEntry(await reboot(ctx, [faulty], type), faulty, ErrorCode.RESTART_FAILED, 'Restart failed');
  refusedEntry(await reset(ctx, [faulty]), faulty, ErrorCode.RESTART_FAILED, 'Restart failed');
  assert.equal(await phoneRow(ctx, faulty), before);
  // A healthy phone in the same batch restarts.
  const spare = await id(ctx, 'Spare line');
  assert.equal((await reboot(ctx, [faulty, spare])).data.map((e: any) => e.code), [ErrorCode.RESTART_FAILED, 0]);
});

test('command execution exception: root and resolution are commands a malfunctioning phone fails', async () => {
  const ctx = await cases();
  const faulty = await id(ctx, 'Faulty host');
  refusedEntry(await setRoot(ctx, [faulty]), faulty, ErrorCode.COMMAND_EXCEPTION, 'Command execution exception');
  refused(await setResolution(ctx, faulty), ErrorCode.COMMAND_EXCEPTION, 'Command execution exception');
  assert.equal([(await phoneRow(ctx, faulty)).root, (await phoneRow(ctx, faulty)).width], [0, 720]);
});

test('device not connected: a host without its link refuses opening, operations, settings and screenshots', async () => {
  const ctx = await cases();
  const unplugged = await id(ctx, 'Unplugged');
  const msg = 'The device is not connected';
  refused(await open(ctx, unplugged), ErrorCode.DEVICE_NOT_CONNECTED, msg);
  refusedEntry(await reboot(ctx, [unplugged]), unplugged, ErrorCode.DEVICE_NOT_CONNECTED, msg);
  refusedEntry(await reset(ctx, [unplugged]), unplugged, ErrorCode.DEVICE_NOT_CONNECTED, msg);
  refusedEntry(await setRoot(ctx, [unplugged]), unplugged, ErrorCode.DEVICE_NOT_CONNECTED, msg);
  refused(await setResolution(ctx, unplugged), ErrorCode.DEVICE_NOT_CONNECTED, msg);
  refusedEntry(await screenshot(ctx, [unplugged]), unplugged, ErrorCode.DEVICE_NOT_CONNECTED, msg);
  assert.is((await listPhones(ctx, 'keyword=Unplugged')).list[0]!.businessStatus, 'offline');
  // Once the platform clears the fault the phone is what its status says.
  await ctx.db.run('UPDATE phones SET fault = NULL WHERE id = ?', unplugged);
  assert.is((await open(ctx, unplugged)).code, 0);
});

test('device being replaced: opening and operating a replacing phone', async () => {
  const ctx = await cases();
  const swapping = await id(ctx, 'Swap pending');
  refused(await open(ctx, swapping), ErrorCode.DEVICE_REPLACING, 'The device is being replaced');
  refusedEntry(await reboot(ctx, [swapping]), swapping, ErrorCode.DEVICE_REPLACING, 'The device is being replaced');
  refusedEntry(await setRoot(ctx, [swapping]), swapping, ErrorCode.DEVICE_REPLACING, 'The device is being replaced');
  // The demo account's replacing phone says the same.
  const main = await demo();
  assert.is((await open(main, await phoneId(main, 'Being replaced'))).code, ErrorCode.DEVICE_REPLACING);
});

test('device migrated or transferred: opening and operating a migrating phone asks to contact support', async () => {
  const ctx = await cases();
  const moved = await id(ctx, 'Moved away');
  const msg = 'The device has been migrated or transferred, please contact support';
  refused(await open(ctx, moved), ErrorCode.DEVICE_MIGRATED, msg);
  refusedEntry(await reset(ctx, [moved]), moved, ErrorCode.DEVICE_MIGRATED, msg);
  refused(await setResolution(ctx, moved), ErrorCode.DEVICE_MIGRATED, msg);
  const main = await demo();
  assert.is((await open(main, await phoneId(main, 'Moving house'))).code, ErrorCode.DEVICE_MIGRATED);
  assert.is(await tokens(ctx), 0);
});

test('token fetch failed: opening a phone while its reset runs; a reboot still gets a token', async () => {
  const ctx = await cases();
  const spare = await id(ctx, 'Spare line');
  assert.is((await reset(ctx, [spare])).data[0].success, true);
  refused(await open(ctx, spare), ErrorCode.TOKEN_FETCH_FAILED, 'Token fetch failed: the phone is being reset, try again shortly');
  assert.is(await tokens(ctx), 0);
  ctx.advance(8000);
  assert.is((await open(ctx, spare)).code, 0);
  assert.is((await reboot(ctx, [spare])).data[0].success, true);
  assert.is((await open(ctx, spare)).code, 0);
  assert.is(await tokens(ctx), 2);
});

test.run();

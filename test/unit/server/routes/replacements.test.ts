import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEFAULT_RESOLUTION } from '../../../../shared/device-types.ts';
import { installApp } from '../../../../server/lib/phone-apps.ts';
import { demo, idsQuery, PHONE, phoneId, phoneRow } from '../device-helpers.ts';
import { body, grant, other } from '../grant-helpers.ts';
import { setConfig } from '../transfer-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Replacement": replace-preview tells per phone what replace-submit would do; submit re-checks everything,
// starts REPLACE (type 1, a fresh phone) or DISPLACE (type 2, data moved) and records it for the frequency limit.

type Demo = Awaited<ReturnType<typeof demo>>;
const HOUR = 3600_000;

const preview = (ctx: Pick<Demo, 'call'>, ids: unknown, replaceType: unknown = 1) =>
  ctx.call(`${PHONE}/replace-preview`, { body: { userPhoneIds: ids, replaceType } });
const submit = (ctx: Pick<Demo, 'call'>, ids: unknown, replaceType: unknown = 1) =>
  ctx.call(`${PHONE}/replace-submit`, { body: { userPhoneIds: ids, replaceType } });
const progress = (ctx: Pick<Demo, 'call'>, ids: number[], taskType: string) =>
  ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: ids, taskType } });
const status = async (ctx: Pick<Demo, 'call'>, id: number) => (await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: [id] } })).data[0];
const codes = (reply: { data: { items: Array<{ code: number }> } }) => reply.data.items.map((item) => item.code);
const count = async (ctx: Demo) => await ctx.db.value('SELECT COUNT(*) FROM phone_replacements');

async function install(ctx: Demo, phone: number, packageName = 'com.example.notes') {
  await installApp({ db: ctx.db, now: ctx.now }, phone, { packageName, label: 'My Notes', versionName: '1.0', versionCode: 1, iconPng: null, sizeBytes: 1000 });
}
const installed = async (ctx: Demo, phone: number) => await ctx.db.column('SELECT package_name FROM phone_apps WHERE phone_id = ?', phone);

test('preview answers per phone with the refusals and changes nothing', async () => {
  const ctx = await demo();
  const names = ['Shop assistant', 'Test device', 'Game farm 3', 'Being replaced', 'Old account', 'Moving house'];
  const ids = (await mapInOrder(names, async (name) => await phoneId(ctx, name)));
  await install(ctx, ids[0]!);
  const before = (await mapInOrder(ids, async (id) => await phoneRow(ctx, id)));
  const reply = await preview(ctx, ids, 1);
  assert.is(reply.code, 0, reply.msg);
  assert.is(reply.data.replaceType, 1);
  assert.equal(codes(reply), [
    0, ErrorCode.REPLACE_STATUS_NOT_ALLOWED, ErrorCode.REPLACE_TIME_TOO_SHORT, ErrorCode.DEVICE_REPLACING, ErrorCode.DEVICE_EXPIRED,
    ErrorCode.REPLACE_STATUS_NOT_ALLOWED,
  ]);
  assert.equal(reply.data.items[0], {
    userPhoneId: ids[0], phoneNo: before[0]!.phone_no, name: 'Shop assistant', ok: true, code: 0, msg: '', installedApps: 1, root: false, lastReplacedAt: null,
  });
  assert.is(reply.data.items[1].msg, 'The phone cannot be replaced in its current status');
  assert.is(reply.data.items[2].msg, 'The phone has too little time left to be replaced');
  assert.equal((await mapInOrder(ids, async (id) => await phoneRow(ctx, id))), before, 'a preview changes nothing');
  assert.is(await count(ctx), 0);
});

test('more than 10 phones, or than the tenant allows, is refused whole before anything happens', async () => {
  const ctx = await demo();
  const ids = (await ctx.db.column('SELECT id FROM phones WHERE user_id = ? ORDER BY id LIMIT 11', ctx.userId)) as number[];
  for (const call of [preview, submit]) {
    const reply = await call(ctx, ids);
    assert.is(reply.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
    assert.is(reply.msg, 'At most 10 devices at once');
  }
  // A tenant limit above the spec's 10 does not lift it.
  await setConfig(ctx, 'PHONE_REPLACE_BY_BATCH_COUNT_LIMIT', '50');
  assert.is((await submit(ctx, ids)).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  await setConfig(ctx, 'PHONE_REPLACE_BY_BATCH_COUNT_LIMIT', '2');
  const three = (await mapInOrder(['Shop assistant', 'Archive', 'Spare'], async (name) => await phoneId(ctx, name)));
  const refused = await submit(ctx, three);
  assert.is(refused.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is(refused.msg, 'At most 2 devices at once');
  assert.is(await count(ctx), 0);
  assert.is((await phoneRow(ctx, three[0]!)).operation_type, null);
  assert.is((await submit(ctx, three.slice(0, 2))).code, 0);
});

test("another account's phone refuses the whole call; a phone lent to the caller is its owner's to replace", async () => {
  const ctx = await demo();
  const mine = await phoneId(ctx, 'Shop assistant');
  const foreign = await phoneId(ctx, 'Phone 0001', 1, '13800138001');
  for (const call of [preview, submit]) assert.is((await call(ctx, [mine, foreign])).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await submit(ctx, [mine, 999_999])).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await phoneRow(ctx, mine)).operation_type, null, 'nothing started');

  const lent = await phoneId(ctx, 'Archive');
  assert.is((await grant(ctx, body(lent, { permission: 'control' }))).code, 0);
  const grantee = await other(ctx);
  const theirs = await phoneId(ctx, 'Phone 0001', 1, '13800138001');
  const checked = await preview(grantee, [theirs, lent], 2);
  assert.equal(codes(checked), [0, ErrorCode.REPLACE_AUTHORIZED]);
  assert.is(checked.data.items[1].msg, 'An authorized phone cannot be replaced');
  const done = await submit(grantee, [lent]);
  assert.equal(codes(done), [ErrorCode.REPLACE_AUTHORIZED]);
  assert.is((await phoneRow(ctx, lent)).operation_type, null);
  // The owner may replace a phone it lent: the grant stays with the phone.
  assert.is((await submit(ctx, [lent], 2)).data.items[0].success, true);
});

test('a busy phone is refused; a phone being replaced refuses other actions with "being replaced"', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([id])}`, { method: 'PUT' })).data[0].success, true);
  assert.equal(codes(await preview(ctx, [id])), [ErrorCode.DEVICE_BUSY]);
  assert.equal(codes(await submit(ctx, [id])), [ErrorCode.DEVICE_BUSY]);
  ctx.advance(4000);
  assert.is((await submit(ctx, [id])).data.items[0].success, true);
  assert.equal(codes(await preview(ctx, [id])), [ErrorCode.DEVICE_REPLACING]);
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([id])}`, { method: 'PUT' })).data[0].code, ErrorCode.DEVICE_REPLACING);
});

test('type 1: a fresh phone (installed apps gone, root off, default resolution), REPLACE progress, then the frequency limit', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Work phone');
  await install(ctx, id);
  await install(ctx, id, 'com.example.chat');
  const row = await phoneRow(ctx, id);
  assert.is(row.root, 1);
  assert.is.not(row.width, DEFAULT_RESOLUTION.width);

  const started = ctx.now();
  const reply = await submit(ctx, [id], 1);
  assert.is(reply.code, 0, reply.msg);
  assert.equal(reply.data.items, [{ userPhoneId: id, phoneNo: row.phone_no, name: 'Work phone', success: true, code: 0, msg: '', taskType: 'REPLACE' }]);
  assert.equal(await installed(ctx, id), []);
  const fresh = await phoneRow(ctx, id);
  assert.equal([fresh.root, fresh.width, fresh.height, fresh.dpi], [0, DEFAULT_RESOLUTION.width, DEFAULT_RESOLUTION.height, DEFAULT_RESOLUTION.dpi]);
  assert.equal(await status(ctx, id), { userPhoneId: id, businessStatus: 'replacing', operation: { type: 'replace', progress: 0, startedAt: started } });

  ctx.advance(4000);
  assert.equal((await progress(ctx, [id], 'REPLACE')).data, [{ userPhoneId: id, taskType: 'REPLACE', progress: 50, status: 'running' }]);
  assert.is((await progress(ctx, [id], 'DISPLACE')).data[0].status, 'none');
  ctx.advance(4000);
  assert.equal((await progress(ctx, [id], 'REPLACE')).data[0], { userPhoneId: id, taskType: 'REPLACE', progress: 100, status: 'done' });
  assert.is((await status(ctx, id)).businessStatus, 'online');
  const apps = await ctx.call(`${PHONE}/app/list${idsQuery([id])}`);
  assert.ok(apps.data.list.every((app: any) => app.system), 'only the built-in apps are left');

  // Frequency: replaced now, so not again for PHONE_REPLACE_PHONE_FREQUENCY_LIMIT hours (24 seeded).
  const again = await preview(ctx, [id], 2);
  assert.equal(codes(again), [ErrorCode.REPLACE_TOO_FREQUENT]);
  assert.is(again.data.items[0].lastReplacedAt, started);
  assert.equal(codes(await submit(ctx, [id], 2)), [ErrorCode.REPLACE_TOO_FREQUENT]);
  ctx.advance(24 * HOUR - 8000);
  assert.equal(codes(await preview(ctx, [id])), [0]);
  await setConfig(ctx, 'PHONE_REPLACE_PHONE_FREQUENCY_LIMIT', '48');
  assert.equal(codes(await preview(ctx, [id])), [ErrorCode.REPLACE_TOO_FREQUENT]);
  assert.equal(await ctx.db.all('SELECT replace_type, result, reason_code FROM phone_replacements'), [{ replace_type: 1, result: 'success', reason_code: null }]);
});

test('type 2: apps and settings kept, DISPLACE progress for 10 s', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Work phone');
  await install(ctx, id);
  const row = await phoneRow(ctx, id);
  const reply = await submit(ctx, [id], 2);
  assert.is(reply.data.items[0].taskType, 'DISPLACE');
  assert.equal(await installed(ctx, id), ['com.example.notes']);
  const kept = await phoneRow(ctx, id);
  assert.equal([kept.root, kept.width, kept.height], [row.root, row.width, row.height]);
  assert.is((await status(ctx, id)).businessStatus, 'replacing');
  ctx.advance(5000);
  assert.equal((await progress(ctx, [id], 'DISPLACE')).data[0], { userPhoneId: id, taskType: 'DISPLACE', progress: 50, status: 'running' });
  ctx.advance(5000);
  assert.is((await progress(ctx, [id], 'DISPLACE')).data[0].status, 'done');
  assert.is((await status(ctx, id)).businessStatus, 'online');
});

test('a faulty host fails with "replacement failed" and the phone stays as it was; other phones of the batch go on', async () => {
  const ctx = await demo();
  const [faulty, fine] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Archive')];
  await install(ctx, faulty);
  await ctx.db.run("UPDATE phones SET fault = 'malfunction' WHERE id = ?", faulty);
  assert.equal(codes(await preview(ctx, [faulty, fine])), [0, 0], 'the host is only found out when the replacement runs');
  const before = await phoneRow(ctx, faulty);
  const reply = await submit(ctx, [faulty, fine], 1);
  assert.equal(reply.data.items.map((item: any) => [item.success, item.code, item.msg]), [[false, ErrorCode.REPLACE_FAILED, 'Replacement failed'], [true, 0, '']]);
  assert.equal(await phoneRow(ctx, faulty), before);
  assert.equal(await installed(ctx, faulty), ['com.example.notes']);
  // A failed replacement does not count for the frequency limit.
  await ctx.db.run('UPDATE phones SET fault = NULL WHERE id = ?', faulty);
  assert.equal(codes(await preview(ctx, [faulty])), [0]);
  assert.equal(await ctx.db.all('SELECT result, reason_code FROM phone_replacements ORDER BY id'), [
    { result: 'failed', reason_code: ErrorCode.REPLACE_FAILED }, { result: 'success', reason_code: null },
  ]);
});

test('the status and expiry limits follow the tenant settings; bad types are 400', async () => {
  const ctx = await demo();
  const [offline, maintenance, short] = [await phoneId(ctx, 'Backup'), await phoneId(ctx, 'Test device'), await phoneId(ctx, 'Game farm 3')];
  assert.equal(codes(await preview(ctx, [offline, maintenance, short])), [0, ErrorCode.REPLACE_STATUS_NOT_ALLOWED, ErrorCode.REPLACE_TIME_TOO_SHORT]);
  await setConfig(ctx, 'PHONE_REPLACE_BUSINESS_STATUS_LIMIT', 'offline, trial');
  await setConfig(ctx, 'PHONE_REPLACE_PHONE_EXPIRE_TIME_LIMIT', '2');
  assert.equal(codes(await preview(ctx, [offline, maintenance, short])), [ErrorCode.REPLACE_STATUS_NOT_ALLOWED, 0, 0]);
  for (const bad of [0, 3, '1', null]) assert.is((await preview(ctx, [offline], bad)).code, ErrorCode.BAD_REQUEST, String(bad));
});

test.run();

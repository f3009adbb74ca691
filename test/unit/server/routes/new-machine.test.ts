import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { MOCK_BATCH_LIMIT } from '../../../../shared/contract/new-machine-words.ts';
import { OPERATION_DURATION_MS } from '../../../../server/lib/phones.ts';
import { CATALOGUE, serialPattern, serialStyleOf } from '../../../../server/lib/model-catalogue.ts';
import { isLuhnValid } from '../../../../server/lib/phone-identity.ts';
import { demo, PHONE, phoneId } from '../device-helpers.ts';
import { CASES_MOBILE, receiver } from '../transfer-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// server/API.md "New machine": the catalogue, a phone's current model, changes on one phone or a batch (random, one
// field, a chosen model), the reboot they start, the record, and every refusal.

const MOCK = '/api/device/phone-mock-model';
type Ctx = Awaited<ReturnType<typeof demo>>;
type Caller = Pick<Ctx, 'call'>;

const current = (ctx: Caller, id: unknown) => ctx.call(`${MOCK}/current`, { body: { userPhoneId: id } });
const mock = (ctx: Caller, id: unknown, mockType?: unknown) => ctx.call(`${MOCK}/mock`, { body: { userPhoneId: id, mockType } });
const batch = (ctx: Caller, ids: unknown, mockType?: unknown) => ctx.call(`${MOCK}/batch-mock`, { body: { userPhoneIds: ids, mockType } });
const byId = (ctx: Caller, ids: unknown, modelId: unknown) => ctx.call(`${MOCK}/mock-by-id`, { body: { userPhoneIds: ids, modelId } });
const record = (ctx: Caller, query = '') => ctx.call(`${MOCK}/mock-log-list${query}`);

async function identity(ctx: Caller, id: number) {
  const reply = await current(ctx, id);
  assert.is(reply.code, 0, reply.msg);
  return reply.data;
}

function assertValid(found: any) {
  const model = CATALOGUE.find((m) => m.modelId === found.modelId)!;
  assert.ok(model, `model ${found.modelId} is in the catalogue`);
  assert.equal([found.brand, found.model, found.systemVersion], [model.brand, model.model, model.systemVersion]);
  assert.match(found.imei, /^\d{15}$/);
  assert.ok(isLuhnValid(found.imei), found.imei);
  assert.ok(found.imei.startsWith(model.tac), 'the IMEI starts with the model\'s TAC');
  assert.match(found.serialNo, serialPattern(serialStyleOf(model.manufacturer)));
  assert.match(found.wlanMac, /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
  const first = parseInt(found.wlanMac.slice(0, 2), 16);
  assert.equal([first & 1, first & 2], [0, 2], 'unicast, locally administered');
  assert.match(found.androidId, /^[0-9a-f]{16}$/);
}

test('the catalogue: manufacturers with their models, the models of one, the params of each type', async () => {
  const ctx = await demo();
  const makers = await ctx.call(`${MOCK}/list-manufacturer`);
  assert.is(makers.code, 0, makers.msg);
  assert.ok(makers.data.list.length >= 5 && makers.data.list.every((m: any) => m.models >= 3));
  const samsung = await ctx.call(`${MOCK}/list?manufacturer=samsung`);
  assert.ok(samsung.data.list.length >= 3 && samsung.data.list.every((m: any) => m.manufacturer === 'Samsung'));
  assert.is((await ctx.call(`${MOCK}/list`)).data.list.length, CATALOGUE.length);
  const params = await ctx.call(`${MOCK}/get-mock-params`);
  assert.equal(params.data.list.find((p: any) => p.mockType === 'IMEI').params, ['imei']);
  assert.is(params.data.list.find((p: any) => p.mockType === 'ALL').params.length, 7);
});

test('current: a stored identity, valid for each kind, the same as get-extend-batch', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const found = await identity(ctx, id);
  assertValid(found);
  assert.equal(await identity(ctx, id), found, 'stored, so stable');
  const hardware = await ctx.call(`${PHONE}/get-extend-batch`, { body: { userPhoneIds: [id] } });
  assert.equal([hardware.data[0].imei, hardware.data[0].model, hardware.data[0].wlanMac], [found.imei, found.model, found.wlanMac]);
});

test('a random change (ALL): another model, every field new and valid; the phone reboots as newMachine', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const before = await identity(ctx, id);
  const reply = await mock(ctx, id);
  assert.equal(reply.data, { userPhoneId: id, success: true, code: 0, msg: '' });
  const after = await identity(ctx, id);
  assertValid(after);
  assert.is.not(after.modelId, before.modelId);
  for (const field of ['imei', 'serialNo', 'wlanMac', 'androidId'] as const) assert.is.not(after[field], before[field], field);
  const progress = await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: [id], taskType: 'newMachine' } });
  assert.is(progress.data[0].status, 'running');
  const listed = await ctx.call(`${PHONE}/list?userPhoneIds=${id}`);
  assert.equal([listed.data.list[0].businessStatus, listed.data.list[0].operation.type], ['operating', 'newMachine']);
  ctx.advance(OPERATION_DURATION_MS.newMachine);
  assert.is((await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: [id], taskType: 'newMachine' } })).data[0].status, 'done');
  assert.equal(await identity(ctx, id), after, 'back with the new identity');
});

test('one field: only that field changes, the model stays', async () => {
  const ctx = await demo();
  const fields = { IMEI: 'imei', WLAN_MAC: 'wlanMac', ANDROID_ID: 'androidId', SERIAL_NO: 'serialNo' } as const;
  const ids = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Work phone', 'Reader'], async (name) => await phoneId(ctx, name)));
  for (const [i, [type, field]] of Object.entries(fields).entries()) {
    const id = ids[i]!;
    const before = await identity(ctx, id);
    const reply = await batch(ctx, [id], type);
    assert.is(reply.data[0].success, true, type);
    const after = await identity(ctx, id);
    assertValid(after);
    assert.is.not(after[field], before[field], field);
    assert.equal({ ...after, [field]: '' }, { ...before, [field]: '' }, `${type} changes ${field} only`);
  }
});

test('a chosen model on a batch: each phone gets it with identities of its own', async () => {
  const ctx = await demo();
  const ids = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Work phone'], async (name) => await phoneId(ctx, name)));
  const pixel = CATALOGUE.find((m) => m.model === 'Pixel 8')!;
  const reply = await byId(ctx, ids, pixel.modelId);
  assert.equal(reply.data.map((e: any) => e.success), [true, true, true]);
  const after = await Promise.all(ids.map((id) => identity(ctx, id)));
  for (const found of after) {
    assertValid(found);
    assert.is(found.modelId, pixel.modelId);
  }
  assert.is(new Set(after.map((f) => f.imei)).size, 3);
  assert.is((await byId(ctx, ids, 999_999)).code, ErrorCode.MOCK_MODEL_NOT_EXIST);
  assert.is((await byId(ctx, ids, 'x')).code, ErrorCode.MOCK_MODEL_NOT_EXIST);
});

test('the phone rules: expired, busy, maintenance, replacing, a fault are refused per phone; nothing changes on them', async () => {
  const ctx = await demo();
  const named = (await mapInOrder(['Old account', 'Test device', 'Being replaced', 'Shop assistant', 'Game farm 1'], async (name) => await phoneId(ctx, name)));
  const [expired, maintenance, replacing, busy, faulty] = named as [number, number, number, number, number];
  assert.is((await ctx.call(`${PHONE}/reboot?userPhoneIds=${busy}`, { method: 'PUT' })).code, 0);
  await ctx.db.run("UPDATE phones SET fault = 'malfunction' WHERE id = ?", faulty);
  const before = await Promise.all(named.map((id) => identity(ctx, id)));
  const reply = await batch(ctx, named, 'ALL');
  assert.is(reply.code, 0, reply.msg);
  assert.equal(
    reply.data.map((e: any) => [e.userPhoneId, e.code]),
    [[expired, ErrorCode.DEVICE_EXPIRED], [maintenance, ErrorCode.DEVICE_MAINTENANCE], [replacing, ErrorCode.DEVICE_REPLACING], [busy, ErrorCode.DEVICE_BUSY], [faulty, ErrorCode.RESTART_FAILED]],
  );
  assert.equal(await Promise.all(named.map((id) => identity(ctx, id))), before);
  const one = await mock(ctx, busy, 'IMEI');
  assert.equal([one.code, one.data.success, one.data.code], [0, false, ErrorCode.DEVICE_BUSY]);
});

test('ownership: another account\'s phone does not exist; a phone lent to the caller is refused as authorized', async () => {
  const ctx = await demo();
  const lent = await phoneId(ctx, 'Shop assistant');
  const stranger = await phoneId(ctx, '绿洲 1', 100, '13800138000');
  for (const reply of [await mock(ctx, stranger), await current(ctx, stranger), await batch(ctx, [lent, stranger]), await byId(ctx, [stranger], CATALOGUE[0]!.modelId)]) {
    assert.is(reply.code, ErrorCode.DEVICE_NOT_EXIST);
  }
  assert.is(new Set((await record(ctx)).data.list.map((row: any) => row.userPhoneId)).has(lent), false, 'nothing done on a refused call');
  const grant = await ctx.call(`${PHONE}/grant/create`, {
    body: { userPhoneId: lent, mode: 'account', permission: 'control', days: 1, account: CASES_MOBILE, agreed: true },
  });
  assert.is(grant.code, 0, grant.msg);
  const grantee = await receiver(ctx);
  const own = await phoneId(ctx, 'Spare line', 1, CASES_MOBILE);
  for (const reply of [await mock(grantee, lent), await current(grantee, lent), await batch(grantee, [own, lent]), await byId(grantee, [lent], CATALOGUE[0]!.modelId)]) {
    assert.is(reply.code, ErrorCode.MOCK_PHONE_AUTHORIZED);
    assert.is(reply.msg, 'The model of an authorized phone cannot be changed');
  }
  assert.is((await batch(grantee, [own])).data[0].success, true);
});

test('limits and bad input: batch size, type, ids', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const many = Array.from({ length: MOCK_BATCH_LIMIT + 1 }, (_, i) => i + 1);
  assert.is((await batch(ctx, many)).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is((await byId(ctx, many, CATALOGUE[0]!.modelId)).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is((await mock(ctx, id, 'MODEL')).code, ErrorCode.MOCK_TYPE_INVALID);
  assert.is((await batch(ctx, [id], 'imei')).code, ErrorCode.MOCK_TYPE_INVALID);
  assert.is((await mock(ctx, 'x')).code, ErrorCode.BAD_REQUEST);
  assert.is((await batch(ctx, [])).code, ErrorCode.BAD_REQUEST);
});

test('the record: each attempt with its time, models before and after, the params, the result; paged, newest first', async () => {
  const ctx = await demo();
  const [a, b] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Old account')];
  const before = await identity(ctx, a);
  await batch(ctx, [a, b], 'ALL');
  ctx.advance(OPERATION_DURATION_MS.newMachine);
  await mock(ctx, a, 'WLAN_MAC');
  const after = await identity(ctx, a);
  const page = await record(ctx, '?pageNo=1&pageSize=2');
  assert.is(page.code, 0, page.msg);
  assert.is(page.data.total, 3);
  const [last, failed] = page.data.list;
  assert.equal([last.userPhoneId, last.mockType, last.params, last.success, last.code], [a, 'WLAN_MAC', ['wlanMac'], true, 0]);
  assert.is(last.beforeModel, last.afterModel);
  assert.ok(last.afterModel.includes(after.model));
  assert.equal([failed.userPhoneId, failed.phoneName, failed.success, failed.code], [b, 'Old account', false, ErrorCode.DEVICE_EXPIRED]);
  const first = (await record(ctx, '?pageNo=2&pageSize=2')).data.list[0];
  assert.equal([first.userPhoneId, first.mockType, first.params.length], [a, 'ALL', 7]);
  assert.ok(first.beforeModel.includes(before.model) && first.createTime <= last.createTime);
  assert.is((await record(ctx, `?userPhoneId=${b}`)).data.total, 1);
  const other = await receiver(ctx);
  assert.is((await record(other)).data.total, 0, 'only the caller\'s record');
});

test('the stream hears of each phone that changed (its screen reboots with the new identity), not of refused ones', async () => {
  const heard: Array<[number, string]> = [];
  const ctx = await demo(1, undefined, { phoneRestarted: (id, kind) => void heard.push([id, kind]) });
  const [a, b] = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Old account')];
  await batch(ctx, [a, b], 'ANDROID_ID');
  assert.equal(heard, [[a, 'newMachine']]);
});

test.run();

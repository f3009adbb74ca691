import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, idsQuery, listPhones, PHONE, phoneId, phoneRow, SCALE_MOBILE } from '../device-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Devices": reboot, quick restart and reset as state transitions over the injected clock.

type Demo = Awaited<ReturnType<typeof demo>>;

async function status(ctx: Demo, id: number) {
  const reply = await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: [id] } });
  assert.is(reply.code, 0);
  return reply.data[0] as { userPhoneId: number; businessStatus: string; operation: { type: string; progress: number; startedAt: number } | null };
}

const reboot = (ctx: Demo, ids: number[], type = '') => ctx.call(`${PHONE}/reboot${idsQuery(ids, type ? `&type=${type}` : '')}`, { method: 'PUT' });
const reset = (ctx: Demo, ids: number[]) => ctx.call(`${PHONE}/reset${idsQuery(ids)}`, { method: 'PUT' });

test('reboot: operating for 4 s with rising progress, busy meanwhile, then online', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const started = ctx.now();
  const reply = await reboot(ctx, [id]);
  assert.is(reply.code, 0);
  assert.equal(reply.data, [{ userPhoneId: id, success: true, code: 0, msg: '' }]);

  assert.equal(await status(ctx, id), { userPhoneId: id, businessStatus: 'operating', operation: { type: 'reboot', progress: 0, startedAt: started } });
  ctx.advance(1000);
  assert.is((await status(ctx, id)).operation!.progress, 25);
  ctx.advance(2000);
  assert.is((await status(ctx, id)).operation!.progress, 75);
  const listed = (await listPhones(ctx, 'keyword=Shop%20assistant')).list[0]!;
  assert.is(listed.businessStatus, 'operating');
  assert.equal(listed.operation, { type: 'reboot', progress: 75, startedAt: started });

  const busy = await reboot(ctx, [id], 'quickRestart');
  assert.equal(busy.data, [{ userPhoneId: id, success: false, code: ErrorCode.DEVICE_BUSY, msg: 'The device is operating, try again later' }]);
  assert.equal((await reset(ctx, [id])).data[0].code, ErrorCode.DEVICE_BUSY);
  assert.is((await phoneRow(ctx, id)).operation_type, 'reboot');

  ctx.advance(999);
  assert.is((await status(ctx, id)).businessStatus, 'operating');
  ctx.advance(1);
  assert.equal(await status(ctx, id), { userPhoneId: id, businessStatus: 'online', operation: null });
  // Done: a new operation may start.
  assert.is((await reboot(ctx, [id])).data[0].success, true);
});

test('quick restart takes 2 s and brings an offline phone online; unknown types are 400', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Backup');
  assert.is((await status(ctx, id)).businessStatus, 'offline');
  assert.is((await reboot(ctx, [id], 'quickRestart')).data[0].success, true);
  ctx.advance(1000);
  assert.equal((await status(ctx, id)).operation, { type: 'quickRestart', progress: 50, startedAt: ctx.now() - 1000 });
  ctx.advance(1000);
  assert.equal(await status(ctx, id), { userPhoneId: id, businessStatus: 'online', operation: null });
  assert.is((await reboot(ctx, [id], 'reset')).code, ErrorCode.BAD_REQUEST);
  assert.is((await reboot(ctx, [id], 'shutdown')).code, ErrorCode.BAD_REQUEST);
  // A trial phone stays a trial phone after its restart.
  const trial = await phoneId(ctx, 'Free trial');
  await reboot(ctx, [trial]);
  ctx.advance(4000);
  assert.is((await status(ctx, trial)).businessStatus, 'trial');
});

test('reset: 8 s, root off and the default resolution from the start', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Work phone');
  assert.equal([(await phoneRow(ctx, id)).root, (await phoneRow(ctx, id)).width], [1, 1080]);
  assert.is((await reset(ctx, [id])).data[0].success, true);
  const listed = (await listPhones(ctx, 'keyword=Work%20phone')).list[0]!;
  assert.equal([listed.root, listed.width, listed.height, listed.dpi], [false, 720, 1280, 320]);
  ctx.advance(4000);
  assert.equal((await status(ctx, id)).operation?.progress, 50);
  // Settings wait for the reset to finish.
  const root = await ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: [id], root: true } });
  assert.is(root.data[0].code, ErrorCode.DEVICE_BUSY);
  const resolution = await ctx.call(`${PHONE}/set-resolution`, { method: 'PUT', body: { userPhoneId: id, width: 1080, height: 1920, dpi: 480 } });
  assert.is(resolution.code, ErrorCode.DEVICE_BUSY);
  ctx.advance(4000);
  assert.is((await status(ctx, id)).businessStatus, 'online');
  assert.equal([(await phoneRow(ctx, id)).root, (await phoneRow(ctx, id)).width, (await phoneRow(ctx, id)).dpi], [0, 720, 320]);
});

test('a mixed batch acts per device: expired, maintenance, replacing, migrating and busy phones are refused, the others start', async () => {
  const ctx = await demo();
  const ids = (await mapInOrder(['Reader', 'Old account', 'Test device', 'Being replaced', 'Moving house', 'Music box'], async (n) => await phoneId(ctx, n)));
  await reboot(ctx, [ids[5]!]);
  const reply = await reset(ctx, ids);
  assert.is(reply.code, 0);
  assert.equal(
    reply.data.map((e: any) => [e.userPhoneId, e.success, e.code]),
    [
      [ids[0], true, 0],
      [ids[1], false, ErrorCode.DEVICE_EXPIRED],
      [ids[2], false, ErrorCode.DEVICE_MAINTENANCE],
      [ids[3], false, ErrorCode.DEVICE_REPLACING],
      [ids[4], false, ErrorCode.DEVICE_MIGRATED],
      [ids[5], false, ErrorCode.DEVICE_BUSY],
    ],
  );
  assert.is(reply.data[1].msg, 'The device has expired');
  assert.is(reply.data[2].msg, 'The device is under maintenance');
  assert.equal((await mapInOrder(ids, async (id) => (await phoneRow(ctx, id)).operation_type)), ['reset', null, null, null, null, 'reboot']);
  assert.is((await status(ctx, ids[2]!)).businessStatus, 'maintenance');
});

test("another user's phone in a batch: DEVICE_NOT_EXIST and nothing changes", async () => {
  const ctx = await demo();
  const green = await demo(100);
  const own = await phoneId(ctx, 'Reader');
  const foreign = await phoneId(green, '绿洲 1', 100);
  // Same tenant, another user.
  const neighbour = await phoneId(ctx, 'Phone 0001', 1, SCALE_MOBILE);
  const before = [await phoneRow(ctx, own), await phoneRow(ctx, foreign), await phoneRow(ctx, neighbour)];
  for (const ids of [[own, foreign], [foreign], [own, neighbour], [own, 999_999]]) {
    for (const reply of [await reboot(ctx, ids), await reset(ctx, ids)]) {
      assert.is(reply.code, ErrorCode.DEVICE_NOT_EXIST, String(ids));
      assert.is(reply.msg, 'The device does not exist');
      assert.is(reply.data, null);
    }
    const status = await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: ids } });
    assert.is(status.code, ErrorCode.DEVICE_NOT_EXIST);
  }
  assert.equal([await phoneRow(ctx, own), await phoneRow(ctx, foreign), await phoneRow(ctx, neighbour)], before);
  // The owner of the foreign phone can reboot it.
  assert.is((await green.call(`${PHONE}/reboot${idsQuery([foreign])}`, { method: 'PUT' })).data[0].success, true);
});

test('batch size: 1-100 ids, duplicates answered once, malformed ids are 400', async () => {
  const ctx = await demo();
  const many = Array.from({ length: 101 }, (_, i) => i + 1);
  const tooMany = await reboot(ctx, many);
  assert.is(tooMany.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is(tooMany.msg, 'At most 100 devices at once');
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM phones WHERE operation_type IS NOT NULL'), 0);
  assert.is((await ctx.call(`${PHONE}/reboot`, { method: 'PUT' })).code, ErrorCode.BAD_REQUEST);
  assert.is((await ctx.call(`${PHONE}/reset?userPhoneIds=abc`, { method: 'PUT' })).code, ErrorCode.BAD_REQUEST);
  const id = await phoneId(ctx, 'Reader');
  const twice = await reboot(ctx, [id, id]);
  assert.equal(twice.data.map((e: any) => e.userPhoneId), [id]);
});

test('an operating phone that reaches its expiry is expired', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Reader');
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 1000, id);
  await reboot(ctx, [id]);
  assert.is((await status(ctx, id)).businessStatus, 'operating');
  ctx.advance(1000);
  assert.is((await status(ctx, id)).businessStatus, 'expired');
  assert.is((await reboot(ctx, [id])).data[0].code, ErrorCode.DEVICE_EXPIRED);
});

test('phoneRestarted hears of every phone whose reboot, quick restart or reset started, not of refused ones', async () => {
  const heard: Array<[number, string]> = [];
  const ctx = await demo(1, undefined, { phoneRestarted: (id, kind) => heard.push([id, kind]) });
  const [reader, music, expired] = (await mapInOrder(['Reader', 'Music box', 'Old account'], async (n) => await phoneId(ctx, n))) as [number, number, number];
  await reboot(ctx, [reader, music]);
  assert.equal(heard.splice(0), [[reader, 'reboot'], [music, 'reboot']]);
  // Both busy now, and the expired phone never starts: nothing is heard.
  const refused = await reboot(ctx, [reader, music, expired], 'quickRestart');
  assert.ok(refused.data.every((e: any) => !e.success));
  assert.equal(heard, []);
  ctx.advance(4000);
  await reboot(ctx, [reader, expired], 'quickRestart');
  assert.equal(heard.splice(0), [[reader, 'quickRestart']]);
  ctx.advance(2000);
  await reset(ctx, [music, reader]);
  assert.equal(heard.splice(0), [[music, 'reset'], [reader, 'reset']]);
  // A batch refused as a whole (a foreign id) starts nothing.
  ctx.advance(8000);
  assert.is((await reboot(ctx, [reader, 999_999])).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.equal(heard, []);
});

test('get-progress reports the operations: none, running, done', async () => {
  const ctx = await demo();
  const [a, b] = [await phoneId(ctx, 'Reader'), await phoneId(ctx, 'Music box')];
  const progress = async (taskType: string) => (await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: [a, b], taskType } })).data;
  await reset(ctx, [a]);
  ctx.advance(2000);
  assert.equal(await progress('reset'), [
    { userPhoneId: a, taskType: 'reset', progress: 25, status: 'running' },
    { userPhoneId: b, taskType: 'reset', progress: 0, status: 'none' },
  ]);
  assert.is((await progress('reboot'))[0].status, 'none');
  assert.is((await progress('CLONE'))[0].status, 'none');
  ctx.advance(6000);
  assert.equal((await progress('reset'))[0], { userPhoneId: a, taskType: 'reset', progress: 100, status: 'done' });
  assert.is((await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: [a] } })).code, ErrorCode.BAD_REQUEST);
});

test('get-progress refuses a task type outside the spec\'s list instead of echoing it once per phone', async () => {
  const ctx = await demo();
  const ids = [await phoneId(ctx, 'Reader'), await phoneId(ctx, 'Music box')];
  for (const taskType of ['x'.repeat(50_000), 'clone', 'DROP TABLE', 'reboot ', ' CLONE']) {
    const reply = await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: ids, taskType } });
    assert.is(reply.code, ErrorCode.BAD_REQUEST, taskType.slice(0, 20));
    assert.ok(reply.msg.length < 200, 'the refusal does not repeat the input');
    assert.is(reply.data, null);
  }
  const tooMany = Array.from({ length: 201 }, (_, index) => index + 1);
  assert.is((await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: tooMany, taskType: 'CLONE' } })).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
});

test.run();

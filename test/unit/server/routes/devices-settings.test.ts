import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { isLuhnValid, luhnCheckDigit } from '../../../../server/lib/phone-hardware.ts';
import { hashToken } from '../../../../server/lib/tokens.ts';
import { demo, GROUP, listPhones, PHONE, phoneId, phoneRow, SCALE_MOBILE } from '../device-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Devices": rename, set-root, set-resolution, set-group, status, security-token, get-extend-batch.

const MINUTE = 60_000;

test('rename: checkName, trimmed, any state; a foreign phone does not exist', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Old account');
  const renamed = await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name: '  <b>Mine</b> 😀 ' } });
  assert.is(renamed.code, 0);
  assert.is(renamed.data, true);
  assert.is((await phoneRow(ctx, id)).name, '<b>Mine</b> 😀');
  for (const name of ['', '  ', 'n'.repeat(21), undefined, 'a\u0000b', 'evil\u202Egnp.exe', '\u200B', '\u3164', `z${'\u0301'.repeat(19)}`]) {
    const reply = await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name } });
    assert.is(reply.code, ErrorCode.NAME_INVALID, String(name));
  }
  const green = await demo(100);
  const foreign = await phoneId(green, '绿洲 1', 100);
  const refused = await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: foreign, name: 'Taken' } });
  assert.is(refused.code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await phoneRow(ctx, foreign)).name, '绿洲 1');
  assert.is((await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { name: 'x' } })).code, ErrorCode.BAD_REQUEST);
});

test('set-root: per device, refused while expired, in maintenance or busy; a foreign id changes nothing', async () => {
  const ctx = await demo();
  const ids = (await mapInOrder(['Reader', 'Old account', 'Test device'], async (n) => await phoneId(ctx, n)));
  const reply = await ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: ids, root: true } });
  assert.equal(
    reply.data.map((e: any) => [e.success, e.code]),
    [[true, 0], [false, ErrorCode.DEVICE_EXPIRED], [false, ErrorCode.DEVICE_MAINTENANCE]],
  );
  assert.equal((await mapInOrder(ids, async (id) => (await phoneRow(ctx, id)).root)), [1, 0, 0]);
  assert.is((await listPhones(ctx, 'keyword=Reader')).list[0]!.root, true);
  assert.is((await ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: [ids[0]], root: 'yes' } })).code, ErrorCode.BAD_REQUEST);

  const green = await demo(100);
  const foreign = await phoneId(green, '绿洲 1', 100);
  const mixed = await ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: [ids[0], foreign], root: false } });
  assert.is(mixed.code, ErrorCode.DEVICE_NOT_EXIST);
  const neighbour = await phoneId(ctx, 'Phone 0002', 1, SCALE_MOBILE);
  const sameTenant = await ctx.call(`${PHONE}/set-root`, { method: 'PUT', body: { userPhoneIds: [ids[0], neighbour], root: false } });
  assert.is(sameTenant.code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await phoneRow(ctx, neighbour)).root, 0);
  assert.equal([(await phoneRow(ctx, ids[0]!)).root, (await phoneRow(ctx, foreign)).root], [1, 0]);
});

test('set-resolution: one of the three; invalid is RESOLUTION_INVALID; state and ownership refusals', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Reader');
  const set = (userPhoneId: number, width: unknown, height: unknown, dpi: unknown) =>
    ctx.call(`${PHONE}/set-resolution`, { method: 'PUT', body: { userPhoneId, width, height, dpi } });
  assert.is((await set(id, 1080, 1920, 480)).data, true);
  assert.equal([(await phoneRow(ctx, id)).width, (await phoneRow(ctx, id)).height, (await phoneRow(ctx, id)).dpi], [1080, 1920, 480]);
  assert.is((await set(id, 540, 960, 240)).code, 0);
  for (const bad of [[720, 1280, 240], [1280, 720, 320], [0, 0, 0], ['x', 1280, 320], [null, null, null]]) {
    const reply = await set(id, bad[0], bad[1], bad[2]);
    assert.is(reply.code, ErrorCode.RESOLUTION_INVALID, String(bad));
  }
  assert.equal([(await phoneRow(ctx, id)).width, (await phoneRow(ctx, id)).dpi], [540, 240]);
  assert.is((await set(await phoneId(ctx, 'Test device'), 720, 1280, 320)).code, ErrorCode.DEVICE_MAINTENANCE);
  assert.is((await set(await phoneId(ctx, 'Old account'), 720, 1280, 320)).code, ErrorCode.DEVICE_EXPIRED);
  const green = await demo(100);
  assert.is((await set(await phoneId(green, '绿洲 1', 100), 720, 1280, 320)).code, ErrorCode.DEVICE_NOT_EXIST);
});

test("set-group: moves phones to one of the caller's groups", async () => {
  const ctx = await demo();
  const groups = (await ctx.call(`${GROUP}/simple-list`, { language: 'en-US' })).data;
  const games = groups.find((g: any) => g.name === 'Games').id;
  const ids = (await mapInOrder(['Reader', 'Old account'], async (n) => await phoneId(ctx, n)));
  const reply = await ctx.call(`${PHONE}/set-group`, { method: 'PUT', body: { userPhoneIds: ids, groupId: games } });
  assert.equal(reply.data, ids.map((userPhoneId) => ({ userPhoneId, success: true, code: 0, msg: '' })));
  assert.equal((await mapInOrder(ids, async (id) => (await phoneRow(ctx, id)).group_id)), [games, games]);

  const green = await demo(100);
  const foreignGroup = (await green.call(`${GROUP}/simple-list`)).data[0].id;
  const badGroup = await ctx.call(`${PHONE}/set-group`, { method: 'PUT', body: { userPhoneIds: ids, groupId: foreignGroup } });
  assert.is(badGroup.code, ErrorCode.GROUP_NOT_EXIST);
  const foreignPhone = await phoneId(green, '绿洲 1', 100);
  const badPhone = await ctx.call(`${PHONE}/set-group`, { method: 'PUT', body: { userPhoneIds: [foreignPhone], groupId: games } });
  assert.is(badPhone.code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await phoneRow(ctx, foreignPhone)).group_id, foreignGroup);
  assert.equal((await mapInOrder(ids, async (id) => (await phoneRow(ctx, id)).group_id)), [games, games]);
});

test('status: one entry per id in the order asked', async () => {
  const ctx = await demo();
  const ids = (await mapInOrder(['Old account', 'Backup', 'Reader', 'Sync leader'], async (n) => await phoneId(ctx, n)));
  const reply = await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: ids } });
  assert.equal(reply.data, [
    { userPhoneId: ids[0], businessStatus: 'expired', operation: null },
    { userPhoneId: ids[1], businessStatus: 'offline', operation: null },
    { userPhoneId: ids[2], businessStatus: 'online', operation: null },
    { userPhoneId: ids[3], businessStatus: 'syncing', operation: null },
  ]);
  assert.is((await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: [] } })).code, ErrorCode.BAD_REQUEST);
  const tooMany = await ctx.call(`${PHONE}/status`, { body: { userPhoneIds: Array.from({ length: 201 }, (_, i) => i + 1) } });
  assert.is(tooMany.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
});

test('security-token: at least 10 minutes of validity; stored hashed with its phone and expiry', async () => {
  const ctx = await demo();
  const token = async (name: string, validTime = '') =>
    ctx.call(`${PHONE}/security-token?userPhoneId=${await phoneId(ctx, name)}${validTime ? `&validTime=${validTime}` : ''}`, { method: 'POST' });
  const issued = await token('Reader', '86400');
  assert.is(issued.code, 0);
  assert.match(issued.data.token, /^[A-Za-z0-9_-]{43}$/);
  assert.is(issued.data.expireTime, ctx.now() + 86_400_000);
  const stored = await ctx.db.all('SELECT * FROM phone_security_tokens') as any[];
  assert.is(stored.length, 1);
  assert.equal([stored[0].phone_id, stored[0].token_hash, stored[0].expires_at], [await phoneId(ctx, 'Reader'), hashToken(issued.data.token), issued.data.expireTime]);
  assert.not.ok(JSON.stringify(stored).includes(issued.data.token));

  // Never past the phone's own expiry (Free trial ends in 2 hours).
  assert.is((await token('Free trial')).data.expireTime, ctx.now() + 120 * MINUTE);
  const soon = await token('Game farm 2');
  assert.is(soon.code, ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES);
  assert.is(soon.msg, 'Validity under 10 minutes');
  // Exactly 10 minutes is enough, a millisecond less is not.
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 10 * MINUTE, await phoneId(ctx, 'Game farm 2'));
  assert.is((await token('Game farm 2')).code, 0);
  ctx.advance(1);
  assert.is((await token('Game farm 2')).code, ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES);
  assert.is((await token('Old account')).code, ErrorCode.DEVICE_EXPIRED);
  assert.is((await token('Test device')).code, ErrorCode.DEVICE_MAINTENANCE);
  assert.is((await token('Backup')).code, ErrorCode.DEVICE_OFFLINE);
  assert.is((await token('Reader', '0')).code, ErrorCode.BAD_REQUEST);
  assert.is((await token('Reader', '86401')).code, ErrorCode.BAD_REQUEST);
  const green = await demo(100);
  const foreign = await ctx.call(`${PHONE}/security-token?userPhoneId=${await phoneId(green, '绿洲 1', 100)}`, { method: 'POST' });
  assert.is(foreign.code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM phone_security_tokens'), 3);
});

test('luhn check digit', () => {
  assert.is(luhnCheckDigit('49015420323751'), 8);
  assert.ok(isLuhnValid('490154203237518'));
  assert.not.ok(isLuhnValid('490154203237517'));
  assert.ok(isLuhnValid('79927398713'));
});

test('get-extend-batch: plausible hardware, stable per phone, IMEIs pass the Luhn check', async () => {
  const ctx = await demo();
  const ids = (await listPhones(ctx)).list.map((p) => p.userPhoneId);
  const reply = await ctx.call(`${PHONE}/get-extend-batch`, { body: { userPhoneIds: ids } });
  assert.is(reply.code, 0);
  assert.equal(reply.data.map((h: any) => h.userPhoneId), ids);
  for (const h of reply.data) {
    assert.match(h.imei, /^\d{15}$/);
    assert.ok(isLuhnValid(h.imei), h.imei);
    assert.match(h.serialNo, /^[A-Za-z0-9]{8,16}$/);
    assert.match(h.wlanMac, /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
    assert.match(h.androidId, /^[0-9a-f]{16}$/);
    assert.match(h.systemVersion, /^Android \d+$/);
    assert.match(h.ram, /^\d+GB$/);
    assert.match(h.storage, /^\d+GB$/);
    assert.match(h.cpu, /^\d+ cores$/);
    assert.ok(h.model && h.brand);
  }
  assert.is(new Set(reply.data.map((h: any) => h.imei)).size, ids.length);
  // The same answer again, and from another server process over the same seed.
  assert.equal((await ctx.call(`${PHONE}/get-extend-batch`, { body: { userPhoneIds: ids } })).data, reply.data);
  const other = await demo();
  assert.equal((await other.call(`${PHONE}/get-extend-batch`, { body: { userPhoneIds: ids } })).data, reply.data);
  const green = await demo(100);
  const foreign = await ctx.call(`${PHONE}/get-extend-batch`, { body: { userPhoneIds: [ids[0], await phoneId(green, '绿洲 1', 100)] } });
  assert.is(foreign.code, ErrorCode.DEVICE_NOT_EXIST);
});

test.run();

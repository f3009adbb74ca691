import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { demo, idsQuery, listPhones, PHONE, phoneId, phoneRow, SCALE_MOBILE } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { CASES_MOBILE, check, codes, give, LIST, receiver, setConfig, type Demo } from '../transfer-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Transfers": give-check tells per phone what give would do; give re-checks everything in one transaction,
// records the order and moves the allowed phones; give-list shows the records to both sides. Who may be named as
// the receiver, and what the answers tell of it, is in transfer-receiver.test.ts.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** An unredeemed grant code of the phone, made through the grant API: it authorises the phone already. */
async function grantCode(ctx: Pick<Demo, 'call'>, phone: number) {
  const reply = await ctx.call('/api/device/user/phone/grant/create', {
    body: { userPhoneId: phone, mode: 'code', permission: 'view', days: 1, agreed: true },
  });
  assert.is(reply.code, 0, reply.msg);
  return reply.data.grantId as number;
}

/**
 * A grant that ran out an hour ago without ever being marked ended, planted in the database: the API makes grants
 * from now on only.
 */
async function expiredGrant(ctx: Demo, phone: number, granteeId: number) {
  await ctx.db
    .run(`INSERT INTO phone_grants (tenant_id, phone_id, owner_id, mode, permission, days, grantee_id, expires_at, created_at)
       VALUES (1, ?, ?, 'account', 'view', 3, ?, ?, ?)`, phone, ctx.userId, granteeId, ctx.now() - HOUR, ctx.now() - 3 * DAY);
}
test('give-check answers per phone and changes nothing; give moves the phones with their remaining time', async () => {
  const ctx = await demo();
  const other = await receiver(ctx);
  const ids = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Archive'), await phoneId(ctx, 'Game farm 3')];
  const before = (await mapInOrder(ids, async (id) => await phoneRow(ctx, id)));

  const checked = await check(ctx, ids, CASES_MOBILE);
  assert.is(checked.code, 0, checked.msg);
  // Named by its mobile: its user number is not told.
  assert.equal(checked.data.receiver, { userNo: '', mobile: '138****8002' });
  assert.equal(
    checked.data.items.map((item: any) => [item.name, item.ok, item.code]),
    [['Shop assistant', true, 0], ['Archive', true, 0], ['Game farm 3', false, ErrorCode.TRANSFER_TIME_TOO_SHORT]],
  );
  assert.is(checked.data.items[2].msg, 'The phone has too little time left to be transferred');
  assert.equal((await mapInOrder(ids, async (id) => await phoneRow(ctx, id))), before, 'a check moves nothing');
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM transfer_orders'), 0);

  const receiverGroups = (await other.call(`/api/device/phone-group/simple-list`)).data;
  const given = await give(ctx, ids, CASES_MOBILE);
  assert.is(given.code, 0, given.msg);
  assert.match(given.data.orderNo, /^\d{20}$/);
  assert.equal(given.data.receiver, { userNo: '', mobile: '138****8002' });
  assert.is(given.data.status, 'partial');
  assert.equal(given.data.items.map((item: any) => item.status), ['success', 'success', 'failed']);
  assert.equal(given.data.items.map((item: any) => item.finishTime), [ctx.now(), ctx.now(), ctx.now()]);

  const defaultGroup = receiverGroups.find((g: any) => g.isDefault).id;
  for (const [index, id] of ids.slice(0, 2).entries()) {
    const row = await phoneRow(ctx, id);
    assert.is(row.user_id, other.user.id);
    assert.is(row.group_id, defaultGroup, "into the receiver's default group");
    assert.is(row.expire_time, before[index]!.expire_time, 'remaining time unchanged');
    assert.is(row.name, before[index]!.name);
  }
  assert.is((await phoneRow(ctx, ids[2]!)).user_id, ctx.userId, 'the refused phone stays');
  const mine = (await listPhones(ctx, 'pageSize=200')).list.map((p) => p.userPhoneId);
  assert.ok(!mine.includes(ids[0]) && !mine.includes(ids[1]) && mine.includes(ids[2]));
  const theirs = (await listPhones(other, 'pageSize=200')).list.map((p) => p.userPhoneId);
  assert.ok(theirs.includes(ids[0]) && theirs.includes(ids[1]));
  // The old owner's calls now answer as for a phone that does not exist.
  assert.is((await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: ids[0], name: 'Mine' } })).code, ErrorCode.DEVICE_NOT_EXIST);
  const items = await ctx.db.all('SELECT phone_id, status, reason_code FROM transfer_items ORDER BY id');
  assert.equal(items, [
    { phone_id: ids[0], status: 'success', reason_code: null },
    { phone_id: ids[1], status: 'success', reason_code: null },
    { phone_id: ids[2], status: 'failed', reason_code: ErrorCode.TRANSFER_TIME_TOO_SHORT },
  ]);
});

test('batch: 1 to the configured count of phones, repeats dropped; more is refused whole', async () => {
  const ctx = await demo();
  const names = ['Shop assistant', 'Game farm 1', 'Work phone', 'Night shift', 'Weekend', 'Archive'];
  const ids = (await mapInOrder(names, async (name) => await phoneId(ctx, name)));
  const six = await give(ctx, ids, CASES_MOBILE);
  assert.is(six.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is(six.msg, 'At most 5 devices at once');
  assert.is((await check(ctx, ids, CASES_MOBILE)).code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  // Repeats count once.
  const repeated = await check(ctx, [...ids.slice(0, 5), ids[0], ids[1]], CASES_MOBILE);
  assert.is(repeated.code, 0);
  assert.is(repeated.data.items.length, 5);
  assert.is((await check(ctx, [], CASES_MOBILE)).code, ErrorCode.BAD_REQUEST);
  assert.is((await check(ctx, ['x'], CASES_MOBILE)).code, ErrorCode.BAD_REQUEST);
  // The tenant's setting rules.
  await setConfig(ctx, 'PHONE_GIVE_BY_BATCH_COUNT_LIMIT', '2');
  assert.is((await give(ctx, ids.slice(0, 3), CASES_MOBILE)).msg, 'At most 2 devices at once');
  assert.is((await give(ctx, ids.slice(0, 2), CASES_MOBILE)).code, 0);
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM transfer_items'), 2);
});

test('per phone: not mine, expired, busy, replacing, migrating, authorised, too little time, each with its code', async () => {
  const ctx = await demo();
  const scalePhone = await phoneId(ctx, 'Phone 0001', 1, SCALE_MOBILE);
  const busy = await phoneId(ctx, 'Chess club');
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([busy])}`, { method: 'PUT' })).code, 0);
  const authorised = await phoneId(ctx, 'Photo backup');
  const authorisation = await grantCode(ctx, authorised);
  const cases: Array<[number, number]> = [
    [scalePhone, ErrorCode.DEVICE_NOT_EXIST],
    [999_999, ErrorCode.DEVICE_NOT_EXIST],
    [await phoneId(ctx, 'Old account'), ErrorCode.DEVICE_EXPIRED],
    [busy, ErrorCode.DEVICE_BUSY],
    [await phoneId(ctx, 'Being replaced'), ErrorCode.DEVICE_REPLACING],
    [await phoneId(ctx, 'Moving house'), ErrorCode.DEVICE_MIGRATED],
    [authorised, ErrorCode.TRANSFER_AUTHORIZED],
    [await phoneId(ctx, '小红书 1'), ErrorCode.TRANSFER_TIME_TOO_SHORT],
    [await phoneId(ctx, 'Game farm 3'), ErrorCode.TRANSFER_TIME_TOO_SHORT],
  ];
  await setConfig(ctx, 'PHONE_GIVE_BY_BATCH_COUNT_LIMIT', '20');
  const checked = await check(ctx, cases.map(([id]) => id), CASES_MOBILE);
  assert.is(checked.code, 0);
  assert.equal(codes(checked), cases.map(([, code]) => code));
  assert.ok(checked.data.items.every((item: any) => !item.ok));
  assert.equal(checked.data.items.slice(0, 2).map((item: any) => [item.phoneNo, item.name]), [['', ''], ['', '']], "nothing of another's phone");
  assert.is(checked.data.items[6].msg, 'An authorized phone cannot be transferred');

  const given = await give(ctx, cases.map(([id]) => id), CASES_MOBILE);
  assert.equal(codes(given), cases.map(([, code]) => code));
  assert.is(given.data.status, 'failed');
  // Only the caller's phones are recorded, each failed with its reason.
  const recorded = await ctx.db.all('SELECT phone_id, status, reason_code FROM transfer_items ORDER BY id') as any[];
  assert.equal(recorded.map((r) => r.phone_id), cases.slice(2).map(([id]) => id));
  assert.ok(recorded.every((r, i) => r.status === 'failed' && r.reason_code === cases[i + 2]![1]));
  assert.is((await phoneRow(ctx, scalePhone)).user_id, (await findUserByMobile(ctx.db, 1, SCALE_MOBILE))!.id, "another's phone is untouched");
  // None of them mine: nothing to record.
  assert.is((await give(ctx, [scalePhone, 999_999], CASES_MOBILE)).code, ErrorCode.DEVICE_NOT_EXIST);
  // The time limit is the tenant's: 2 hours lets the 3-hour phone go, not the 1-hour one.
  await setConfig(ctx, 'PHONE_GIVE_BY_EXPIRE_TIME_LIMIT', '2');
  assert.equal(codes(await check(ctx, [await phoneId(ctx, 'Game farm 3'), await phoneId(ctx, '抖音运营')], CASES_MOBILE)), [0, ErrorCode.TRANSFER_TIME_TOO_SHORT]);
  // A revoked grant no longer counts.
  assert.is((await ctx.call('/api/device/user/phone/grant/revoke', { method: 'PUT', body: { grantId: authorisation } })).code, 0);
  assert.equal(codes(await check(ctx, [authorised], CASES_MOBILE)), [0]);
});

test('give does not rely on an earlier check: a phone authorised after the check is refused', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Spare');
  assert.equal(codes(await check(ctx, [id], CASES_MOBILE)), [0]);
  await grantCode(ctx, id);
  const given = await give(ctx, [id], CASES_MOBILE);
  assert.equal(codes(given), [ErrorCode.TRANSFER_AUTHORIZED]);
  assert.is((await phoneRow(ctx, id)).user_id, ctx.userId);
});

test("a phone's transfers per day and their frequency; the user's transfers per day", async () => {
  const ctx = await demo();
  const other = await receiver(ctx);
  const id = await phoneId(ctx, 'Archive');
  assert.equal(codes(await give(ctx, [id], CASES_MOBILE)), [0]);
  // Straight back the same day: the phone's one transfer a day is spent.
  assert.equal(codes(await give(other, [id], DEMO_MOBILE)), [ErrorCode.TRANSFER_PHONE_DAY_LIMIT]);
  assert.is((await give(other, [id], DEMO_MOBILE)).data.items[0].msg, "This phone has reached today's transfer limit");
  // With more a day allowed, the 24 hours between two transfers still hold: tomorrow, but under 24 hours later.
  await setConfig(ctx, 'PHONE_GIVE_BY_PHONE_DAY_COUNT_LIMIT', '5');
  assert.equal(codes(await check(other, [id], DEMO_MOBILE)), [ErrorCode.TRANSFER_TOO_FREQUENT]);
  ctx.advance(20 * HOUR);
  assert.equal(codes(await check(other, [id], DEMO_MOBILE)), [ErrorCode.TRANSFER_TOO_FREQUENT]);
  await setConfig(ctx, 'PHONE_GIVE_BY_PHONE_DAY_COUNT_LIMIT', '1');
  ctx.advance(4 * HOUR);
  assert.equal(codes(await give(other, [id], DEMO_MOBILE)), [0], 'a day later it may move again');
  assert.is((await phoneRow(ctx, id)).user_id, ctx.userId);

  // The user's count: 2 a day, spent in the order asked.
  await setConfig(ctx, 'PHONE_GIVE_BY_USER_DAY_COUNT_LIMIT', '2');
  ctx.advance(DAY);
  const three = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Work phone'], async (name) => await phoneId(ctx, name)));
  const given = await give(ctx, three, CASES_MOBILE);
  assert.equal(codes(given), [0, 0, ErrorCode.TRANSFER_USER_DAY_LIMIT]);
  assert.is(given.data.items[2].msg, "You have reached today's transfer limit");
  assert.equal(codes(await check(ctx, [three[2]], CASES_MOBILE)), [ErrorCode.TRANSFER_USER_DAY_LIMIT]);
  // Refused phones do not count; "today" starts at midnight in UTC+8 (the clock is 08:00 UTC = 16:00 there).
  ctx.advance(8 * HOUR);
  assert.equal(codes(await check(ctx, [three[2]], CASES_MOBILE)), [0]);
});

test("live shares and grants of a moved phone end with it, expired ones stay expired; the receiver's records show only what reached it", async () => {
  const ctx = await demo();
  const other = await receiver(ctx);
  const id = await phoneId(ctx, 'Night shift');
  const now = ctx.now();
  const created = await ctx.call('/api/device/share/create', { body: { userPhoneId: id, permission: 'view', validityHours: 1 } });
  assert.is(created.code, 0, created.msg);
  const share = created.data.shareId as number;
  // A viewer who joined it (planted: joining takes the share stream's handshake, covered in shares.test.ts).
  await ctx.db
    .run("INSERT INTO share_viewers (share_id, display_name, key_hash, permission, state, joined_at, updated_at) VALUES (?, 'Guest', 'k1', 'view', 'enabled', ?, ?)", share, now, now);
  // A grant that has expired (the phone is not authorised any more) but was never marked ended.
  await expiredGrant(ctx, id, other.user.id);
  const refused = await phoneId(ctx, 'Old account');
  const given = await give(ctx, [id, refused], other.user.user_no);
  assert.equal(codes(given), [0, ErrorCode.DEVICE_EXPIRED]);
  assert.equal(await ctx.db.get('SELECT ended_at, end_reason FROM phone_shares WHERE id = ?', share), { ended_at: now, end_reason: 'transferred' });
  assert.is(await ctx.db.value('SELECT state FROM share_viewers WHERE share_id = ?', share), 'cancelled');
  assert.equal(await ctx.db.get('SELECT ended_at, end_reason FROM phone_grants WHERE phone_id = ?', id), { ended_at: null, end_reason: null });
  assert.equal((await ctx.call('/api/device/user/phone/grant/page')).data.list.map((r: any) => r.status), ['expired'], 'it ended by itself');

  // An order whose phones were all refused is the sender's business only.
  ctx.advance(1000);
  await give(ctx, [refused], CASES_MOBILE);

  const sent = await ctx.call(`${LIST}?pageSize=1`);
  assert.is(sent.code, 0);
  assert.is(sent.data.total, 2);
  assert.is(sent.data.list[0].status, 'failed', 'newest first');
  const second = (await ctx.call(`${LIST}?pageSize=1&pageNo=2`)).data.list[0];
  assert.equal(
    { ...second, items: second.items.map((item: any) => [item.phoneNo, item.status, item.code]) },
    {
      orderId: given.data.orderId,
      orderNo: given.data.orderNo,
      direction: 'sent',
      from: { userNo: (await findUserByMobile(ctx.db, 1, DEMO_MOBILE))!.user_no, mobile: '138****8000' },
      to: { userNo: other.user.user_no, mobile: '138****8002' },
      status: 'partial',
      createTime: now,
      items: [[(await phoneRow(ctx, id)).phone_no, 'success', 0], [(await phoneRow(ctx, refused)).phone_no, 'failed', ErrorCode.DEVICE_EXPIRED]],
    },
  );
  const received = await other.call(LIST);
  assert.is(received.data.total, 1);
  const order = received.data.list[0];
  assert.equal([order.direction, order.status, order.items.length, order.items[0].userPhoneId], ['received', 'success', 1, id]);
  assert.is((await other.call(`${LIST}?direction=sent`)).data.total, 0);
  assert.is((await ctx.call(`${LIST}?direction=received`)).data.total, 0);
  assert.is((await ctx.call(`${LIST}?direction=both`)).code, ErrorCode.BAD_REQUEST);
});


test.run();

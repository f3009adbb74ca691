import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { coupons, count, createOrder, DAY, getOrder, MINUTE, newKey, ORDER, packageId, PAY, PRO, shop, STANDARD, stock, submit, ULTRA } from '../commerce-helpers.ts';
import type { Shop } from '../commerce-helpers.ts';
import { listPhones, phoneId, phoneRow } from '../device-helpers.ts';

// API.md "Payment" and the order lifecycle after create: mock and wallet payments, idempotency, cancel, the 30-minute close.

const notify = (ctx: Shop, method: string, paymentId: string, result: string) =>
  ctx.call(`${PAY}/notify/${method}`, { body: { paymentId, result }, tenant: null, token: '' });
const payStatus = async (ctx: Shop, orderId: number) => (await ctx.call(`${PAY}/order/get?orderId=${orderId}`)).data;

test('mock payment of a buy: phones allocated in the default group, named and numbered, listed with the others', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2, couponId: c.cash500 });
  ctx.advance(5 * MINUTE);
  const paid = await submit(ctx, order.orderId);
  assert.is(paid.code, 0);
  assert.equal(Object.keys(paid.data).sort(), ['paymentId', 'status']);
  assert.is(paid.data.status, 'success');
  assert.match(paid.data.paymentId, /^pay_[0-9a-f]{32}$/);

  const after = await getOrder(ctx, order.orderId);
  assert.equal([after.status, after.payTime, after.payMethod, after.phoneCount], ['allocated', ctx.now(), 'mock', 2]);
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'allocated', paymentStatus: 'success' });
  assert.is(await stock(ctx, PRO), 198);
  assert.is(await ctx.db.value('SELECT used_order_id FROM coupons WHERE id = ?', c.cash500), order.orderId);
  assert.is((await ctx.call('/api/promotion/coupon/list?status=used')).data.length, 2);

  const list = await listPhones(ctx, 'sort=default&pageSize=200', 'en-US');
  assert.is(list.total, 26);
  const bought = list.list.filter((p) => after.userPhoneIds.includes(p.userPhoneId));
  assert.equal(
    bought.map((p) => [p.name, p.phoneNo, p.gradeName, p.groupName, p.businessStatus, p.expireTime]),
    [
      ['Pro 1', 'CP20001001', 'Pro', 'Default group', 'online', ctx.now() + 30 * DAY],
      ['Pro 2', 'CP20001002', 'Pro', 'Default group', 'online', ctx.now() + 30 * DAY],
    ],
  );
  // The next purchase continues the names.
  const again = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 7), quantity: 1 });
  await submit(ctx, again.orderId);
  const third = (await getOrder(ctx, again.orderId)).userPhoneIds[0];
  assert.is((await phoneRow(ctx, third)).name, 'Pro 3');
});

test('allocateLater without stock: paid, then waitAllocate with no phone created', async () => {
  const ctx = await shop();
  const phones = await count(ctx, 'SELECT COUNT(*) FROM phones');
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, ULTRA, 7), quantity: 2, allocateLater: true });
  assert.is((await submit(ctx, order.orderId)).data.status, 'success');
  const after = await getOrder(ctx, order.orderId);
  assert.equal([after.status, after.userPhoneIds, after.payAmount], ['waitAllocate', [], 9600]);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM phones'), phones);
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'waitAllocate', paymentStatus: 'success' });
  // allocateLater with stock simply allocates.
  const std = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1, allocateLater: true });
  await submit(ctx, std.orderId);
  assert.is((await getOrder(ctx, std.orderId)).status, 'allocated');
});

test('stock sold out between create and payment: refused, nothing charged, the order still payable later', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2 });
  await ctx.db.run('UPDATE grade_stock SET stock = 1 WHERE tenant_id = 1 AND grade_id = ?', PRO);
  const key = newKey();
  assert.is((await submit(ctx, order.orderId, 'mock', key)).code, ErrorCode.STOCK_INSUFFICIENT);
  assert.equal([(await getOrder(ctx, order.orderId)).status, await count(ctx, 'SELECT COUNT(*) FROM payments'), await stock(ctx, PRO)], ['waitPay', 0, 1]);
  await ctx.db.run('UPDATE grade_stock SET stock = 5 WHERE tenant_id = 1 AND grade_id = ?', PRO);
  assert.is((await submit(ctx, order.orderId, 'mock', key)).data.status, 'success');
  assert.is(await stock(ctx, PRO), 3);
});

test('renew and upgrade payments: expiry from max(now, expiry) plus extension days; upgrade changes the grade only', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const shopPhone = await phoneId(ctx, 'Shop assistant');
  const old = await phoneId(ctx, 'Old account');
  const before = (await phoneRow(ctx, shopPhone)).expire_time as number;
  const renew = await createOrder(ctx, { type: 'renew', packageId: await packageId(ctx, STANDARD, 30), userPhoneIds: [shopPhone, old], couponId: c.extension3 });
  ctx.advance(MINUTE);
  await submit(ctx, renew.orderId);
  const renewed = await getOrder(ctx, renew.orderId);
  assert.equal([renewed.status, renewed.userPhoneIds, renewed.extraDays], ['completed', [shopPhone, old], 3]);
  assert.is((await phoneRow(ctx, shopPhone)).expire_time, before + 33 * DAY);
  assert.is((await phoneRow(ctx, old)).expire_time, ctx.now() + 33 * DAY);

  const spare = await phoneId(ctx, 'Spare');
  const spareExpiry = (await phoneRow(ctx, spare)).expire_time;
  const upgrade = await createOrder(ctx, { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [spare] });
  assert.is(upgrade.payAmount, 45 * (520 - 260));
  await submit(ctx, upgrade.orderId);
  assert.equal([(await phoneRow(ctx, spare)).grade_id, (await phoneRow(ctx, spare)).expire_time], [ULTRA, spareExpiry]);
  assert.is((await getOrder(ctx, upgrade.orderId)).status, 'completed');
});

test('a paid upgrade restarts a running phone onto its grade (task UPGRADE); a phone under maintenance keeps its status', async () => {
  const ctx = await shop();
  const [spare, repaired] = [await phoneId(ctx, 'Spare'), await phoneId(ctx, 'Shop assistant')];
  await ctx.db.run("UPDATE phones SET status = 'maintenance' WHERE id = ?", repaired);
  for (const id of [spare, repaired]) {
    const order = await createOrder(ctx, { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [id] });
    assert.ok(order.payAmount > 0);
    assert.is((await submit(ctx, order.orderId)).code, 0);
  }
  const progress = await ctx.call('/api/device/user/phone/get-progress', { body: { userPhoneIds: [spare, repaired], taskType: 'UPGRADE' } });
  assert.equal(progress.data.map((entry: { status: string }) => entry.status), ['running', 'none']);
  assert.equal([(await phoneRow(ctx, repaired)).status, (await phoneRow(ctx, repaired)).operation_type, (await phoneRow(ctx, repaired)).grade_id], ['maintenance', null, ULTRA]);
  ctx.advance(10_000);
  const done = await ctx.call('/api/device/user/phone/get-progress', { body: { userPhoneIds: [spare], taskType: 'UPGRADE' } });
  assert.equal([done.data[0].status, (await phoneRow(ctx, spare)).grade_id], ['done', ULTRA]);
});

test('a phone changed since the order was placed: the payment is refused and nothing applied', async () => {
  const ctx = await shop();
  const spare = await phoneId(ctx, 'Spare');
  const first = await createOrder(ctx, { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [spare] });
  const second = await createOrder(ctx, { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [spare] });
  await submit(ctx, first.orderId);
  const refused = await submit(ctx, second.orderId);
  assert.is(refused.code, ErrorCode.ORDER_STATE_INVALID);
  assert.is((await getOrder(ctx, second.orderId)).status, 'waitPay');
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM payments WHERE order_id = ?', second.orderId), 0);
});

test('wallet payment: waiting with a wallet URL, then success through the callback; the callback is idempotent', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 30), quantity: 1 });
  const started = await submit(ctx, order.orderId, 'alipay', newKey(), { returnUrl: '/app/orders/demo' });
  assert.is(started.code, 0);
  assert.is(started.data.status, 'waiting');
  assert.is(started.data.walletUrl, `/pay/wallet/${started.data.paymentId}?return=%2Fapp%2Forders%2Fdemo`);
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'waitPay', paymentStatus: 'waiting' });

  assert.is((await notify(ctx, 'wechat', started.data.paymentId, 'success')).code, ErrorCode.PAYMENT_METHOD_INVALID);
  assert.is((await notify(ctx, 'alipay', 'pay_unknown', 'success')).code, ErrorCode.ORDER_NOT_EXIST);
  assert.is((await notify(ctx, 'alipay', started.data.paymentId, 'maybe')).code, ErrorCode.BAD_REQUEST);
  const done = await notify(ctx, 'alipay', started.data.paymentId, 'success');
  assert.equal([done.code, done.data], [0, { paymentId: started.data.paymentId, status: 'success', orderId: order.orderId }]);
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'allocated', paymentStatus: 'success' });
  const phones = await count(ctx, 'SELECT COUNT(*) FROM phones');
  for (const result of ['success', 'cancel']) assert.is((await notify(ctx, 'alipay', started.data.paymentId, result)).data.status, 'success');
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM phones'), phones);
  assert.is(await stock(ctx, STANDARD), 499);
  assert.is((await getOrder(ctx, order.orderId)).payMethod, 'alipay');
});

test('wallet cancel and fail leave the order payable; a second wallet cannot pay a paid order', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 30), quantity: 1 });
  const wechat = (await submit(ctx, order.orderId, 'wechat')).data;
  assert.is((await notify(ctx, 'wechat', wechat.paymentId, 'cancel')).data.status, 'closed');
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'waitPay', paymentStatus: 'closed' });
  const alipay = (await submit(ctx, order.orderId, 'alipay')).data;
  assert.is((await notify(ctx, 'alipay', alipay.paymentId, 'fail')).data.status, 'failed');
  assert.is((await payStatus(ctx, order.orderId)).paymentStatus, 'failed');

  // Two wallets open at once: the first success pays, the other is closed and its success changes nothing.
  const one = (await submit(ctx, order.orderId, 'alipay')).data;
  const two = (await submit(ctx, order.orderId, 'wechat')).data;
  assert.is((await notify(ctx, 'alipay', one.paymentId, 'success')).data.status, 'success');
  assert.is((await notify(ctx, 'wechat', two.paymentId, 'success')).data.status, 'closed');
  assert.is(await count(ctx, "SELECT COUNT(*) FROM payments WHERE status = 'success'"), 1);
  assert.is(await stock(ctx, STANDARD), 499);
  assert.is((await submit(ctx, order.orderId, 'wechat')).code, ErrorCode.ORDER_ALREADY_PAID);
});

test('idempotency: the same key answers the same payment and never pays twice; another key on a paid order is refused', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 3 });
  const key = newKey();
  const first = await submit(ctx, order.orderId, 'mock', key);
  const second = await submit(ctx, order.orderId, 'mock', key);
  assert.equal(second.data, first.data);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM payments'), 1);
  assert.is(await stock(ctx, STANDARD), 497);
  const other = await submit(ctx, order.orderId);
  assert.equal([other.code, other.msg], [ErrorCode.ORDER_ALREADY_PAID, 'The order has already been paid']);
  const another = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 });
  assert.is((await submit(ctx, another.orderId, 'mock', key)).code, ErrorCode.BAD_REQUEST);
  // A waiting wallet payment answers the same wallet URL on a retry.
  const wallet = await submit(ctx, another.orderId, 'wechat', 'wallet-key-1');
  assert.equal((await submit(ctx, another.orderId, 'wechat', 'wallet-key-1')).data, wallet.data);
  assert.is((await submit(ctx, another.orderId, 'paypal')).code, ErrorCode.PAYMENT_METHOD_INVALID);
  assert.is((await submit(ctx, another.orderId, 'mock', 'short')).code, ErrorCode.BAD_REQUEST);
});

test('concurrent submits with different keys on one unpaid order: exactly one payment succeeds', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2 });
  const replies = await Promise.all([submit(ctx, order.orderId), submit(ctx, order.orderId), submit(ctx, order.orderId)]);
  assert.equal(replies.map((r) => r.code).sort(), [0, ErrorCode.ORDER_ALREADY_PAID, ErrorCode.ORDER_ALREADY_PAID].sort());
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM payments'), 1);
  assert.is(await stock(ctx, PRO), 198);
  assert.is((await getOrder(ctx, order.orderId)).userPhoneIds.length, 2);
  // Same key at once: one payment, both answers identical.
  const next = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1 });
  const key = newKey();
  const [a, b] = await Promise.all([submit(ctx, next.orderId, 'mock', key), submit(ctx, next.orderId, 'mock', key)]);
  assert.equal(a.data, b.data);
  assert.is(await stock(ctx, PRO), 197);
});

test('cancel: only waitPay, the coupon is released and an open wallet closed', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const body = { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1, couponId: c.discount85 };
  const order = await createOrder(ctx, body);
  const wallet = (await submit(ctx, order.orderId, 'alipay')).data;
  const cancel = (id: number) => ctx.call(`${ORDER}/cancel?id=${id}`, { method: 'PUT' });
  assert.equal((await cancel(order.orderId)).data, true);
  assert.is((await getOrder(ctx, order.orderId)).status, 'canceled');
  assert.is((await cancel(order.orderId)).code, ErrorCode.ORDER_STATE_INVALID);
  assert.is((await notify(ctx, 'alipay', wallet.paymentId, 'success')).data.status, 'closed');
  assert.is((await submit(ctx, order.orderId)).code, ErrorCode.ORDER_STATE_INVALID);
  // Released: usable by a new order at once.
  assert.is((await ctx.call(`${ORDER}/create`, { body })).code, 0);

  const paid = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 });
  await submit(ctx, paid.orderId);
  const refused = await cancel(paid.orderId);
  assert.equal([refused.code, refused.msg], [ErrorCode.ORDER_STATE_INVALID, 'The order cannot do this in its current state']);
  const green = await shop(100);
  assert.is((await green.call(`${ORDER}/cancel?id=${order.orderId}`, { method: 'PUT' })).code, ErrorCode.ORDER_NOT_EXIST);
  assert.is((await green.call(`${ORDER}/get?id=${order.orderId}`)).code, ErrorCode.ORDER_NOT_EXIST);
  assert.is((await green.call(`${PAY}/order/get?orderId=${order.orderId}`)).code, ErrorCode.ORDER_NOT_EXIST);
  assert.is((await submit(green, paid.orderId)).code, ErrorCode.ORDER_NOT_EXIST);
});

test('30 minutes unpaid: paymentClosed when read, payment and cancel refused, the coupon free again', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const body = { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1, couponId: c.cash500 };
  const order = await createOrder(ctx, body);
  const wallet = (await submit(ctx, order.orderId, 'wechat')).data;
  ctx.advance(30 * MINUTE - 1);
  assert.is((await getOrder(ctx, order.orderId)).status, 'waitPay');
  assert.is((await ctx.call(`${ORDER}/page?status=waitPay`)).data.total, 1);
  ctx.advance(1);
  assert.is((await getOrder(ctx, order.orderId)).status, 'paymentClosed');
  assert.equal((await ctx.call(`${ORDER}/page?status=waitPay`)).data, { list: [], total: 0 });
  assert.equal((await ctx.call(`${ORDER}/page?status=paymentClosed`)).data.list.map((o: any) => o.orderId), [order.orderId]);
  assert.is((await submit(ctx, order.orderId)).code, ErrorCode.ORDER_STATE_INVALID);
  assert.is((await ctx.call(`${ORDER}/cancel?id=${order.orderId}`, { method: 'PUT' })).code, ErrorCode.ORDER_STATE_INVALID);
  assert.is((await notify(ctx, 'wechat', wallet.paymentId, 'success')).data.status, 'closed');
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'paymentClosed', paymentStatus: 'closed' });
  assert.is(await stock(ctx, PRO), 200);
  assert.is((await ctx.call(`${ORDER}/create`, { body })).code, 0);
});

test('order page: newest first, filtered by status, paged; bad filters are 400', async () => {
  const ctx = await shop();
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 })).orderId);
    ctx.advance(1000);
  }
  await submit(ctx, ids[0]!);
  const page = await ctx.call(`${ORDER}/page?pageNo=1&pageSize=2`);
  assert.equal([page.data.total, page.data.list.map((o: any) => o.orderId)], [3, [ids[2], ids[1]]]);
  assert.equal((await ctx.call(`${ORDER}/page?pageNo=2&pageSize=2`)).data.list.map((o: any) => o.orderId), [ids[0]]);
  assert.equal((await ctx.call(`${ORDER}/page?status=allocated`)).data.list.map((o: any) => o.orderId), [ids[0]]);
  for (const query of ['status=nope', 'pageSize=101', 'pageNo=0']) assert.is((await ctx.call(`${ORDER}/page?${query}`)).code, ErrorCode.BAD_REQUEST, query);
  assert.equal((await (await shop(100)).call(`${ORDER}/page`)).data, { list: [], total: 0 });
});

test('a fully covered order is paid at once; guests cannot pay', async () => {
  const ctx = await shop();
  const redeemed = await ctx.call('/api/promotion/redeem-code/use', { body: { code: 'WELCOME2026' } });
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1, couponId: redeemed.data.couponId });
  assert.equal([order.payAmount, order.status], [0, 'allocated']);
  const got = await getOrder(ctx, order.orderId);
  assert.equal([got.payMethod, got.discountAmount, got.phoneCount], ['free', 1200, 1]);
  assert.equal(await payStatus(ctx, order.orderId), { orderId: order.orderId, orderStatus: 'allocated', paymentStatus: 'success' });
  assert.is((await submit(ctx, order.orderId)).code, ErrorCode.ORDER_ALREADY_PAID);
  const guest = (await ctx.guestLogin()).data.accessToken;
  const refused = await ctx.call(`${PAY}/order/submit`, { body: { orderId: order.orderId, method: 'mock', idempotencyKey: newKey() }, token: guest });
  assert.is(refused.code, ErrorCode.GUEST_NOT_ALLOWED);
});

test.run();

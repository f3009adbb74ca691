import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { ERROR_MESSAGES } from '../../../../server/lib/errors.ts';
import type { CatalogCode } from '../../../../server/lib/errors.ts';
import { createOrder, newKey, ORDER, PAY, packageId, shop, STANDARD, ULTRA } from '../commerce-helpers.ts';
import type { Shop } from '../commerce-helpers.ts';
import { demo, phoneId } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';

// How the commerce calls read their input (shared/contract/shop*.ts; API.md "Commerce"): the reply code and wording of
// each refusal, a field an order type does not take being ignored, and the catalogue wording of the codes the
// contract answers itself.

const ACTIVATE = '/api/product/activation-code/activate';
const REDEEM = '/api/promotion/redeem-code/use';

async function refused(ctx: Pick<Shop, 'call'>, path: string, options: Parameters<Shop['call']>[1], code: number, msg: string) {
  const reply = await ctx.call(path, options);
  assert.equal([reply.code, reply.msg], [code, msg], `${path} ${JSON.stringify(options)}`);
}

const inCatalogue = (ctx: Shop, path: string, options: Parameters<Shop['call']>[1], code: CatalogCode) => refused(ctx, path, options, code, ERROR_MESSAGES[code]);

test('codes the contract answers itself are worded as the catalogue words them', async () => {
  const ctx = await shop();
  const buy = { type: 'buy', packageId: await packageId(ctx, STANDARD, 7) };
  await inCatalogue(ctx, `${ORDER}/preview`, { body: { ...buy, quantity: 0 } }, ErrorCode.QUANTITY_INVALID);
  const order = await createOrder(ctx, { ...buy, quantity: 1 });
  await inCatalogue(ctx, `${PAY}/order/submit`, { body: { orderId: order.orderId, method: 'paypal', idempotencyKey: newKey() } }, ErrorCode.PAYMENT_METHOD_INVALID);
  await inCatalogue(ctx, ACTIVATE, { body: { type: 1, codes: ['SHORT'] } }, ErrorCode.CODE_FORMAT_INVALID);
  await inCatalogue(ctx, ACTIVATE, { body: { type: 2, codes: ['RENSTD000001'], userPhoneIds: [] } }, ErrorCode.CODE_COUNT_MISMATCH);
  await inCatalogue(ctx, REDEEM, { body: { code: 'NOT-A-CODE' } }, ErrorCode.REDEEM_CODE_INVALID);
});

test('order requests: malformed fields are 400 naming the field, in the order they are read', async () => {
  const ctx = await shop();
  const preview = (body: unknown) => ({ body });
  const pkg = await packageId(ctx, STANDARD, 30);
  const phone = await phoneId(ctx, 'Shop assistant');
  await refused(ctx, `${ORDER}/preview`, preview({ packageId: pkg, quantity: 1 }), ErrorCode.BAD_REQUEST, 'type must be one of buy, renew, upgrade');
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'sell' }), ErrorCode.BAD_REQUEST, 'type must be one of buy, renew, upgrade');
  // allocateLater is checked for every type, before anything else of the request.
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'renew', allocateLater: 'yes', userPhoneIds: 'x' }), ErrorCode.BAD_REQUEST, 'allocateLater must be true or false');
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'renew', userPhoneIds: [phone, 'x'] }), ErrorCode.BAD_REQUEST, 'userPhoneIds must be positive integers');
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'renew', packageId: pkg }), ErrorCode.QUANTITY_INVALID, ERROR_MESSAGES[ErrorCode.QUANTITY_INVALID]);
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'buy', packageId: 'x', quantity: 1 }), ErrorCode.BAD_REQUEST, 'packageId must be a positive integer');
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'upgrade', userPhoneIds: [phone], targetGradeId: -1 }), ErrorCode.BAD_REQUEST, 'targetGradeId must be a positive integer');
  await refused(ctx, `${ORDER}/create`, preview({ type: 'buy', packageId: pkg, quantity: 1, couponId: 'x' }), ErrorCode.BAD_REQUEST, 'couponId must be a positive integer');
  // A missing package is looked up, and refused, as one that does not exist.
  await refused(ctx, `${ORDER}/preview`, preview({ type: 'buy', quantity: 1 }), ErrorCode.PACKAGE_NOT_EXIST, 'The package does not exist');
  await refused(ctx, `${ORDER}/preview`, { body: '[1]' }, ErrorCode.BAD_REQUEST, 'Request body must be a JSON object');
});

test('order requests: a field the type does not take is ignored, whatever it holds', async () => {
  const ctx = await shop();
  const phone = await phoneId(ctx, 'Shop assistant');
  const buy = await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: '2x', userPhoneIds: 'x', targetGradeId: 'x' } });
  assert.is(buy.code, ErrorCode.QUANTITY_INVALID, 'quantity is read, the phones and the target are not');
  const bought = await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1, userPhoneIds: 'x', targetGradeId: 'x' } });
  assert.equal([bought.code, bought.data.lines.length], [0, 1]);
  const renew = await ctx.call(`${ORDER}/preview`, { body: { type: 'renew', packageId: await packageId(ctx, STANDARD, 30), userPhoneIds: [phone, phone], quantity: 'x', targetGradeId: 'x' } });
  assert.equal([renew.code, renew.data.lines.length], [0, 1]);
  const upgrade = await ctx.call(`${ORDER}/preview`, { body: { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [phone], packageId: 'x', quantity: 'x' } });
  assert.equal([upgrade.code, upgrade.data.lines.map((line: any) => line.fromGradeId)], [0, [STANDARD]]);
});

test('payment, order and coupon queries: 400 naming the field; ids that are not ids are orders that do not exist', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 });
  const submit = (body: Record<string, unknown>) => ({ body: { orderId: order.orderId, method: 'alipay', idempotencyKey: newKey(), ...body } });
  await refused(ctx, `${PAY}/order/submit`, submit({ idempotencyKey: 'short' }), ErrorCode.BAD_REQUEST, 'idempotencyKey must be 8-128 letters, digits or _.:-');
  await refused(ctx, `${PAY}/order/submit`, submit({ returnUrl: 'https://elsewhere.example/app/' }), ErrorCode.BAD_REQUEST, 'returnUrl must be a page of this app');
  await refused(ctx, `${PAY}/order/submit`, submit({ returnUrl: {} }), ErrorCode.BAD_REQUEST, 'returnUrl must be a string');
  await refused(ctx, `${PAY}/order/submit`, submit({ method: true }), ErrorCode.BAD_REQUEST, 'method must be a string');
  await refused(ctx, `${PAY}/order/submit`, submit({ orderId: 'x' }), ErrorCode.ORDER_NOT_EXIST, 'The order does not exist');
  // No returnUrl (or a blank one): the page that asked, else the app's root.
  const wallet = await ctx.call(`${PAY}/order/submit`, submit({ returnUrl: null }));
  assert.match(wallet.data.walletUrl, /\?return=%2Fapp%2F$/);
  for (const path of [`${ORDER}/get?id=x`, `${ORDER}/get`, `${PAY}/order/get?orderId=0`]) {
    assert.equal((await ctx.call(path)).code, ErrorCode.ORDER_NOT_EXIST, path);
  }
  assert.is((await ctx.call(`${ORDER}/cancel?id=x`, { method: 'PUT' })).code, ErrorCode.ORDER_NOT_EXIST);
  await refused(ctx, `${ORDER}/page?pageSize=101`, {}, ErrorCode.BAD_REQUEST, 'pageSize must be 1-100');
  await refused(ctx, `${ORDER}/page?pageNo=0`, {}, ErrorCode.BAD_REQUEST, 'pageNo must be a positive integer');
  assert.equal((await ctx.call(`${ORDER}/page?status=%20`)).data, (await ctx.call(`${ORDER}/page`)).data, 'a blank status lists every order');
  await refused(ctx, '/api/promotion/coupon/list?status=all', {}, ErrorCode.BAD_REQUEST, 'status must be one of unused, used, expired');
  assert.equal((await ctx.call('/api/promotion/coupon/list?status=')).data, (await ctx.call('/api/promotion/coupon/list?status=unused')).data);
});

test('activation requests: count, format, type, then the pairing; the wallet callback reads its result', async () => {
  const ctx = await shop();
  const phone = await phoneId(ctx, 'Shop assistant');
  const codes = (n: number) => Array.from({ length: n }, () => 'NEWSTD000001');
  await refused(ctx, ACTIVATE, { body: { type: 'x', codes: codes(21) } }, ErrorCode.BAD_REQUEST, 'At most 20 codes at once');
  await refused(ctx, ACTIVATE, { body: { type: 'x', codes: [] } }, ErrorCode.CODE_FORMAT_INVALID, ERROR_MESSAGES[ErrorCode.CODE_FORMAT_INVALID]);
  await refused(ctx, ACTIVATE, { body: { type: '3', codes: codes(1) } }, ErrorCode.BAD_REQUEST, 'type must be 1 or 2');
  await refused(ctx, ACTIVATE, { body: { type: '2', codes: ['RENSTD000001'], userPhoneIds: ['x'] } }, ErrorCode.BAD_REQUEST, 'userPhoneIds must be positive integers');
  // Type 1 names no phones, so the ids it is sent do not count; but when sent they are still a list.
  await refused(ctx, ACTIVATE, { body: { type: '1', codes: codes(1), userPhoneIds: 'x' } }, ErrorCode.BAD_REQUEST, 'userPhoneIds must be an array of ids');
  const made = await ctx.call(ACTIVATE, { body: { type: '1', codes: [' NEWSTD000001 '], userPhoneIds: [phone, 'x'] } });
  assert.equal(made.data.map((result: any) => [result.code, result.status]), [['NEWSTD000001', 'activated']]);
  const renewed = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['RENSTD000001'], userPhoneIds: [String(phone)] } });
  assert.equal(renewed.data, [{ code: 'RENSTD000001', status: 'activated', userPhoneId: phone }]);
  await refused(ctx, `${PAY}/notify/alipay`, { body: { paymentId: 'pay_x' }, tenant: null, token: '' }, ErrorCode.BAD_REQUEST, 'result must be success, fail or cancel');
  await refused(ctx, `${PAY}/notify/alipay`, { body: { result: 'success' }, tenant: null, token: '' }, ErrorCode.ORDER_NOT_EXIST, 'The payment does not exist');
});

test('without demo payments, paying and the callback answer "no service" before reading what they were sent', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { demoPayments: false });
  await refused(ctx, `${PAY}/order/submit`, { body: '{not json' }, ErrorCode.SERVICE_UNAVAILABLE, 'No service available');
  await refused(ctx, `${PAY}/notify/alipay`, { body: { result: 'maybe' }, tenant: null, token: '' }, ErrorCode.SERVICE_UNAVAILABLE, 'No service available');
});

test.run();

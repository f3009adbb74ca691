import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { shop } from '../commerce-helpers.ts';
import { demo } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import type { Shop } from '../commerce-helpers.ts';
import type { Reply } from '../helpers.ts';

// Guessing activation and redeem codes (API.md "Throttling"): codes that do not exist are counted per account and
// per client address; successes and refusals of real codes are not.

const ACTIVATE = '/api/product/activation-code/activate';
const REDEEM = '/api/promotion/redeem-code/use';
const SECOND = 1000;
const LOCK_SECONDS = 15 * 60;
const HOME = '192.0.2.1';

const bogus = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `BOGUS${String(from + i).padStart(7, '0')}`);

function activate(ctx: Shop, codes: string[], options: { token?: string; address?: string } = {}): Promise<Reply> {
  return ctx.call(ACTIVATE, { body: { type: 1, codes }, address: HOME, ...options });
}

function redeem(ctx: Shop, code: string, options: { token?: string; address?: string } = {}): Promise<Reply> {
  return ctx.call(REDEEM, { body: { code }, address: HOME, ...options });
}

function assertThrottled(reply: Reply, retryAfterSeconds: number, label = '') {
  assert.is(reply.code, ErrorCode.TOO_MANY_REQUESTS, label);
  assert.is(reply.msg, 'Please do not operate frequently');
  assert.equal(reply.data, { retryAfterSeconds }, label);
  assert.is(reply.headers.get('retry-after'), String(retryAfterSeconds));
}

test('unknown activation codes: 10 are free, then the account waits, and 20 lock it for 15 minutes', async () => {
  const ctx = await shop();
  const first = await activate(ctx, bogus(10));
  assert.equal(first.data.map((r: { status: string }) => r.status), Array(10).fill('notExist'));
  assert.equal((await activate(ctx, bogus(1, 10))).data[0].status, 'notExist');
  // While the account waits no code is looked up, a real one included.
  assertThrottled(await activate(ctx, ['NEWSTD000001']), 2);
  ctx.advance(2 * SECOND);
  assert.is((await activate(ctx, bogus(9, 11))).code, 0);
  assertThrottled(await activate(ctx, ['NEWSTD000001']), LOCK_SECONDS);
  assertThrottled(await redeem(ctx, 'WELCOME2026'), LOCK_SECONDS);
  // The lock is the account's: another account elsewhere activates as usual.
  const other = (await ctx.smsLogin('13912345678')).data.accessToken;
  assert.is((await activate(ctx, ['NEWSTD000002'], { token: other, address: '198.51.100.5' })).data[0].status, 'activated');
  ctx.advance(LOCK_SECONDS * SECOND);
  assert.is((await activate(ctx, ['NEWSTD000001'])).data[0].status, 'activated');
});

test('successes, real codes that are used or expired, and malformed calls are not counted', async () => {
  const ctx = await shop();
  const real = Array(20).fill('USEDCODE0001');
  for (let i = 0; i < 3; i++) assert.is((await activate(ctx, real)).data[0].status, 'alreadyActivated');
  assert.is((await activate(ctx, ['EXPIREDCODE1'])).data[0].status, 'expired');
  assert.is((await activate(ctx, ['short'])).code, ErrorCode.CODE_FORMAT_INVALID);
  assert.is((await activate(ctx, ['NEWSTD000001'])).data[0].status, 'activated');
  assert.is((await redeem(ctx, 'USEDREDEEM')).code, ErrorCode.REDEEM_CODE_USED);
  assert.is((await redeem(ctx, 'not valid!')).code, ErrorCode.REDEEM_CODE_INVALID);
  assert.is((await redeem(ctx, 'WELCOME2026')).code, 0);
  // Still counted from zero: 10 free unknown codes, and the 11th makes the account wait.
  assert.is((await activate(ctx, bogus(10))).code, 0);
  assert.is((await activate(ctx, bogus(1, 10))).code, 0);
  assertThrottled(await activate(ctx, ['NEWSTD000002']), 2);
});

test('unknown redeem codes count like activation codes, in the same allowance', async () => {
  const ctx = await shop();
  assert.is((await activate(ctx, bogus(10))).code, 0);
  const unknown = await redeem(ctx, 'NOSUCHCODE');
  assert.is(unknown.code, ErrorCode.REDEEM_CODE_INVALID);
  assert.is(unknown.msg, 'The redeem code is not valid');
  assertThrottled(await redeem(ctx, 'WELCOME2026'), 2);
  ctx.advance(2 * SECOND);
  assert.is((await redeem(ctx, 'WELCOME2026')).code, 0);
});

test('one address guessing with several accounts is throttled as a whole', async () => {
  const ctx = await shop();
  const accounts = [ctx.token];
  for (const mobile of ['13912345601', '13912345602', '13912345603']) accounts.push((await ctx.smsLogin(mobile)).data.accessToken);
  // 25 of the address's 50 are free: each account stays well under its own 20.
  for (let i = 0; i < 25; i++) {
    const token = accounts[i % accounts.length];
    assert.is((await redeem(ctx, `GUESS${i}`, { token })).code, ErrorCode.REDEEM_CODE_INVALID, `guess ${i + 1}`);
  }
  assert.is((await redeem(ctx, 'GUESS25', { token: accounts[1] })).code, ErrorCode.REDEEM_CODE_INVALID);
  assertThrottled(await redeem(ctx, 'WELCOME2026', { token: accounts[2] }), 2);
  assert.is((await redeem(ctx, 'WELCOME2026', { token: accounts[2], address: '198.51.100.5' })).code, 0);
});

test('the allowances are settable (CODE_ACCOUNT_MAX_FAILURES)', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 4 } });
  assert.is((await activate(ctx, bogus(3))).code, 0);
  assertThrottled(await activate(ctx, ['NEWSTD000001']), 2);
});

test.run();

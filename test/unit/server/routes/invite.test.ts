import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';

// API.md "Accounts" / "Invite": the code is the inviter's userNo; once, within 7 days of registering.

const CAN = '/api/promotion/activity/invite/can-input-code';
const INPUT = '/api/promotion/activity/invite/input-code';
const DAY = 24 * 60 * 60 * 1000;
const INVALID = 'The invite code is not valid';
const NOT_ALLOWED = 'This account cannot enter an invite code';

async function member(env: Awaited<ReturnType<typeof setup>>, mobile: string, tenant = 1) {
  const token = (await env.smsLogin(mobile, tenant)).data.accessToken as string;
  const user = (await env.call('/api/merchant/user/get', { token, tenant })).data;
  return { token, userId: user.userId as number, userNo: user.userNo as string };
}

test('a new account enters an inviter code once', async () => {
  const env = await setup();
  const { call, db } = env;
  const inviter = await member(env, '13700000001');
  const invitee = await member(env, '13700000002');
  assert.equal((await call(CAN, { token: invitee.token })).data, { canInput: true });
  const reply = await call(INPUT, { body: { code: inviter.userNo }, token: invitee.token });
  assert.is(reply.code, 0);
  assert.is(reply.data, true);
  assert.is(await db.value('SELECT inviter_user_id FROM users WHERE id = ?', invitee.userId), inviter.userId);
  assert.equal((await call(CAN, { token: invitee.token })).data, { canInput: false });
  const third = await member(env, '13700000003');
  const twice = await call(INPUT, { body: { code: third.userNo }, token: invitee.token });
  assert.is(twice.code, ErrorCode.INVITE_NOT_ALLOWED);
  assert.is(twice.msg, NOT_ALLOWED);
  assert.is(await db.value('SELECT inviter_user_id FROM users WHERE id = ?', invitee.userId), inviter.userId);
});

test('own, unknown, malformed, guest, closed, foreign-tenant and mutual codes are invalid', async () => {
  const env = await setup();
  const { call, db, guestLogin, sendOwnCode } = env;
  const me = await member(env, '13700000001');
  const used = new Set((await db.column('SELECT user_no FROM users') as string[]));
  const unknown = ['12345678', '87654321', '11111111'].find((n) => !used.has(n))!;
  const guestNo = (await call('/api/merchant/user/get', { token: (await guestLogin()).data.accessToken })).data.userNo;
  const foreign = await member(env, '13700000009', 100);
  const closed = await member(env, '13700000008');
  const closeCode = await sendOwnCode(closed.token, 5);
  assert.is((await call('/api/merchant/user/unregister', { method: 'PUT', body: { code: closeCode }, token: closed.token })).code, 0);
  // Someone I invited cannot become my inviter.
  const mine = await member(env, '13700000007');
  assert.is((await call(INPUT, { body: { code: me.userNo }, token: mine.token })).code, 0);

  for (const code of [me.userNo, unknown, 'abc', '', '1234567', guestNo, foreign.userNo, closed.userNo, mine.userNo]) {
    const reply = await call(INPUT, { body: { code }, token: me.token });
    assert.is(reply.code, ErrorCode.INVITE_CODE_INVALID, code);
    assert.is(reply.msg, INVALID);
  }
  assert.equal((await call(CAN, { token: me.token })).data, { canInput: true });
  // A number works as well as a string (hand-written clients).
  const ok = await member(env, '13700000006');
  assert.is((await call(INPUT, { body: { code: Number(ok.userNo) }, token: me.token })).code, 0);
});

test('the window closes 7 days after registering; then even a valid code is not allowed', async () => {
  const env = await setup();
  const { call, advance } = env;
  const inviter = await member(env, '13700000001');
  await member(env, '13700000002');
  advance(7 * DAY - 1);
  // The first session has long expired; the account is the same, registered 7 days minus 1 ms ago.
  const token = (await env.smsLogin('13700000002')).data.accessToken;
  assert.equal((await call(CAN, { token })).data, { canInput: true });
  advance(1);
  assert.equal((await call(CAN, { token })).data, { canInput: false });
  const reply = await call(INPUT, { body: { code: inviter.userNo }, token });
  assert.is(reply.code, ErrorCode.INVITE_NOT_ALLOWED);
  assert.is(reply.msg, NOT_ALLOWED);
  // Not-allowed is answered before the code is looked at.
  assert.is((await call(INPUT, { body: { code: 'abc' }, token })).code, ErrorCode.INVITE_NOT_ALLOWED);
});

test('invite calls need a login and a tenant', async () => {
  const { call } = await setup();
  assert.is((await call(CAN)).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(INPUT, { body: { code: '12345678' } })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(CAN, { tenant: null })).code, ErrorCode.BAD_REQUEST);
});

test.run();

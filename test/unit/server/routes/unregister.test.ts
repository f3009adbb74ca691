import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// API.md "Accounts" / "User": unregister closes the account (soft delete) and frees the number.

const USER = '/api/merchant/user/get';
const UNREGISTER = '/api/merchant/user/unregister';
const CANCEL_SCENE = 5;
const MOBILE = '13912345678';
const MINUTE = 60_000;

test('unregister ends every session; a later sms-login registers a new account with a new userNo', async () => {
  const { call, smsLogin, sendOwnCode, advance, db, now } = await setup();
  const first = (await smsLogin(MOBILE)).data;
  const other = (await call('/api/merchant/auth/refresh-token', { body: { refreshToken: first.refreshToken } })).data;
  const oldUser = (await call(USER, { token: other.accessToken })).data;
  const code = await sendOwnCode(other.accessToken, CANCEL_SCENE);
  const reply = await call(UNREGISTER, { method: 'PUT', body: { code }, token: other.accessToken });
  assert.is(reply.code, 0);
  assert.is(reply.data, true);
  const closedAt = now();
  assert.is((await call(USER, { token: other.accessToken })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(USER, { token: first.accessToken })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call('/api/merchant/auth/refresh-token', { body: { refreshToken: other.refreshToken } })).code, ErrorCode.UNAUTHORIZED);

  advance(MINUTE);
  const again = await smsLogin(MOBILE);
  assert.is(again.code, 0);
  assert.is.not(again.data.userId, oldUser.userId);
  const fresh = (await call(USER, { token: again.data.accessToken })).data;
  assert.is.not(fresh.userNo, oldUser.userNo);
  assert.is(fresh.mobile, MOBILE);
  assert.is(fresh.nickname, '');
  // The closed row stays, marked, for the records that point at it.
  const closed = await db.get('SELECT mobile, deleted_at FROM users WHERE id = ?', oldUser.userId);
  assert.equal(closed, { mobile: MOBILE, deleted_at: closedAt });
  // The old token stays dead even though the number is live again.
  assert.is((await call(USER, { token: other.accessToken })).code, ErrorCode.UNAUTHORIZED);
});

test('a closed account cannot log in by password or reset it; its number is free for a change', async () => {
  const { call, passwordLogin, sendOwnCode, sendCode, smsLogin, lastCode } = await setup();
  const token = (await passwordLogin()).data.accessToken;
  const code = await sendOwnCode(token, CANCEL_SCENE);
  assert.is((await call(UNREGISTER, { method: 'PUT', body: { code }, token })).code, 0);
  assert.is((await passwordLogin(1, DEMO_MOBILE, DEMO_PASSWORD)).code, ErrorCode.LOGIN_FAILED);
  await sendCode(DEMO_MOBILE, 4);
  const reset = await call('/api/merchant/user/reset-password', { method: 'PUT', body: { mobile: DEMO_MOBILE, code: lastCode(), password: 'Fresh2026' } });
  assert.is(reset.code, ErrorCode.ACCOUNT_NOT_FOUND);
  // Another account may now take the number.
  const other = (await smsLogin(MOBILE)).data.accessToken;
  assert.is((await sendCode(DEMO_MOBILE, 3)).code, 0);
  const newCode = lastCode();
  const oldCode = await sendOwnCode(other, 2);
  const change = await call('/api/merchant/user/change-mobile', { method: 'PUT', body: { oldCode, mobile: DEMO_MOBILE, code: newCode }, token: other });
  assert.is(change.code, 0);
  // The other tenant's account with the same number is untouched.
  assert.is((await passwordLogin(100)).code, 0);
});

test('unregister needs the scene-5 code of the current number; a refusal closes nothing', async () => {
  const { call, smsLogin, sendOwnCode, sendCode, lastCode, advance } = await setup();
  const { accessToken: token } = (await smsLogin(MOBILE)).data;
  const loginCode = lastCode();
  const code = await sendOwnCode(token, CANCEL_SCENE);
  const wrong = code === '000000' ? '111111' : '000000';
  assert.is((await call(UNREGISTER, { method: 'PUT', body: { code: wrong }, token })).code, ErrorCode.SMS_CODE_WRONG);
  assert.is((await call(UNREGISTER, { method: 'PUT', body: {}, token })).code, ErrorCode.SMS_CODE_INVALID);
  if (loginCode !== code) {
    assert.is((await call(UNREGISTER, { method: 'PUT', body: { code: loginCode }, token })).code, ErrorCode.SMS_CODE_WRONG);
  }
  // A scene-5 code of another number is not one of this number.
  await sendCode('13700000001', CANCEL_SCENE);
  const foreign = lastCode();
  if (foreign !== code) {
    assert.is((await call(UNREGISTER, { method: 'PUT', body: { code: foreign }, token })).code, ErrorCode.SMS_CODE_WRONG);
  }
  assert.is((await call(USER, { token })).code, 0);
  // A code is valid 10 minutes; the session (30 minutes) outlives it.
  advance(10 * MINUTE);
  assert.is((await call(UNREGISTER, { method: 'PUT', body: { code }, token })).code, ErrorCode.SMS_CODE_EXPIRED);
  assert.is((await call(USER, { token })).code, 0);
});

test('a session of an account closed in the database stops working even if not revoked', async () => {
  const { call, passwordLogin, db } = await setup();
  const { data } = await passwordLogin();
  await db.run('UPDATE users SET deleted_at = 1 WHERE id = ?', data.userId);
  assert.is((await call(USER, { token: data.accessToken })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call('/api/merchant/auth/refresh-token', { body: { refreshToken: data.refreshToken } })).code, ErrorCode.UNAUTHORIZED);
});

test.run();

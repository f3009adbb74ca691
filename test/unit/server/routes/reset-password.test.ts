import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, setup } from '../helpers.ts';

const RESET = '/api/merchant/user/reset-password';
const RESET_SCENE = 4;

test('a scene-4 code resets the password, ends every session, and the new password logs in', async () => {
  const { call, sendCode, lastCode, passwordLogin } = await setup();
  const before = await passwordLogin();
  await sendCode(DEMO_MOBILE, RESET_SCENE);
  const reply = await call(RESET, { method: 'PUT', body: { mobile: DEMO_MOBILE, code: lastCode(), password: 'Fresh2026' } });
  assert.is(reply.code, 0);
  const oldSession = await call('/api/merchant/user/get', { token: before.data.accessToken });
  assert.is(oldSession.code, ErrorCode.UNAUTHORIZED);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'demo1234')).code, ErrorCode.LOGIN_FAILED);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'Fresh2026')).code, 0);
});

test('the code is single use and must be of the reset scene', async () => {
  const { call, sendCode, lastCode } = await setup();
  await sendCode(DEMO_MOBILE, 1);
  const loginCode = lastCode();
  const wrongScene = await call(RESET, { method: 'PUT', body: { mobile: DEMO_MOBILE, code: loginCode, password: 'Fresh2026' } });
  assert.is(wrongScene.code, ErrorCode.SMS_CODE_WRONG);
  await sendCode(DEMO_MOBILE, RESET_SCENE);
  const code = lastCode();
  assert.is((await call(RESET, { method: 'PUT', body: { mobile: DEMO_MOBILE, code, password: 'Fresh2026' } })).code, 0);
  const again = await call(RESET, { method: 'PUT', body: { mobile: DEMO_MOBILE, code, password: 'Other2026' } });
  assert.is(again.code, ErrorCode.SMS_CODE_WRONG);
});

test('the new password follows the same rule as the client (6-20 letters and digits)', async () => {
  const { call, sendCode, lastCode } = await setup();
  await sendCode(DEMO_MOBILE, RESET_SCENE);
  for (const password of ['short', 'a'.repeat(21), 'has space1', '密码密码密码']) {
    const reply = await call(RESET, { method: 'PUT', body: { mobile: DEMO_MOBILE, code: lastCode(), password } });
    assert.is(reply.code, ErrorCode.PASSWORD_INVALID, password);
  }
});

test('an unregistered number with a valid code is refused without creating an account', async () => {
  const { call, sendCode, lastCode, db } = await setup();
  await sendCode('13900000001', RESET_SCENE);
  const reply = await call(RESET, { method: 'PUT', body: { mobile: '13900000001', code: lastCode(), password: 'Fresh2026' } });
  assert.is(reply.code, ErrorCode.ACCOUNT_NOT_FOUND);
  assert.is(await db.value("SELECT COUNT(*) FROM users WHERE mobile = '13900000001'"), 0);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// API.md "Accounts" / "User": can-change-mobile and change-mobile (spec §5: once per 30 days, one account per number).

const CAN = '/api/merchant/user/can-change-mobile';
const CHANGE = '/api/merchant/user/change-mobile';
const OLD_SCENE = 2;
const NEW_SCENE = 3;
const DAY = 24 * 60 * 60 * 1000;
const NEW_MOBILE = '13912345678';
const BOUND = 'This mobile number is already bound to another account';

/** The demo user logged in, with both codes of a change to `mobile` sent. */
async function prepare(env: Awaited<ReturnType<typeof setup>>, mobile = NEW_MOBILE) {
  const token = (await env.passwordLogin()).data.accessToken as string;
  const oldCode = await env.sendOwnCode(token, OLD_SCENE);
  assert.is((await env.sendCode(mobile, NEW_SCENE)).code, 0);
  return { token, oldCode, code: env.lastCode() };
}

async function usedAt(env: Awaited<ReturnType<typeof setup>>, mobile: string, scene: number): Promise<number | null> {
  return await env.db.value('SELECT used_at FROM sms_codes WHERE mobile = ? AND scene = ? ORDER BY id DESC', mobile, scene) as
    | number
    | null;
}

test('a user who never changed may change at once; the change moves the login to the new number', async () => {
  const env = await setup();
  const { call, passwordLogin, now } = env;
  const { token, oldCode, code } = await prepare(env);
  assert.equal((await call(CAN, { method: 'PUT', token })).data, { canChange: true, nextChangeTime: null });
  const reply = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code }, token });
  assert.is(reply.code, 0);
  assert.is(reply.data, true);
  assert.is((await call('/api/merchant/user/get', { token })).data.mobile, NEW_MOBILE);
  assert.is((await passwordLogin(1, NEW_MOBILE, DEMO_PASSWORD)).code, 0);
  assert.is((await passwordLogin(1, DEMO_MOBILE, DEMO_PASSWORD)).code, ErrorCode.LOGIN_FAILED);
  assert.is(await usedAt(env, DEMO_MOBILE, OLD_SCENE), now());
  assert.is(await usedAt(env, NEW_MOBILE, NEW_SCENE), now());
  assert.equal((await call(CAN, { method: 'PUT', token })).data, { canChange: false, nextChangeTime: now() + 30 * DAY });
});

test('a second change within 30 days is refused with the date; at 30 days it is allowed', async () => {
  const env = await setup();
  const { call, sendOwnCode, sendCode, lastCode, advance } = env;
  const first = await prepare(env);
  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode: first.oldCode, mobile: NEW_MOBILE, code: first.code }, token: first.token })).code, 0);
  const changedAt = env.now();
  const next = changedAt + 30 * DAY;

  advance(30 * DAY - 1);
  // A fresh session: the first access token has long expired.
  const fresh = (await env.passwordLogin(1, NEW_MOBILE, DEMO_PASSWORD)).data.accessToken as string;
  assert.equal((await call(CAN, { method: 'PUT', token: fresh })).data, { canChange: false, nextChangeTime: next });
  const oldCode = await sendOwnCode(fresh, OLD_SCENE);
  await sendCode('13700000001', NEW_SCENE);
  const code = lastCode();
  const early = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: '13700000001', code }, token: fresh });
  assert.is(early.code, ErrorCode.MOBILE_CHANGE_TOO_SOON);
  // Clock starts 2025-01-01 08:00 UTC, so the next change is 2025-01-31 08:00 UTC.
  assert.is(early.msg, 'The mobile number can be changed again after 2025-01-31');
  assert.equal(early.data, { nextChangeTime: next });
  // The refusal used up neither code.
  assert.is(await usedAt(env, NEW_MOBILE, OLD_SCENE), null);
  assert.is(await usedAt(env, '13700000001', NEW_SCENE), null);

  advance(1);
  assert.equal((await call(CAN, { method: 'PUT', token: fresh })).data, { canChange: true, nextChangeTime: null });
  const late = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: '13700000001', code }, token: fresh });
  assert.is(late.code, 0);
});

test('send-sms-code refuses scene 3 for a number bound to a live account of the tenant, before sending', async () => {
  const { sendCode, smsLogin, logs, db } = await setup();
  await smsLogin(NEW_MOBILE);
  const before = logs.length;
  const reply = await sendCode(NEW_MOBILE, NEW_SCENE);
  assert.is(reply.code, ErrorCode.MOBILE_ALREADY_BOUND);
  assert.is(reply.msg, BOUND);
  assert.is(logs.length, before);
  assert.is(await db.value('SELECT COUNT(*) FROM sms_codes WHERE scene = 3'), 0);
  // The caller's own number counts as bound too; other scenes are unaffected; another tenant's accounts do not count.
  assert.is((await sendCode(DEMO_MOBILE, NEW_SCENE)).code, ErrorCode.MOBILE_ALREADY_BOUND);
  assert.is((await sendCode(NEW_MOBILE, 4)).code, 0);
  assert.is((await sendCode(NEW_MOBILE, NEW_SCENE, 100)).code, 0);
});

test('change-mobile refuses the current number and a number bound since the code was sent', async () => {
  const env = await setup();
  const { call, smsLogin } = env;
  const { token, oldCode, code } = await prepare(env);
  // Someone registers the number after the code reached it.
  assert.is((await smsLogin(NEW_MOBILE)).code, 0);
  const taken = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code }, token });
  assert.is(taken.code, ErrorCode.MOBILE_ALREADY_BOUND);
  assert.is(taken.msg, BOUND);
  const same = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: DEMO_MOBILE, code }, token });
  assert.is(same.code, ErrorCode.MOBILE_ALREADY_BOUND);
  assert.is(await usedAt(env, DEMO_MOBILE, OLD_SCENE), null);
  assert.is((await call('/api/merchant/user/get', { token })).data.mobile, DEMO_MOBILE);
});

test('a number registered only in another tenant is free in this one', async () => {
  const env = await setup();
  const { call, smsLogin } = env;
  assert.is((await smsLogin(NEW_MOBILE, 100)).code, 0);
  const { token, oldCode, code } = await prepare(env);
  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code }, token })).code, 0);
});

test('a wrong old code leaves the new code unused, and a wrong new code leaves the old one unused', async () => {
  const env = await setup();
  const { call } = env;
  const { token, oldCode, code } = await prepare(env);
  const wrongOld = oldCode === '000000' ? '111111' : '000000';
  const wrongNew = code === '000000' ? '111111' : '000000';

  const badOld = await call(CHANGE, { method: 'PUT', body: { oldCode: wrongOld, mobile: NEW_MOBILE, code }, token });
  assert.is(badOld.code, ErrorCode.SMS_CODE_WRONG);
  assert.is(await usedAt(env, NEW_MOBILE, NEW_SCENE), null);
  assert.is(await env.db.value('SELECT attempts FROM sms_codes WHERE mobile = ? AND scene = 3', NEW_MOBILE), 0);

  const badNew = await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code: wrongNew }, token });
  assert.is(badNew.code, ErrorCode.SMS_CODE_WRONG);
  assert.is(await usedAt(env, DEMO_MOBILE, OLD_SCENE), null);

  // A login code of the current number is not a scene-2 code.
  await env.sendCode(DEMO_MOBILE, 1);
  const loginCode = env.lastCode();
  if (loginCode !== oldCode) {
    assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode: loginCode, mobile: NEW_MOBILE, code }, token })).code, ErrorCode.SMS_CODE_WRONG);
  }

  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code }, token })).code, 0);
  assert.is((await call('/api/merchant/user/get', { token })).data.mobile, NEW_MOBILE);
});

test('change-mobile validates its input', async () => {
  const env = await setup();
  const { call } = env;
  const { token, oldCode, code } = await prepare(env);
  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: '1391234567', code }, token })).code, ErrorCode.MOBILE_INVALID);
  assert.is((await call(CHANGE, { method: 'PUT', body: { mobile: NEW_MOBILE, code }, token })).code, ErrorCode.SMS_CODE_INVALID);
  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code: '12' }, token })).code, ErrorCode.SMS_CODE_INVALID);
  assert.is((await call(CHANGE, { method: 'PUT', body: { oldCode, mobile: NEW_MOBILE, code } })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(CAN, { method: 'PUT' })).code, ErrorCode.UNAUTHORIZED);
});

test.run();

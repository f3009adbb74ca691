import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, setup } from '../helpers.ts';

const SEND = '/api/merchant/auth/send-sms-code';
const SMS_LOGIN = '/api/merchant/auth/sms-login';
const VALIDATE = '/api/merchant/auth/validate-sms-code';
const NEW_MOBILE = '13912345678';
const MINUTE = 60_000;

test('send-sms-code prints a random 6-digit code and stores only its hash', async () => {
  const { call, logs, lastCode, db } = await setup();
  const reply = await call(SEND, { body: { mobile: NEW_MOBILE, scene: 1 } });
  assert.is(reply.code, 0);
  assert.is(reply.data, true);
  assert.match(logs.at(-1)!, /^\[sms\] tenant=1 mobile=13912345678 scene=1 code=\d{6}$/);
  const stored = await db.value('SELECT code_hash FROM sms_codes') as string;
  assert.is.not(stored, lastCode());
  assert.not.ok(stored.includes(lastCode()));
  // Keyed: trying all million codes against the copied row with a plain SHA-256 finds nothing.
  const { createHash } = await import('node:crypto');
  const plain = (code: string) => createHash('sha256').update(`1:${NEW_MOBILE}:1:${code}`).digest('hex');
  assert.is.not(stored, plain(lastCode()), 'not the unkeyed digest');
});

test('the stored digest depends on the server key: the same code under another key does not verify', async () => {
  const { randomSecrets } = await import('../../../../server/lib/secrets.ts');
  const { createApp } = await import('../../../../server/app.ts');
  const first = await setup({ smsFixedCode: '246810' });
  await first.sendCode(NEW_MOBILE);
  const otherKey = createApp({ db: first.db, distDir: '/nonexistent', now: first.now, secrets: randomSecrets(), trustProxy: true });
  const login = await otherKey.request('/api/merchant/auth/sms-login', {
    method: 'POST',
    headers: { 'tenant-id': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: NEW_MOBILE, code: '246810' }),
  });
  assert.is(((await login.json()) as { code: number }).code, ErrorCode.SMS_CODE_WRONG);
  assert.is((await first.call('/api/merchant/auth/sms-login', { body: { mobile: NEW_MOBILE, code: '246810' } })).code, 0, 'the right key verifies it');
});

test('SMS_FIXED_CODE makes every code equal to it', async () => {
  const { sendCode, lastCode } = await setup({ smsFixedCode: '246810' });
  await sendCode(NEW_MOBILE);
  assert.is(lastCode(), '246810');
});

test('sms-login of an unknown mobile registers it and returns a token pair', async () => {
  const { call, sendCode, lastCode, now } = await setup();
  await sendCode(NEW_MOBILE);
  const login = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: lastCode() } });
  assert.is(login.code, 0);
  assert.type(login.data.accessToken, 'string');
  assert.type(login.data.refreshToken, 'string');
  assert.is.not(login.data.accessToken, login.data.refreshToken);
  assert.is(login.data.expiresTime, now() + 1800 * 1000);
  const user = await call('/api/merchant/user/get', { token: login.data.accessToken });
  assert.is(user.code, 0);
  assert.is(user.data.userId, login.data.userId);
  assert.is(user.data.mobile, NEW_MOBILE);
  assert.is(user.data.nickname, '');
  assert.is(user.data.avatar, '');
  assert.is(user.data.hasPassword, false);
  assert.is(user.data.registerTime, now());
  assert.match(user.data.userNo, /^\d{8}$/);
});

test('sms-login of a known mobile logs into the existing user', async () => {
  const { call, sendCode, lastCode, db } = await setup();
  const demoId = await db.value('SELECT id FROM users WHERE tenant_id = 1 AND mobile = ?', DEMO_MOBILE);
  await sendCode(DEMO_MOBILE);
  const login = await call(SMS_LOGIN, { body: { mobile: DEMO_MOBILE, code: lastCode() } });
  assert.is(login.data.userId, demoId);
  assert.is(await db.value('SELECT COUNT(*) FROM users WHERE mobile = ?', DEMO_MOBILE), 2);
});

test('a wrong code is SMS_CODE_WRONG; no code sent is SMS_CODE_WRONG too', async () => {
  const { call, sendCode, lastCode } = await setup();
  const none = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '123456' } });
  assert.is(none.code, ErrorCode.SMS_CODE_WRONG);
  assert.is(none.msg, 'Verification code is incorrect');
  await sendCode(NEW_MOBILE);
  const wrong = lastCode() === '000000' ? '111111' : '000000';
  const reply = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: wrong } });
  assert.is(reply.code, ErrorCode.SMS_CODE_WRONG);
});

test('a code expires after 10 minutes', async () => {
  const { call, sendCode, lastCode, advance } = await setup();
  await sendCode(NEW_MOBILE);
  const code = lastCode();
  advance(10 * MINUTE - 1);
  assert.is((await call(VALIDATE, { body: { mobile: NEW_MOBILE, code, scene: 1 } })).code, 0);
  advance(1);
  const expired = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code } });
  assert.is(expired.code, ErrorCode.SMS_CODE_EXPIRED);
  assert.is(expired.msg, 'Verification code has expired');
});

test('a code is single use for sms-login, while validate-sms-code does not use it up', async () => {
  const { call, sendCode, lastCode } = await setup();
  await sendCode(NEW_MOBILE);
  const code = lastCode();
  assert.is((await call(VALIDATE, { body: { mobile: NEW_MOBILE, code, scene: 1 } })).data, true);
  assert.is((await call(VALIDATE, { body: { mobile: NEW_MOBILE, code, scene: 1 } })).code, 0);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code } })).code, 0);
  const reused = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code } });
  assert.is(reused.code, ErrorCode.SMS_CODE_WRONG);
});

test('a code only works for its own scene and tenant', async () => {
  const { call, sendCode, lastCode, advance } = await setup({ smsFixedCode: '135790' });
  await sendCode(NEW_MOBILE, 4);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: lastCode() } })).code, ErrorCode.SMS_CODE_WRONG);
  advance(MINUTE);
  await sendCode(NEW_MOBILE, 1, 100);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '135790' }, tenant: 1 })).code, ErrorCode.SMS_CODE_WRONG);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '135790' }, tenant: 100 })).code, 0);
});

test('a resend of the same mobile and scene within 60 s is refused, another scene is not', async () => {
  const { sendCode, advance } = await setup();
  assert.is((await sendCode(NEW_MOBILE, 1)).code, 0);
  advance(59_999);
  const again = await sendCode(NEW_MOBILE, 1);
  assert.is(again.code, ErrorCode.SMS_SEND_TOO_FREQUENT);
  assert.is(again.msg, 'Please do not operate frequently');
  assert.is((await sendCode(NEW_MOBILE, 4)).code, 0);
  advance(1);
  assert.is((await sendCode(NEW_MOBILE, 1)).code, 0);
});

test('a resend supersedes the previous code', async () => {
  const { call, sendCode, lastCode, advance } = await setup();
  await sendCode(NEW_MOBILE);
  const first = lastCode();
  advance(MINUTE);
  await sendCode(NEW_MOBILE);
  const second = lastCode();
  if (first !== second) assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: first } })).code, ErrorCode.SMS_CODE_WRONG);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: second } })).code, 0);
});

// The cap is per tenant, scene and requesting address, so other requesters cannot use it up (lib/throttles-sms.test.ts).
test('more than 10 sends per mobile, scene and requester a day are refused', async () => {
  const { sendCode, advance } = await setup();
  for (let i = 0; i < 10; i++) {
    assert.is((await sendCode(NEW_MOBILE)).code, 0, `send ${i + 1}`);
    advance(MINUTE);
  }
  assert.is((await sendCode(NEW_MOBILE)).code, ErrorCode.SMS_SEND_TOO_FREQUENT);
  assert.is((await sendCode(NEW_MOBILE, 1, 100)).code, 0);
  assert.is((await sendCode(NEW_MOBILE, 4)).code, 0);
  assert.is((await sendCode(NEW_MOBILE, 1, 1, '198.51.100.9')).code, 0);
  assert.is((await sendCode('13912345679')).code, 0);
  advance(24 * 60 * MINUTE - 10 * MINUTE + 1);
  assert.is((await sendCode(NEW_MOBILE)).code, 0);
});

test('after 5 wrong attempts the code is void, even the right one', async () => {
  const { call, sendCode } = await setup({ smsFixedCode: '424242' });
  await sendCode(NEW_MOBILE);
  for (let i = 0; i < 5; i++) {
    const path = i % 2 ? VALIDATE : SMS_LOGIN;
    const reply = await call(path, { body: { mobile: NEW_MOBILE, code: '999999', scene: 1 } });
    assert.is(reply.code, ErrorCode.SMS_CODE_WRONG, `attempt ${i + 1}`);
  }
  const right = await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '424242' } });
  assert.is(right.code, ErrorCode.SMS_CODE_EXPIRED);
});

test("a stranger's wrong guesses from other addresses neither void nor lock the owner's code, and strangers get 5 guesses in all", async () => {
  const { call, sendCode } = await setup({ smsFixedCode: '424242' });
  const OWNER = '198.51.100.20';
  const RESET = 4;
  for (const [path, scene] of [[SMS_LOGIN, 1], [VALIDATE, RESET]] as const) {
    assert.is((await sendCode(NEW_MOBILE, scene, 1, OWNER)).code, 0);
    // Five strangers, one wrong guess each, then a sixth with the right code: strangers together get five tries.
    for (let i = 0; i < 5; i++) {
      const reply = await call(path, { body: { mobile: NEW_MOBILE, code: '999999', scene }, address: `203.0.113.${i + 1}` });
      assert.is(reply.code, ErrorCode.SMS_CODE_WRONG, `stranger ${i + 1}`);
    }
    const sixth = await call(path, { body: { mobile: NEW_MOBILE, code: '424242', scene }, address: '203.0.113.99' });
    assert.is(sixth.code, ErrorCode.SMS_CODE_EXPIRED, 'void for strangers');
    // The owner's code still works from the owner's address.
    assert.is((await call(path, { body: { mobile: NEW_MOBILE, code: '424242', scene }, address: OWNER })).code, 0, `scene ${scene}`);
  }
});

test('inputs are validated with the client rules', async () => {
  const { call } = await setup();
  const badMobile = await call(SEND, { body: { mobile: '12345', scene: 1 } });
  assert.is(badMobile.code, ErrorCode.MOBILE_INVALID);
  assert.is((await call(SEND, { body: { scene: 1 } })).code, ErrorCode.MOBILE_INVALID);
  assert.is((await call(SEND, { body: { mobile: NEW_MOBILE, scene: 9 } })).code, ErrorCode.BAD_REQUEST);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '12ab' } })).code, ErrorCode.SMS_CODE_INVALID);
  assert.is((await call(SMS_LOGIN, { body: { mobile: NEW_MOBILE, code: '1234567' } })).code, ErrorCode.SMS_CODE_INVALID);
  assert.is((await call(VALIDATE, { body: { mobile: '23800138000', code: '1234', scene: 1 } })).code, ErrorCode.MOBILE_INVALID);
});

test('send-sms-code-logging sends to the caller\'s own mobile and needs a login', async () => {
  const { call, logs, passwordLogin } = await setup();
  const anonymous = await call('/api/merchant/auth/send-sms-code-logging', { body: { scene: 5 } });
  assert.is(anonymous.code, 401);
  const { data } = await passwordLogin();
  const reply = await call('/api/merchant/auth/send-sms-code-logging', { body: { scene: 5 }, token: data.accessToken });
  assert.is(reply.code, 0);
  assert.match(logs.at(-1)!, /^\[sms\] tenant=1 mobile=13800138000 scene=5 code=\d{6}$/);
});

test.run();

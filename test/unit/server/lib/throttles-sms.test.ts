import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, setup } from '../helpers.ts';
import type { Reply } from '../helpers.ts';

// SMS send limits (API.md "Authentication"): per number, tenant, scene and requesting address; per address over
// every number; and for the whole server, whose limit makes sending fail as a gateway quota would.

const SMS_LOGIN = '/api/merchant/auth/sms-login';
const VICTIM = '13912345678';
const OWNER_ADDRESS = '198.51.100.1';
const STRANGER_ADDRESS = '203.0.113.66';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function assertRefused(reply: Reply, code: number, retryAfterSeconds: number, label = '') {
  assert.is(reply.code, code, label);
  assert.equal(reply.data, { retryAfterSeconds }, label);
  assert.is(reply.headers.get('retry-after'), String(retryAfterSeconds), label);
}

test("a stranger sending once a minute neither stops the owner's send nor voids the owner's code", async () => {
  const { call, sendCode, lastCode, advance } = await setup();
  assert.is((await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS)).code, 0);
  advance(10_000);
  assert.is((await sendCode(VICTIM, 1, 1, OWNER_ADDRESS)).code, 0);
  const ownersCode = lastCode();
  // The stranger keeps going: its own resend interval is all that holds it back.
  assertRefused(await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS), ErrorCode.SMS_SEND_TOO_FREQUENT, 50);
  advance(50_000);
  assert.is((await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS)).code, 0);
  const login = await call(SMS_LOGIN, { body: { mobile: VICTIM, code: ownersCode }, address: OWNER_ADDRESS });
  assert.is(login.code, 0);
});

test("ten sends by a stranger in a day leave the owner's sends untouched", async () => {
  const { sendCode, advance } = await setup();
  for (let i = 0; i < 10; i++) {
    assert.is((await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS)).code, 0, `send ${i + 1}`);
    advance(MINUTE);
  }
  assertRefused(await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS), ErrorCode.SMS_SEND_TOO_FREQUENT, 24 * 3600 - 10 * 60);
  assert.is((await sendCode(VICTIM, 1, 1, OWNER_ADDRESS)).code, 0);
});

test('the daily cap of a number is per tenant and scene: other scenes and tenants do not use up the login code', async () => {
  const { sendCode, advance } = await setup();
  for (let i = 0; i < 10; i++) {
    assert.is((await sendCode(VICTIM, 4, 1)).code, 0, `reset-password send ${i + 1}`);
    assert.is((await sendCode(VICTIM, 1, 100)).code, 0, `other tenant send ${i + 1}`);
    advance(MINUTE);
  }
  assert.is((await sendCode(VICTIM, 1, 1)).code, 0);
});

test('one address gets at most 30 codes an hour over every number; other addresses are not held back', async () => {
  const { sendCode, advance, logs } = await setup();
  for (let i = 0; i < 30; i++) assert.is((await sendCode(`1390000${String(i).padStart(4, '0')}`, 1, 1, STRANGER_ADDRESS)).code, 0, `number ${i}`);
  assertRefused(await sendCode('13900009999', 1, 1, STRANGER_ADDRESS), ErrorCode.SMS_SEND_TOO_FREQUENT, 3600);
  assert.is(logs.filter((line) => line.startsWith('[sms]')).length, 30);
  assert.is((await sendCode('13900009999', 1, 1, OWNER_ADDRESS)).code, 0);
  advance(HOUR - 1000);
  assertRefused(await sendCode('13900009999', 1, 1, STRANGER_ADDRESS), ErrorCode.SMS_SEND_TOO_FREQUENT, 1);
  advance(1000);
  assert.is((await sendCode('13900009999', 1, 1, STRANGER_ADDRESS)).code, 0);
});

test('the per-address hourly cap is settable (SMS_ADDRESS_LIMIT_PER_HOUR)', async () => {
  const { sendCode } = await setup({ limits: { smsAddressPerHour: 3 } });
  for (let i = 0; i < 3; i++) assert.is((await sendCode(`1390000000${i}`)).code, 0);
  assertRefused(await sendCode('13900000009'), ErrorCode.SMS_SEND_TOO_FREQUENT, 3600);
});

test('past the open share of the server-wide hourly cap a code asked for again fails with SMS_SEND_FAILED, for everyone, until the hour has passed', async () => {
  const { sendCode, advance, logs } = await setup({ limits: { smsGlobalPerHour: 5 } });
  // The open share is four fifths of the cap: 4 of 5.
  for (let i = 0; i < 4; i++) {
    assert.is((await sendCode(`1390000000${i}`, 1, 1, `192.0.${i}.1`)).code, 0, `send ${i + 1}`);
    advance(MINUTE);
  }
  const failed = await sendCode('13900000000', 1, 1, OWNER_ADDRESS);
  assertRefused(failed, ErrorCode.SMS_SEND_FAILED, 3600 - 4 * 60);
  assert.is(failed.msg, 'Failed to send the verification code');
  assert.is(logs.filter((line) => line.startsWith('[sms]')).length, 4);
  advance(HOUR - 4 * MINUTE - 1);
  assertRefused(await sendCode('13900000001', 1, 1, OWNER_ADDRESS), ErrorCode.SMS_SEND_FAILED, 1);
  advance(1);
  assert.is((await sendCode('13900000001', 1, 1, OWNER_ADDRESS)).code, 0);
});

test("past the open share the reserve serves a number's first code of the hour and the owner's device, no one else", async () => {
  const { call, sendCode, advance } = await setup({ limits: { smsGlobalPerHour: 10 } });
  const login = await call('/api/merchant/auth/login', { body: { mobile: DEMO_MOBILE, password: 'demo1234' }, address: OWNER_ADDRESS });
  assert.is(login.code, 0);
  for (let i = 0; i < 8; i++) {
    const mobile = i < 7 ? `13${i}00000000` : DEMO_MOBILE;
    assert.is((await sendCode(mobile, 1, 1, `192.0.${i}.1`)).code, 0, `send ${i + 1}`);
    advance(MINUTE);
  }
  assertRefused(await sendCode('13000000000', 1, 1, OWNER_ADDRESS), ErrorCode.SMS_SEND_FAILED, 3600 - 8 * 60, 'an unknown number again');
  assertRefused(await sendCode(DEMO_MOBILE, 1, 1, STRANGER_ADDRESS), ErrorCode.SMS_SEND_FAILED, 3600 - 8 * 60, 'not the owner device');
  assert.is((await sendCode(DEMO_MOBILE, 1, 1, OWNER_ADDRESS)).code, 0, "the owner's device");
  assert.is((await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS)).code, 0, 'a first code this hour');
});

test('an address group (IPv4 /24) and a number prefix (7 digits) have hourly caps of their own', async () => {
  const { sendCode, advance } = await setup({ limits: { smsAddressGroupPerHour: 3, smsPrefixPerHour: 3 } });
  for (let i = 0; i < 3; i++) assert.is((await sendCode(`13${i}00000000`, 1, 1, `192.0.2.${i + 1}`)).code, 0, `group send ${i + 1}`);
  assertRefused(await sendCode('13500000000', 1, 1, '192.0.2.200'), ErrorCode.SMS_SEND_TOO_FREQUENT, 3600, 'same /24');
  assert.is((await sendCode('13500000000', 1, 1, '192.0.3.1')).code, 0, 'another /24');
  for (let i = 1; i < 3; i++) assert.is((await sendCode(`1350000000${i}`, 1, 1, `198.51.${i}.1`)).code, 0, `prefix send ${i + 1}`);
  advance(MINUTE);
  // A number asked for again: the prefix cap applies (its first code of the hour never meets it).
  assertRefused(await sendCode('13500000001', 1, 1, '203.0.113.1'), ErrorCode.SMS_SEND_TOO_FREQUENT, 3600 - 60, 'same prefix');
  assert.is((await sendCode('13500000009', 1, 1, '203.0.113.1')).code, 0, 'a first code of the prefix');
  assert.is((await sendCode('13500010000', 1, 1, '203.0.113.1')).code, 0, 'another prefix');
  advance(MINUTE);
  assert.is((await sendCode('13500010000', 1, 1, '203.0.113.2')).code, 0, 'another prefix, asked again');
});

test("a wrong guess counts against every live code of the number, so a stranger's codes give a guesser no extra tries", async () => {
  const { call, sendCode, lastCode } = await setup();
  assert.is((await sendCode(VICTIM, 1, 1, OWNER_ADDRESS)).code, 0);
  const ownersCode = lastCode();
  assert.is((await sendCode(VICTIM, 1, 1, STRANGER_ADDRESS)).code, 0);
  const strangersCode = lastCode();
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== ownersCode && c !== strangersCode);
  for (let i = 0; i < 5; i++) {
    assert.is((await call(SMS_LOGIN, { body: { mobile: VICTIM, code: wrong[i] } })).code, ErrorCode.SMS_CODE_WRONG, `guess ${i + 1}`);
  }
  assert.is((await call(SMS_LOGIN, { body: { mobile: VICTIM, code: ownersCode } })).code, ErrorCode.SMS_CODE_EXPIRED);
  assert.is((await call(SMS_LOGIN, { body: { mobile: VICTIM, code: strangersCode } })).code, ErrorCode.SMS_CODE_EXPIRED);
});

test('each code remembers the address that asked for it', async () => {
  const { sendCode, db } = await setup();
  await sendCode(VICTIM, 1, 1, OWNER_ADDRESS);
  await sendCode(VICTIM, 1, 1, '2001:db8:5:6:7::1');
  assert.equal(await db.column('SELECT client_address FROM sms_codes ORDER BY id'), [OWNER_ADDRESS, '2001:db8:5:6::/64']);
});

test.run();

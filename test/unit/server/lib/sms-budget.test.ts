import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';

// The shared SMS budgets (API.md "Authentication"): the prefix cap and the server cap must never be a stranger's
// tool against an owner. The number's owner on a device its account logged in from, and a number nobody asked a
// code for this hour, get their code whatever strangers spent; strangers stay bounded by their own address caps, and
// past the open share first codes of the hour by the reserve's total.

const SEND = '/api/merchant/auth/send-sms-code';
const SMS_LOGIN = '/api/merchant/auth/sms-login';
const PASSWORD_LOGIN = '/api/merchant/auth/login';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PREFIX = '1391234';
const OWNER = `${PREFIX}0000`;
const OWNER_ADDRESS = '198.51.100.1';
const ATTACKERS = ['203.0.113.10', '203.0.114.10'];

type App = Awaited<ReturnType<typeof setup>>;

function send(app: App, mobile: string, address: string, headers: Record<string, string> = {}) {
  return app.call(SEND, { body: { mobile, scene: 1 }, address, headers });
}

/** Sends a login code from the address and logs in with it (registering an unknown number). */
async function smsLoginFrom(app: App, mobile: string, address: string, headers: Record<string, string> = {}) {
  assert.is((await send(app, mobile, address, headers)).code, 0, `code for ${mobile}`);
  const login = await app.call(SMS_LOGIN, { body: { mobile, code: app.lastCode() }, address, headers });
  assert.is(login.code, 0, `login of ${mobile}`);
}

/** `count` first codes of the hour from as many address groups, to spend the open share. */
async function spendOpenShare(app: App, count: number) {
  for (let i = 0; i < count; i++) assert.is((await send(app, `1370000${String(i).padStart(4, '0')}`, `192.0.${i}.1`)).code, 0, `open share ${i + 1}`);
}

/** 50 sends to 50 numbers of the prefix, the owner's among them, from two addresses (25 each). */
async function sprayPrefix(app: App) {
  for (let i = 0; i < 50; i++) {
    const reply = await send(app, `${PREFIX}${String(i).padStart(4, '0')}`, ATTACKERS[i % 2]);
    assert.is(reply.code, 0, `spray ${i}`);
  }
}

test('a spray of 50 numbers of a prefix does not stop the owner of a sprayed number, on the device it logged in from', async () => {
  const app = await setup();
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS);
  app.advance(HOUR);
  await sprayPrefix(app);
  const owner = await send(app, OWNER, OWNER_ADDRESS);
  assert.is(owner.code, 0, 'the owner gets its code');
  // The prefix cap still holds for everyone else asking again for a sprayed number, the owner's included.
  assert.is((await send(app, OWNER, '192.0.2.77')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, "a stranger to the owner's number");
  assert.is((await send(app, `${PREFIX}0001`, '192.0.2.77')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'a stranger to a sprayed number');
});

test('a spray of a prefix does not stop the first code of a number nobody asked for this hour', async () => {
  const app = await setup();
  await sprayPrefix(app);
  assert.is((await send(app, `${PREFIX}9999`, '192.0.2.77')).code, 0, 'a fresh number of the prefix');
  // Its second code in the hour is no longer a first: the prefix cap applies to it again.
  app.advance(MINUTE);
  assert.is((await send(app, `${PREFIX}9999`, '192.0.2.77')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'its second code');
});

test("the owner's device is also known by its fingerprint-id from a new address, and a password login makes it known", async () => {
  const app = await setup();
  const device = { 'fingerprint-id': 'owner-phone' };
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS, device);
  app.advance(HOUR);
  await sprayPrefix(app);
  assert.is((await send(app, OWNER, '192.0.2.50', device)).code, 0, 'the fingerprint the account logged in from');
  assert.is((await send(app, OWNER, '192.0.2.51', { 'fingerprint-id': 'another' })).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'another one');
  // The demo account (seeded with a password) logs in from an address of its own; its number is then sprayed.
  const demo = '13800138000';
  assert.is((await app.call(PASSWORD_LOGIN, { body: { mobile: demo, password: 'demo1234' }, address: '192.0.2.60' })).code, 0);
  for (let i = 0; i < 50; i++) assert.is((await send(app, `1380013${String(i + 8000).padStart(4, '0')}`, `192.0.${10 + (i % 3)}.1`)).code, 0);
  assert.is((await send(app, demo, '203.0.113.99')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'a stranger');
  assert.is((await send(app, demo, '192.0.2.60')).code, 0, 'the password-login device');
});

test('25 accounts of the attacker cannot spend the server cap on an owner: the owner still gets its code, the attacker meets its own caps', async () => {
  // Open share 8 of 10; the attacker's codes to its own accounts are its owner's codes, bounded by its address cap.
  const app = await setup({ limits: { smsGlobalPerHour: 10, smsReserveGroupPerHour: 4, smsAddressPerHour: 20 } });
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS);
  const accounts = Array.from({ length: 25 }, (_, i) => `1350000${String(i).padStart(4, '0')}`);
  // The attacker registers and logs into 25 numbers from its own addresses, a few an hour.
  for (let i = 0; i < accounts.length; i++) {
    if (i % 5 === 0) app.advance(HOUR);
    await smsLoginFrom(app, accounts[i], ATTACKERS[0]);
  }
  app.advance(HOUR);
  // One hour's attack: a code to the owner's number, then codes to its own accounts, known devices of theirs.
  assert.is((await send(app, OWNER, ATTACKERS[0])).code, 0, "the attacker's code to the owner's number");
  let sent = 1;
  for (const mobile of accounts) if ((await send(app, mobile, ATTACKERS[0])).code === 0) sent++;
  assert.is(sent, 20, "the attacker's codes: its address cap");
  assert.is((await send(app, OWNER, OWNER_ADDRESS)).code, 0, "the owner's code, from its known device");
  app.advance(MINUTE);
  assert.is((await send(app, accounts[0], ATTACKERS[0])).code, ErrorCode.SMS_SEND_TOO_FREQUENT, "the attacker's extra code to its own account");
  assert.is((await send(app, OWNER, '192.0.2.77')).code, ErrorCode.SMS_SEND_FAILED, "a stranger's second code to the owner's number");
});

test('past the open share an owner takes at most 3 reserved codes an hour from its address group, and nothing else goes', async () => {
  const app = await setup({ limits: { smsGlobalPerHour: 5 } });
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS);
  app.advance(HOUR);
  for (let i = 0; i < 4; i++) assert.is((await send(app, `1370000000${i}`, `192.0.${i}.1`)).code, 0, `open share ${i + 1}`);
  assert.is((await send(app, '13700000000', '192.0.9.1')).code, ErrorCode.SMS_SEND_FAILED, 'an unknown number asked again');
  for (let i = 0; i < 3; i++) {
    assert.is((await send(app, OWNER, OWNER_ADDRESS)).code, 0, `reserved code ${i + 1}`);
    app.advance(MINUTE);
  }
  const fourth = await send(app, OWNER, OWNER_ADDRESS);
  assert.is(fourth.code, ErrorCode.SMS_SEND_FAILED, 'a fourth');
  // The open share frees when its oldest send is an hour old, which is before the first reserved one is.
  assert.equal(fourth.data, { retryAfterSeconds: 3600 - 3 * 60 });
});

test("a session's code to its own number (send-sms-code-logging) is the owner's, whatever its address", async () => {
  const app = await setup({ limits: { smsGlobalPerHour: 5 } });
  await send(app, OWNER, '192.0.2.1');
  const login = await app.call(SMS_LOGIN, { body: { mobile: OWNER, code: app.lastCode() }, address: '192.0.2.1' });
  for (let i = 0; i < 4; i++) assert.is((await send(app, `1370000000${i}`, `192.0.${10 + i}.1`)).code, 0, `open share ${i + 1}`);
  const own = (address: string) =>
    app.call('/api/merchant/auth/send-sms-code-logging', { body: { scene: 5 }, token: login.data.accessToken, address });
  assert.is((await own('198.51.100.77')).code, 0, 'from a new address');
  assert.is((await send(app, OWNER, '198.51.100.78')).code, ErrorCode.SMS_SEND_FAILED, 'send-sms-code from a new address');
});

test('a flood spread over fresh numbers is still bounded by the address and address-group caps', async () => {
  const app = await setup({ limits: { smsAddressPerHour: 5, smsAddressGroupPerHour: 8 } });
  for (let i = 0; i < 5; i++) assert.is((await send(app, `1360000000${i}`, '203.0.113.1')).code, 0, `address send ${i + 1}`);
  assert.is((await send(app, '13600000009', '203.0.113.1')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'the address cap');
  for (let i = 5; i < 8; i++) assert.is((await send(app, `1360000000${i}`, '203.0.113.2')).code, 0, `group send ${i + 1}`);
  assert.is((await send(app, '13600000019', '203.0.113.3')).code, ErrorCode.SMS_SEND_TOO_FREQUENT, 'the group cap');
});

test("past the open share a stranger in the owner's address group spends the group's first codes, never the owner's codes", async () => {
  // Open share 16 of 20; past it 4 first codes of the hour server-wide, at most 3 per address group.
  const app = await setup({ limits: { smsGlobalPerHour: 20, smsReserveGroupPerHour: 3 } });
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS);
  app.advance(HOUR);
  await spendOpenShare(app, 16);
  const neighbour = '198.51.100.200'; // the owner's /24: a carrier NAT's other subscriber
  for (let i = 0; i < 3; i++) assert.is((await send(app, `1360000000${i}`, neighbour)).code, 0, `the neighbour's first code ${i + 1}`);
  assert.is((await send(app, '13600000009', neighbour)).code, ErrorCode.SMS_SEND_FAILED, "the group's first codes are spent");
  for (let i = 0; i < 3; i++) {
    assert.is((await send(app, OWNER, OWNER_ADDRESS)).code, 0, `the owner's code ${i + 1}, from its known device`);
    app.advance(MINUTE);
  }
  assert.is((await send(app, OWNER, OWNER_ADDRESS)).code, ErrorCode.SMS_SEND_FAILED, "the owner's fourth in the hour");
  assert.is((await send(app, '13600000009', '203.0.113.1')).code, 0, 'a first code from another group');
});

test("past the open share first codes of the hour stop at the reserve's server-wide total, whatever the groups; the owner's do not", async () => {
  // Open share 8 of 10: past it 2 first codes of the hour in all, each group's own reserve (20) far from reached.
  const app = await setup({ limits: { smsGlobalPerHour: 10 } });
  await smsLoginFrom(app, OWNER, OWNER_ADDRESS);
  app.advance(HOUR);
  await spendOpenShare(app, 8);
  for (let i = 0; i < 2; i++) assert.is((await send(app, `1360000000${i}`, `203.0.${i}.1`)).code, 0, `first code ${i + 1} from group ${i + 1}`);
  for (let i = 2; i < 6; i++) assert.is((await send(app, `1360000000${i}`, `203.0.${i}.1`)).code, ErrorCode.SMS_SEND_FAILED, `group ${i + 1}`);
  assert.is((await send(app, OWNER, OWNER_ADDRESS)).code, 0, "the owner's code, from its known device");
  // A number's first code of the hour, counted across requesters, is the one reserve send strangers get it an hour.
  assert.is((await send(app, '13600000000', '203.0.9.1')).code, ErrorCode.SMS_SEND_FAILED, 'the number asked for again');
  // The total frees as its sends leave the hour, with the open share that was spent before them.
  app.advance(HOUR);
  assert.is((await send(app, '13600000009', '203.0.9.1')).code, 0, 'an hour later');
});

test('an SMS login makes its device known to the password lock too, as a password login does', async () => {
  const app = await setup();
  const demo = '13800138000';
  await smsLoginFrom(app, demo, OWNER_ADDRESS);
  for (let i = 0; i < 5; i++) {
    const wrong = await app.call(PASSWORD_LOGIN, { body: { mobile: demo, password: 'wrong1234' }, address: `203.0.113.${i + 1}` });
    assert.is(wrong.code, ErrorCode.LOGIN_FAILED, `stranger ${i + 1}`);
    app.advance(10_000);
  }
  assert.is((await app.call(PASSWORD_LOGIN, { body: { mobile: demo, password: 'demo1234' }, address: '192.0.2.9' })).code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is((await app.call(PASSWORD_LOGIN, { body: { mobile: demo, password: 'demo1234' }, address: OWNER_ADDRESS })).code, 0);
});

test.run();

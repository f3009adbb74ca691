import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, setup } from '../helpers.ts';

const USER = '/api/merchant/user/get';
const REFRESH = '/api/merchant/auth/refresh-token';
const LOGOUT = '/api/merchant/auth/logout';
const LOGIN_EXPIRED = 'Login expired, please log in again';

test('password login of the demo user returns a working token pair', async () => {
  const { call, passwordLogin, now } = await setup({ accessTokenTtlSeconds: 60 });
  const login = await passwordLogin();
  assert.is(login.code, 0);
  assert.is(login.data.expiresTime, now() + 60_000);
  const user = await call(USER, { token: login.data.accessToken });
  assert.is(user.code, 0);
  assert.is(user.data.nickname, 'Demo User');
  assert.is(user.data.mobile, DEMO_MOBILE);
  assert.is(user.data.hasPassword, true);
  assert.is(user.data.userId, login.data.userId);
  // API.md "Accounts": guest is false for a registered user and trialExpiresTime is absent.
  assert.equal(Object.keys(user.data).sort(), ['avatar', 'guest', 'guideSeen', 'hasPassword', 'mobile', 'nickname', 'registerTime', 'userId', 'userNo']);
  assert.is(user.data.guest, false);
  const green = await call(USER, { token: (await passwordLogin(100)).data.accessToken, tenant: 100 });
  assert.is(green.data.nickname, '绿洲用户');
  assert.is.not(green.data.userId, user.data.userId);
});

test('wrong password, unknown mobile and a user without password all fail alike', async () => {
  const { call, passwordLogin, sendCode, lastCode } = await setup();
  const wrong = await passwordLogin(1, DEMO_MOBILE, 'demo12345');
  assert.is(wrong.code, ErrorCode.LOGIN_FAILED);
  assert.is(wrong.msg, 'Incorrect mobile number or password');
  assert.is(wrong.data, null);
  assert.is((await passwordLogin(1, '13700000000', 'demo1234')).code, ErrorCode.LOGIN_FAILED);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'DEMO1234')).code, ErrorCode.LOGIN_FAILED);
  assert.is((await passwordLogin(2, DEMO_MOBILE, 'demo1234')).code, ErrorCode.LOGIN_FAILED);
  await sendCode('13912345678');
  assert.is((await call('/api/merchant/auth/sms-login', { body: { mobile: '13912345678', code: lastCode() } })).code, 0);
  assert.is((await passwordLogin(1, '13912345678', 'anything1')).code, ErrorCode.LOGIN_FAILED);
});

test('password login validates the format first', async () => {
  const { passwordLogin } = await setup();
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'abc')).code, ErrorCode.PASSWORD_INVALID);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'demo 1234')).code, ErrorCode.PASSWORD_INVALID);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'a'.repeat(21))).code, ErrorCode.PASSWORD_INVALID);
  assert.is((await passwordLogin(1, DEMO_MOBILE, '')).code, ErrorCode.PASSWORD_INVALID);
  assert.is((await passwordLogin(1, '1380013800', 'demo1234')).code, ErrorCode.MOBILE_INVALID);
});

test('user/get without, with a garbage or with an expired token answers 401 in the envelope', async () => {
  const { call, passwordLogin, advance } = await setup({ accessTokenTtlSeconds: 60 });
  for (const token of [undefined, 'garbage']) {
    const reply = await call(USER, token ? { token } : {});
    assert.is(reply.status, 200);
    assert.is(reply.code, 401);
    assert.is(reply.msg, LOGIN_EXPIRED);
  }
  const { data } = await passwordLogin();
  advance(59_999);
  assert.is((await call(USER, { token: data.accessToken })).code, 0);
  advance(1);
  assert.is((await call(USER, { token: data.accessToken })).code, 401);
});

test('refresh rotates: the new pair works and the old refresh token is refused', async () => {
  const { call, passwordLogin, advance } = await setup({ accessTokenTtlSeconds: 60 });
  const first = (await passwordLogin()).data;
  advance(120_000);
  assert.is((await call(USER, { token: first.accessToken })).code, 401);
  const second = await call(REFRESH, { body: { refreshToken: first.refreshToken } });
  assert.is(second.code, 0);
  assert.is(second.data.userId, first.userId);
  assert.is.not(second.data.refreshToken, first.refreshToken);
  assert.is.not(second.data.accessToken, first.accessToken);
  assert.is((await call(USER, { token: second.data.accessToken })).code, 0);
  // The query form is accepted as well (API.md).
  const third = await call(`${REFRESH}?refreshToken=${encodeURIComponent(second.data.refreshToken)}`, { method: 'POST' });
  assert.is(third.code, 0);
  assert.is((await call(REFRESH, { body: {} })).code, 401);
  // Presenting a rotated token again is a replay: refused, and the whole chain ends with it (reuse detection).
  const reused = await call(REFRESH, { body: { refreshToken: first.refreshToken } });
  assert.is(reused.code, 401);
  assert.is(reused.msg, LOGIN_EXPIRED);
  assert.is((await call(USER, { token: third.data.accessToken })).code, 401, 'the newest access token of the chain');
  assert.is((await call(REFRESH, { body: { refreshToken: third.data.refreshToken } })).code, 401, 'the newest refresh token');
});

test('two refreshes of one token racing on one device both get the same new pair, and the session survives', async () => {
  const { call, passwordLogin } = await setup();
  const first = (await passwordLogin()).data;
  const device = { address: '198.51.100.7', headers: { 'fingerprint-id': 'tab-1' } };
  const [a, b] = await Promise.all([
    call(REFRESH, { body: { refreshToken: first.refreshToken }, ...device }),
    call(REFRESH, { body: { refreshToken: first.refreshToken }, ...device }),
  ]);
  assert.is(a.code, 0);
  assert.is(b.code, 0);
  assert.equal(b.data, a.data, 'the repeat answers the pair the first one got');
  assert.is((await call(USER, { token: a.data.accessToken })).code, 0);
  assert.is((await call(REFRESH, { body: { refreshToken: a.data.refreshToken }, ...device })).code, 0, 'the chain goes on');
});

test('outside the reuse interval, from another device, or once its pair was used, a repeat is a replay that ends the chain', async () => {
  const { call, passwordLogin, advance } = await setup();
  const device = { address: '198.51.100.7', headers: { 'fingerprint-id': 'tab-1' } };
  // Later than the interval, same device.
  const late = (await passwordLogin()).data;
  const lateNext = (await call(REFRESH, { body: { refreshToken: late.refreshToken }, ...device })).data;
  advance(10_000);
  assert.is((await call(REFRESH, { body: { refreshToken: late.refreshToken }, ...device })).code, 401);
  assert.is((await call(USER, { token: lateNext.accessToken })).code, 401, 'the family ended');
  // At once, from another address or another fingerprint.
  for (const other of [{ address: '203.0.113.9', headers: device.headers }, { address: device.address, headers: { 'fingerprint-id': 'tab-2' } }]) {
    const login = (await passwordLogin()).data;
    const next = (await call(REFRESH, { body: { refreshToken: login.refreshToken }, ...device })).data;
    assert.is((await call(REFRESH, { body: { refreshToken: login.refreshToken }, ...other })).code, 401);
    assert.is((await call(USER, { token: next.accessToken })).code, 401, 'the family ended');
  }
  // At once, same device, but its new pair was refreshed already: the chain moved on.
  const moved = (await passwordLogin()).data;
  const second = (await call(REFRESH, { body: { refreshToken: moved.refreshToken }, ...device })).data;
  const third = (await call(REFRESH, { body: { refreshToken: second.refreshToken }, ...device })).data;
  assert.is((await call(REFRESH, { body: { refreshToken: moved.refreshToken }, ...device })).code, 401);
  assert.is((await call(USER, { token: third.accessToken })).code, 401, 'the family ended');
});

test('a rotation keeps its salt only while the pair it made may be given again', async () => {
  const { call, passwordLogin, db } = await setup();
  const salted = async () => await db.value('SELECT COUNT(*) FROM sessions WHERE rotation_salt IS NOT NULL') as number;
  const first = (await passwordLogin()).data;
  const second = (await call(REFRESH, { body: { refreshToken: first.refreshToken } })).data;
  assert.is(Number(await salted()), 1);
  const third = (await call(REFRESH, { body: { refreshToken: second.refreshToken } })).data;
  assert.is(Number(await salted()), 1, 'the first rotation\'s pair was used: only the second one keeps a salt');
  assert.is((await call(LOGOUT, { method: 'POST', token: third.accessToken })).code, 0);
  assert.is(Number(await salted()), 0, 'the chain ended');
});

test('a refresh token expires after 30 days', async () => {
  const { call, passwordLogin, advance } = await setup();
  const { data } = await passwordLogin();
  advance(30 * 24 * 3600 * 1000);
  assert.is((await call(REFRESH, { body: { refreshToken: data.refreshToken } })).code, 401);
});

test('logout revokes the access and the refresh token of the login', async () => {
  const { call, passwordLogin } = await setup();
  const first = (await passwordLogin()).data;
  const second = (await call(REFRESH, { body: { refreshToken: first.refreshToken } })).data;
  const other = (await passwordLogin()).data;
  const out = await call(LOGOUT, { method: 'POST', token: second.accessToken });
  assert.is(out.code, 0);
  assert.is(out.data, true);
  assert.is((await call(USER, { token: second.accessToken })).code, 401);
  assert.is((await call(USER, { token: first.accessToken })).code, 401);
  assert.is((await call(REFRESH, { body: { refreshToken: second.refreshToken } })).code, 401);
  assert.is((await call(LOGOUT, { method: 'POST', token: second.accessToken })).code, 401);
  // Another login of the same user (another device) is not affected.
  assert.is((await call(USER, { token: other.accessToken })).code, 0);
});

test('a token is refused under another tenant', async () => {
  const { call, passwordLogin } = await setup();
  const { data } = await passwordLogin(1);
  const foreign = await call(USER, { token: data.accessToken, tenant: 100 });
  assert.is(foreign.code, 401);
  assert.is(foreign.msg, LOGIN_EXPIRED);
  assert.is((await call(REFRESH, { body: { refreshToken: data.refreshToken }, tenant: 100 })).code, 401);
  assert.is((await call(USER, { token: data.accessToken, tenant: 1 })).code, 0);
});

test('tokens are stored only as hashes', async () => {
  const { passwordLogin, db } = await setup();
  const { data } = await passwordLogin();
  const dump = JSON.stringify(await db.all('SELECT * FROM sessions'));
  assert.not.ok(dump.includes(data.accessToken));
  assert.not.ok(dump.includes(data.refreshToken));
  const hash = await db.value('SELECT password_hash FROM users WHERE tenant_id = 1 AND mobile = ?', DEMO_MOBILE) as string;
  assert.match(hash, /^\$argon2id\$/);
  assert.not.ok(hash.includes('demo1234'));
});

test.run();

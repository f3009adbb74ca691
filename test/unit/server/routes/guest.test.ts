import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';

// API.md "Accounts" / "Guest trial".

const USER = '/api/merchant/user/get';
const REFRESH = '/api/merchant/auth/refresh-token';
const MINUTE = 60_000;
const TRIAL_ENDED = 'The trial has ended, please log in';
const GUEST_NOT_ALLOWED = 'This feature needs a registered account';

test('one-click-login starts a guest trial: the token works and user/get describes a guest', async () => {
  const { call, guestLogin, db, now } = await setup();
  const login = await guestLogin(1, { 'fingerprint-id': 'fp-visitor-1' });
  assert.is(login.code, 0);
  assert.is(login.data.guest, true);
  assert.is(login.data.trialExpiresTime, now() + 10 * MINUTE);
  // The default access TTL (30 min) is longer than the trial, so the token ends with the trial.
  assert.is(login.data.expiresTime, login.data.trialExpiresTime);
  assert.type(login.data.accessToken, 'string');
  assert.type(login.data.refreshToken, 'string');
  const user = await call(USER, { token: login.data.accessToken });
  assert.is(user.code, 0);
  assert.equal(user.data, {
    userId: login.data.userId,
    userNo: user.data.userNo,
    nickname: '',
    avatar: '',
    mobile: '',
    registerTime: now(),
    hasPassword: false,
    guest: true,
    trialExpiresTime: login.data.trialExpiresTime,
    guideSeen: true,
  });
  assert.match(user.data.userNo, /^\d{8}$/);
  const row = await db.get('SELECT guest, mobile, fingerprint_id FROM users WHERE id = ?', login.data.userId);
  assert.equal(row, { guest: 1, mobile: null, fingerprint_id: 'fp-visitor-1' });
  // Every call is a new trial of a new guest.
  const second = await guestLogin();
  assert.is.not(second.data.userId, login.data.userId);
});

test('the trial length is the tenant GUEST_TRIAL_MINUTES; a broken value falls back to 10', async () => {
  const { guestLogin, db, now } = await setup();
  await db.run("UPDATE configs SET value = '3' WHERE tenant_id = 100 AND config_key = 'GUEST_TRIAL_MINUTES'");
  assert.is((await guestLogin(100)).data.trialExpiresTime, now() + 3 * MINUTE);
  assert.is((await guestLogin(1)).data.trialExpiresTime, now() + 10 * MINUTE);
  await db.run("UPDATE configs SET value = '45' WHERE tenant_id = 1 AND config_key = 'GUEST_TRIAL_MINUTES'");
  const long = await guestLogin(1);
  assert.is(long.data.trialExpiresTime, now() + 45 * MINUTE);
  // Now the access TTL (30 min) is the shorter limit.
  assert.is(long.data.expiresTime, now() + 30 * MINUTE);
  await db.run("UPDATE configs SET value = 'soon' WHERE tenant_id = 1 AND config_key = 'GUEST_TRIAL_MINUTES'");
  assert.is((await guestLogin(1)).data.trialExpiresTime, now() + 10 * MINUTE);
});

test('past the trial end every auth call answers TRIAL_ENDED and refresh answers 401', async () => {
  const { call, guestLogin, advance } = await setup();
  const { data } = await guestLogin();
  advance(10 * MINUTE - 1);
  assert.is((await call(USER, { token: data.accessToken })).code, 0);
  advance(1);
  for (const [path, method] of [
    [USER, 'GET'],
    ['/api/promotion/activity/invite/can-input-code', 'GET'],
    ['/api/merchant/user/update', 'PUT'],
    ['/api/merchant/auth/logout', 'POST'],
  ] as const) {
    const reply = await call(path, { method, token: data.accessToken });
    assert.is(reply.code, ErrorCode.TRIAL_ENDED, path);
    assert.is(reply.msg, TRIAL_ENDED);
    assert.is(reply.status, 200);
  }
  const refresh = await call(REFRESH, { body: { refreshToken: data.refreshToken } });
  assert.is(refresh.code, ErrorCode.UNAUTHORIZED);
});

test('with a short access TTL a guest refreshes until the trial end, never past it', async () => {
  const { call, guestLogin, advance, now } = await setup({ accessTokenTtlSeconds: 240 });
  const first = (await guestLogin()).data;
  const trialEnd = first.trialExpiresTime;
  assert.is(first.expiresTime, now() + 4 * MINUTE);
  advance(4 * MINUTE);
  // An access token that merely expired during the trial is a 401, so the client refreshes.
  assert.is((await call(USER, { token: first.accessToken })).code, ErrorCode.UNAUTHORIZED);
  const second = await call(REFRESH, { body: { refreshToken: first.refreshToken } });
  assert.is(second.code, 0);
  assert.is(second.data.expiresTime, now() + 4 * MINUTE);
  advance(4 * MINUTE);
  const third = await call(REFRESH, { body: { refreshToken: second.data.refreshToken } });
  // 8 minutes in: 4 more minutes would pass the trial end, so the token stops at it.
  assert.is(third.data.expiresTime, trialEnd);
  advance(2 * MINUTE);
  assert.is((await call(USER, { token: third.data.accessToken })).code, ErrorCode.TRIAL_ENDED);
  // Even the long-expired first token says why, instead of sending the client into a refresh.
  assert.is((await call(USER, { token: first.accessToken })).code, ErrorCode.TRIAL_ENDED);
  assert.is((await call(REFRESH, { body: { refreshToken: third.data.refreshToken } })).code, ErrorCode.UNAUTHORIZED);
});

test('guest refresh tokens expire with the trial, and a trial ended early in the database ends at once', async () => {
  const { call, guestLogin, db, now } = await setup({ accessTokenTtlSeconds: 60 });
  const { data } = await guestLogin();
  const stored = await db.get('SELECT access_expires_at, refresh_expires_at FROM sessions WHERE user_id = ?', data.userId);
  assert.equal(stored, { access_expires_at: now() + MINUTE, refresh_expires_at: data.trialExpiresTime });
  // An operator ends the trial now: no refresh, and the live token says why.
  await db.run('UPDATE users SET trial_expires_at = ? WHERE id = ?', now(), data.userId);
  assert.is((await call(REFRESH, { body: { refreshToken: data.refreshToken } })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(USER, { token: data.accessToken })).code, ErrorCode.TRIAL_ENDED);
});

test('a guest that logged out gets 401, not TRIAL_ENDED', async () => {
  const { call, guestLogin, advance } = await setup();
  const { data } = await guestLogin();
  assert.is((await call('/api/merchant/auth/logout', { method: 'POST', token: data.accessToken })).code, 0);
  assert.is((await call(USER, { token: data.accessToken })).code, ErrorCode.UNAUTHORIZED);
  advance(11 * MINUTE);
  assert.is((await call(USER, { token: data.accessToken })).code, ErrorCode.UNAUTHORIZED);
});

test('a guest is refused every call that needs a registered account, and nothing happens', async () => {
  const { call, guestLogin, db, logs } = await setup();
  const { data } = await guestLogin();
  const token = data.accessToken;
  const calls: Array<[path: string, method: string, body: unknown]> = [
    ['/api/merchant/user/update', 'PUT', { nickname: 'Guest name' }],
    ['/api/merchant/user/update-password', 'PUT', { password: 'Abc12345' }],
    ['/api/merchant/user/can-change-mobile', 'PUT', undefined],
    ['/api/merchant/user/change-mobile', 'PUT', { oldCode: '123456', mobile: '13912345678', code: '123456' }],
    ['/api/merchant/user/unregister', 'PUT', { code: '123456' }],
    ['/api/merchant/auth/send-sms-code-logging', 'POST', { scene: 2 }],
    ['/api/promotion/activity/invite/input-code', 'POST', { code: '12345678' }],
  ];
  for (const [path, method, body] of calls) {
    const reply = await call(path, { method, body, token });
    assert.is(reply.code, ErrorCode.GUEST_NOT_ALLOWED, path);
    assert.is(reply.msg, GUEST_NOT_ALLOWED, path);
  }
  assert.equal(await db.get('SELECT nickname, password_hash, deleted_at FROM users WHERE id = ?', data.userId), {
    nickname: '',
    password_hash: null,
    deleted_at: null,
  });
  assert.not.ok(logs.some((l) => l.startsWith('[sms]')));
  // The token is still good: a refusal is not a logout.
  assert.is((await call(USER, { token })).code, 0);
  const invite = await call('/api/promotion/activity/invite/can-input-code', { token });
  assert.equal(invite.data, { canInput: false });
});

test('a guest token is refused under another tenant', async () => {
  const { call, guestLogin } = await setup();
  const { data } = await guestLogin(1);
  assert.is((await call(USER, { token: data.accessToken, tenant: 100 })).code, ErrorCode.UNAUTHORIZED);
});

test.run();

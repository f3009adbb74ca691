import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// API.md "Accounts" / "User": user/update and update-password.

const USER = '/api/merchant/user/get';
const UPDATE = '/api/merchant/user/update';
const PASSWORD = '/api/merchant/user/update-password';
const REFRESH = '/api/merchant/auth/refresh-token';

test('nickname: trimmed, 1-20 characters, an emoji counts as one', async () => {
  const { call, passwordLogin } = await setup();
  const token = (await passwordLogin()).data.accessToken;
  const nickname = async () => (await call(USER, { token })).data.nickname as string;

  const ok = await call(UPDATE, { method: 'PUT', body: { nickname: '  New name  ' }, token });
  assert.is(ok.code, 0);
  assert.is(ok.data, true);
  assert.is(await nickname(), 'New name');

  for (const bad of ['', '   ', 'a'.repeat(21), '😀'.repeat(21), null, 'nul\u0000', 'rlo\u202Eabc', 'iso\u2067x']) {
    const reply = await call(UPDATE, { method: 'PUT', body: { nickname: bad }, token });
    assert.is(reply.code, ErrorCode.NAME_INVALID, String(bad));
  }
  // A name is a string: any other type is a 400 naming the field, and nothing changes.
  for (const bad of [42, true, {}, ['x']]) {
    const reply = await call(UPDATE, { method: 'PUT', body: { nickname: bad }, token });
    assert.equal([reply.code, reply.msg], [ErrorCode.BAD_REQUEST, 'nickname must be a string'], JSON.stringify(bad));
  }
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: '' }, token })).msg, 'Please enter a name');
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: 'x\u202Ey' }, token })).msg, 'Name contains control, invisible or text-direction characters');
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: 'b'.repeat(21) }, token })).msg, 'Name must be at most 20 characters');
  assert.is(await nickname(), 'New name');

  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: 'c'.repeat(20) }, token })).code, 0);
  assert.is(await nickname(), 'c'.repeat(20));
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: '😀'.repeat(20) }, token })).code, 0);
  assert.is(await nickname(), '😀'.repeat(20));
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: '云手机用户' }, token })).code, 0);
  assert.is(await nickname(), '云手机用户');
});

test('avatar: a URL, a server path or empty; only the fields sent change', async () => {
  const { call, passwordLogin } = await setup();
  const token = (await passwordLogin()).data.accessToken;
  const get = async () => (await call(USER, { token })).data;

  assert.is((await call(UPDATE, { method: 'PUT', body: { avatar: 'https://example.com/a.png' }, token })).code, 0);
  assert.is((await get()).avatar, 'https://example.com/a.png');
  assert.is((await get()).nickname, 'Demo User');
  assert.is((await call(UPDATE, { method: 'PUT', body: { avatar: '/static/logos/demo.svg' }, token })).code, 0);
  assert.is((await get()).avatar, '/static/logos/demo.svg');
  for (const bad of ['javascript:alert(1)', '//evil.example/a.png', 'not a url', 'https://', 7]) {
    assert.is((await call(UPDATE, { method: 'PUT', body: { avatar: bad }, token })).code, ErrorCode.BAD_REQUEST, String(bad));
  }
  // A bad nickname stops the whole update, the avatar included.
  const mixed = await call(UPDATE, { method: 'PUT', body: { nickname: '', avatar: '' }, token });
  assert.is(mixed.code, ErrorCode.NAME_INVALID);
  assert.is((await get()).avatar, '/static/logos/demo.svg');
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: 'Both', avatar: '' }, token })).code, 0);
  const after = await get();
  assert.is(after.avatar, '');
  assert.is(after.nickname, 'Both');
});

test('a user without a password sets one without oldPassword; every session ends', async () => {
  const { call, smsLogin, passwordLogin } = await setup();
  const mobile = '13912345678';
  const login = (await smsLogin(mobile)).data;
  assert.is((await call(USER, { token: login.accessToken })).data.hasPassword, false);
  const bad = await call(PASSWORD, { method: 'PUT', body: { password: 'short' }, token: login.accessToken });
  assert.is(bad.code, ErrorCode.PASSWORD_INVALID);
  const set = await call(PASSWORD, { method: 'PUT', body: { password: 'Abc12345' }, token: login.accessToken });
  assert.is(set.code, 0);
  assert.is(set.data, true);
  assert.is((await call(USER, { token: login.accessToken })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(REFRESH, { body: { refreshToken: login.refreshToken } })).code, ErrorCode.UNAUTHORIZED);
  const again = await passwordLogin(1, mobile, 'Abc12345');
  assert.is(again.code, 0);
  assert.is((await call(USER, { token: again.data.accessToken })).data.hasPassword, true);
});

test('changing a password needs the current one and ends every session of the user', async () => {
  const { call, passwordLogin } = await setup();
  const first = (await passwordLogin()).data;
  const second = (await passwordLogin()).data;
  const token = first.accessToken;

  const wrong = await call(PASSWORD, { method: 'PUT', body: { password: 'Fresh2026', oldPassword: 'nope12345' }, token });
  assert.is(wrong.code, ErrorCode.OLD_PASSWORD_WRONG);
  assert.is(wrong.msg, 'The current password is incorrect');
  const missing = await call(PASSWORD, { method: 'PUT', body: { password: 'Fresh2026' }, token });
  assert.is(missing.code, ErrorCode.OLD_PASSWORD_WRONG);
  for (const password of ['short', 'has space1', 'a'.repeat(21)]) {
    const reply = await call(PASSWORD, { method: 'PUT', body: { password, oldPassword: DEMO_PASSWORD }, token });
    assert.is(reply.code, ErrorCode.PASSWORD_INVALID, password);
  }
  // The refusals changed nothing.
  assert.is((await call(USER, { token })).code, 0);
  assert.is((await passwordLogin(1, DEMO_MOBILE, DEMO_PASSWORD)).code, 0);

  const changed = await call(PASSWORD, { method: 'PUT', body: { password: 'Fresh2026', oldPassword: DEMO_PASSWORD }, token });
  assert.is(changed.code, 0);
  for (const pair of [first, second]) {
    assert.is((await call(USER, { token: pair.accessToken })).code, ErrorCode.UNAUTHORIZED);
    assert.is((await call(REFRESH, { body: { refreshToken: pair.refreshToken } })).code, ErrorCode.UNAUTHORIZED);
  }
  assert.is((await passwordLogin(1, DEMO_MOBILE, DEMO_PASSWORD)).code, ErrorCode.LOGIN_FAILED);
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'Fresh2026')).code, 0);
  // The same number in another tenant is another account, untouched.
  assert.is((await passwordLogin(100, DEMO_MOBILE, DEMO_PASSWORD)).code, 0);
});

test('profile calls need a login', async () => {
  const { call } = await setup();
  assert.is((await call(UPDATE, { method: 'PUT', body: { nickname: 'x' } })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await call(PASSWORD, { method: 'PUT', body: { password: 'Abc12345' } })).code, ErrorCode.UNAUTHORIZED);
});

test('old-password guesses follow the login throttle, and the session that used them up ends', async () => {
  const { call, passwordLogin, advance } = await setup();
  const stolen = (await passwordLogin()).data.accessToken;
  const owner = (await passwordLogin()).data.accessToken;
  const guess = (oldPassword: string, token = stolen) => call(PASSWORD, { method: 'PUT', body: { password: 'Taken2026', oldPassword }, token });
  const codes: number[] = [];
  for (let attempt = 0; attempt < 30; attempt++) {
    const reply = await guess(`wrong${attempt}x`);
    codes.push(reply.code);
    // Wait out each growing delay, so only the count of failures can stop the guesser.
    if (reply.code === ErrorCode.TOO_MANY_REQUESTS) advance(reply.data.retryAfterSeconds * 1000);
    if (reply.code === ErrorCode.UNAUTHORIZED) break;
  }
  // The first wrong guesses are answered as such; then the session that used up the account's guesses is over.
  assert.ok(codes.filter((code) => code === ErrorCode.OLD_PASSWORD_WRONG).length <= 5, codes.join(','));
  assert.is(codes.at(-1), ErrorCode.UNAUTHORIZED, codes.join(','));
  // The right one cannot take the account over from that session.
  assert.is((await guess(DEMO_PASSWORD)).code, ErrorCode.UNAUTHORIZED);
  // The owner's other session stays; the account waits out the lock like a login would.
  assert.is((await call('/api/merchant/user/get', { token: owner })).code, 0);
  assert.is((await guess(DEMO_PASSWORD, owner)).code, ErrorCode.TOO_MANY_REQUESTS);
  // Once the lock is over, the password is the one it was.
  advance(16 * 60 * 1000);
  assert.is((await passwordLogin()).code, 0);
});

test.run();

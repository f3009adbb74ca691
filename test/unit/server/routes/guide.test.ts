import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { setup } from '../helpers.ts';

// API.md "First-run guide": user/get's guideSeen and POST user/guide/seen, once per account; guests never; the
// NEW_ACCOUNTS_SKIP_GUIDE setting; accounts of before migration 27 count as having seen it.

const USER = '/api/merchant/user/get';
const SEEN = '/api/merchant/user/guide/seen';

test('a new account starts unseen; marking it is idempotent and touches no other account', async () => {
  const { call, smsLogin, passwordLogin, db, advance } = await setup();
  const first = (await smsLogin('13911110001')).data;
  const second = (await smsLogin('13911110002')).data;
  assert.is((await call(USER, { token: first.accessToken })).data.guideSeen, false);
  assert.is((await call(USER, { token: second.accessToken })).data.guideSeen, false);

  const marked = await call(SEEN, { body: {}, token: first.accessToken });
  assert.is(marked.code, 0, marked.msg);
  assert.is(marked.data, true);
  assert.is((await call(USER, { token: first.accessToken })).data.guideSeen, true);
  assert.is((await call(USER, { token: second.accessToken })).data.guideSeen, false, 'the other account is unaffected');

  // Again: still true, and the first time stays.
  const when = await db.value('SELECT guide_seen_at FROM users WHERE id = ?', first.userId);
  assert.type(when, 'number');
  assert.is((await call(SEEN, { body: {}, token: first.accessToken })).code, 0);
  assert.is(await db.value('SELECT guide_seen_at FROM users WHERE id = ?', first.userId), when);

  // A login again (same number, past the one-code-a-minute limit) is the same account: no second guide.
  advance(61_000);
  const again = (await smsLogin('13911110001')).data;
  assert.is((await call(USER, { token: again.accessToken })).data.guideSeen, true);
  // The seeded demo user has seen it.
  assert.is((await call(USER, { token: (await passwordLogin()).data.accessToken })).data.guideSeen, true);
});

test('marking needs a session, and a guest is never shown the guide nor may mark it', async () => {
  const { call, guestLogin, db } = await setup();
  const anonymous = await call(SEEN, { body: {} });
  assert.is(anonymous.code, ErrorCode.UNAUTHORIZED);
  const guest = (await guestLogin(1, { 'fingerprint-id': 'fp-guide' })).data;
  assert.is((await call(USER, { token: guest.accessToken })).data.guideSeen, true);
  assert.is((await call(SEEN, { body: {}, token: guest.accessToken })).code, ErrorCode.GUEST_NOT_ALLOWED);
  // Even a guest row without the mark reads as seen.
  await db.run('UPDATE users SET guide_seen_at = NULL WHERE id = ?', guest.userId);
  assert.is((await call(USER, { token: guest.accessToken })).data.guideSeen, true);
});

test('NEW_ACCOUNTS_SKIP_GUIDE: accounts are created seen', async () => {
  const { call, smsLogin } = await setup({ newAccountsSkipGuide: true });
  const login = (await smsLogin('13911110003')).data;
  assert.is((await call(USER, { token: login.accessToken })).data.guideSeen, true);
});

test('migration 27: accounts that existed before it count as having seen the guide', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version < 27));
  db.prepare("INSERT INTO tenants (id, name) VALUES (1, 'Demo')").run();
  db.prepare("INSERT INTO users (tenant_id, mobile, user_no, register_time) VALUES (1, '13911110004', '12345678', 1000)").run();
  assert.is(migrate(db, migrations.filter((m) => m.version <= 27)), 1);
  assert.is(db.prepare("SELECT guide_seen_at FROM users WHERE mobile = '13911110004'").pluck().get(), 0);
});

test.run();

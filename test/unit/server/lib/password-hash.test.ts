import { randomBytes, scryptSync } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { findUserByMobile, setPasswordHash } from '../../../../server/data/users.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../../../server/lib/password.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// Password storage: Argon2id at the OWASP parameters, and hashes of the earlier scrypt scheme upgraded on login.

const OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** A hash in the format the server wrote before (scrypt N=2^14, r=8, p=1). */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 64).toString('base64url')}`;
}

test('new hashes are Argon2id with 19 MiB, 2 passes, 1 lane, salted, and verify only the right password', async () => {
  const a = await hashPassword('secret123');
  const b = await hashPassword('secret123');
  assert.ok(a.startsWith(OWASP_PREFIX), a);
  assert.is.not(a, b, 'a fresh salt each time');
  assert.ok(await verifyPassword('secret123', a));
  assert.not.ok(await verifyPassword('secret124', a));
  assert.not.ok(await verifyPassword('secret123', null), 'no stored hash never matches');
  assert.not.ok(await verifyPassword('secret123', 'garbage$value'), 'a malformed hash is a mismatch, not a crash');
  assert.not.ok(needsRehash(a));
});

test('the seeded demo account is stored as Argon2id', async () => {
  const { db } = await setup();
  assert.ok((await findUserByMobile(db, 1, DEMO_MOBILE))!.password_hash!.startsWith(OWASP_PREFIX));
});

test('a login with an old scrypt hash succeeds and replaces it with Argon2id; a wrong password leaves it', async () => {
  const { db, passwordLogin } = await setup();
  const user = (await findUserByMobile(db, 1, DEMO_MOBILE))!;
  const legacy = legacyScryptHash(DEMO_PASSWORD);
  await setPasswordHash(db, user.id, legacy);
  assert.ok(needsRehash(legacy));
  assert.is((await passwordLogin(1, DEMO_MOBILE, 'wrong123')).code, ErrorCode.LOGIN_FAILED);
  assert.is((await findUserByMobile(db, 1, DEMO_MOBILE))!.password_hash, legacy, 'unchanged after a failed login');
  assert.is((await passwordLogin()).code, 0);
  const stored = (await findUserByMobile(db, 1, DEMO_MOBILE))!.password_hash!;
  assert.ok(stored.startsWith(OWASP_PREFIX), stored);
  assert.is((await passwordLogin()).code, 0, 'the new hash logs in');
});

test.run();

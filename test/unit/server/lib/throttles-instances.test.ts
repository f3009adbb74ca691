import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../../../server/app.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// Two instances of the server on one database (a deployment behind a load balancer): the throttles' counts are the
// database's, so what one instance counted holds on the other (API.md "Throttling").

const LOGIN = '/api/merchant/auth/login';
const LOCK_SECONDS = 15 * 60;

/** A second app on the first one's database and clock, as a second instance would be. */
async function twoInstances() {
  const env = await setup();
  const quiet = () => {};
  const other = createApp({ db: env.db, distDir: '/nonexistent-dist', now: env.now, log: quiet, logError: quiet, trustProxy: true });
  const loginOn = async (app: typeof other, password: string, address: string) => {
    const headers = { 'tenant-id': '1', 'content-type': 'application/json', 'x-forwarded-for': address };
    const init = { method: 'POST', headers, body: JSON.stringify({ mobile: DEMO_MOBILE, password }) };
    return (await (await app.request(LOGIN, init)).json()) as { code: number; data: unknown };
  };
  return { env, a: env.app, b: other, loginOn };
}

test("failures through one instance count on the other: the account locks on both", async () => {
  const { env, a, b, loginOn } = await twoInstances();
  // Five wrong passwords, alternating between the instances, from five addresses: the fifth locks the account.
  for (let i = 0; i < 5; i++) {
    const reply = await loginOn(i % 2 ? b : a, 'wrong1234', `203.0.113.${i + 1}`);
    assert.is(reply.code, ErrorCode.LOGIN_FAILED, `failure ${i + 1}`);
    env.advance(10_000);
  }
  for (const app of [a, b]) {
    const reply = await loginOn(app, DEMO_PASSWORD, '203.0.113.50');
    assert.is(reply.code, ErrorCode.TOO_MANY_REQUESTS);
    assert.equal(reply.data, { retryAfterSeconds: LOCK_SECONDS - 10 });
  }
});

test('a device that logged in through one instance is known to the other', async () => {
  const { env, a, b, loginOn } = await twoInstances();
  assert.is((await loginOn(a, DEMO_PASSWORD, '198.51.100.20')).code, 0);
  for (let i = 0; i < 5; i++) {
    assert.is((await loginOn(i % 2 ? a : b, 'wrong1234', `203.0.113.${i + 1}`)).code, ErrorCode.LOGIN_FAILED);
    env.advance(10_000);
  }
  assert.is((await loginOn(b, DEMO_PASSWORD, '203.0.113.50')).code, ErrorCode.TOO_MANY_REQUESTS, 'a stranger');
  assert.is((await loginOn(b, DEMO_PASSWORD, '198.51.100.20')).code, 0, 'the owner, known through the other instance');
});

test('guest trials from one address are counted once for the deployment', async () => {
  const { env, b } = await twoInstances();
  const guestOn = async (app: typeof b) => {
    const headers = { 'tenant-id': '1', 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.9' };
    const init = { method: 'POST', headers, body: '{}' };
    return ((await (await app.request('/api/merchant/auth/one-click-login', init)).json()) as { code: number }).code;
  };
  // The address allows 10 an hour: five through each instance, and the eleventh is refused on either.
  for (let i = 0; i < 10; i++) assert.is(await guestOn(i % 2 ? b : env.app), 0, `trial ${i + 1}`);
  assert.is(await guestOn(env.app), ErrorCode.TOO_MANY_REQUESTS);
  assert.is(await guestOn(b), ErrorCode.TOO_MANY_REQUESTS);
});

test.run();

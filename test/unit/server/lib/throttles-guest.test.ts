import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';
import type { Reply } from '../helpers.ts';

// Guest trials (API.md "Guest trial", "Throttling"): limited per client address and per device fingerprint.

const ONE_CLICK = '/api/merchant/auth/one-click-login';
const HOUR = 3_600_000;

type Env = Awaited<ReturnType<typeof setup>>;

function trial(env: Env, address: string, fingerprint?: string): Promise<Reply> {
  return env.call(ONE_CLICK, { body: {}, address, headers: fingerprint ? { 'fingerprint-id': fingerprint } : {} });
}

async function guests(env: Env): Promise<number> {
  return await env.db.value('SELECT COUNT(*) FROM users WHERE guest = TRUE') as number;
}

function assertThrottled(reply: Reply, retryAfterSeconds: number, label = '') {
  assert.is(reply.code, ErrorCode.TOO_MANY_REQUESTS, label);
  assert.is(reply.msg, 'Please do not operate frequently');
  assert.equal(reply.data, { retryAfterSeconds }, label);
  assert.is(reply.headers.get('retry-after'), String(retryAfterSeconds));
}

test('one address starts at most 10 guest trials an hour, whatever fingerprints it sends', async () => {
  const env = await setup();
  for (let i = 0; i < 10; i++) assert.is((await trial(env, '203.0.113.7', `fp-${i}`)).code, 0, `trial ${i + 1}`);
  assertThrottled(await trial(env, '203.0.113.7', 'fp-new'), 3600);
  assertThrottled(await trial(env, '203.0.113.7'), 3600);
  assert.is(await guests(env), 10);
  assert.is((await trial(env, '198.51.100.8', 'fp-new')).code, 0);
  env.advance(HOUR - 1000);
  assertThrottled(await trial(env, '203.0.113.7', 'fp-other'), 1);
  env.advance(1000);
  assert.is((await trial(env, '203.0.113.7', 'fp-other')).code, 0);
});

test('one device fingerprint starts at most 3 trials an hour, from any address', async () => {
  const env = await setup();
  for (let i = 0; i < 3; i++) assert.is((await trial(env, `192.0.2.${i + 1}`, 'same-device')).code, 0, `trial ${i + 1}`);
  assertThrottled(await trial(env, '192.0.2.9', 'same-device'), 3600);
  assert.is((await trial(env, '192.0.2.9', 'another-device')).code, 0);
  assert.is(await guests(env), 4);
});

test('the limits are settable (GUEST_ADDRESS_LIMIT_PER_HOUR, GUEST_DEVICE_LIMIT_PER_HOUR)', async () => {
  const env = await setup({ limits: { guestAddressPerHour: 200, guestDevicePerHour: 200 } });
  for (let i = 0; i < 50; i++) assert.is((await trial(env, '127.0.0.1', 'browser-tests')).code, 0, `trial ${i + 1}`);
  const strict = await setup({ limits: { guestAddressPerHour: 2 } });
  assert.is((await trial(strict, '127.0.0.1')).code, 0);
  assert.is((await trial(strict, '127.0.0.1')).code, 0);
  assertThrottled(await trial(strict, '127.0.0.1'), 3600);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOWN_DEVICE_MS, KNOWN_DEVICES_PER_ACCOUNT, KnownDevices } from '../../../../server/lib/known-devices.ts';

// The devices each account logged in from (server/lib/known-devices.ts): recognised for 30 days, and held in bounded
// memory, accounts whose devices all expired forgotten.

const HOUR = 60 * 60 * 1000;
const PHONE = ['address 198.51.100.1'];

test('a device is known for 30 days after its last login, then forgotten with its account', () => {
  const devices = new KnownDevices();
  devices.remember('1:13900000001', PHONE, 0);
  devices.remember('1:13900000002', PHONE, 0);
  assert.ok(devices.knows('1:13900000001', PHONE, KNOWN_DEVICE_MS - 1), 'within 30 days');
  assert.is(devices.knows('1:13900000001', PHONE, KNOWN_DEVICE_MS), false, 'after them');
  assert.is(devices.size, 1, 'the account read after its devices expired is forgotten');
  // A login an hour past the last sweep sweeps away the accounts nobody reads any more.
  devices.remember('1:13900000003', PHONE, KNOWN_DEVICE_MS + HOUR);
  assert.is(devices.size, 1, 'only the account just logged into is held');
  assert.is(devices.knows('1:13900000002', PHONE, KNOWN_DEVICE_MS + HOUR), false);
});

test("an account forgets its expired devices, keeps its recent ones, and at most 20 of them", () => {
  const devices = new KnownDevices();
  const account = '1:13900000001';
  devices.remember(account, ['address old'], 0);
  for (let i = 0; i < KNOWN_DEVICES_PER_ACCOUNT; i++) devices.remember(account, [`fingerprint ${i}`], KNOWN_DEVICE_MS - HOUR + i);
  assert.ok(devices.knows(account, ['fingerprint 0'], KNOWN_DEVICE_MS), 'a device of the last 30 days');
  assert.is(devices.knows(account, ['address old'], KNOWN_DEVICE_MS), false, 'one of more than 30 days ago');
  devices.remember(account, ['fingerprint new'], KNOWN_DEVICE_MS);
  assert.is(devices.knows(account, ['fingerprint 0'], KNOWN_DEVICE_MS), false, 'the oldest past the 20 most recent');
  assert.ok(devices.knows(account, ['fingerprint 1', 'fingerprint new'], KNOWN_DEVICE_MS));
});

test('the accounts held stay under the bound, the latest logins kept', () => {
  const devices = new KnownDevices(100);
  for (let i = 0; i < 1000; i++) {
    devices.remember(`1:${13900000000 + i}`, PHONE, i);
    assert.ok(devices.size <= 100, `after ${i + 1} accounts`);
  }
  assert.ok(devices.knows('1:13900000999', PHONE, 1000), 'the last account');
  assert.is(devices.knows('1:13900000000', PHONE, 1000), false, 'the first one was dropped');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOWN_DEVICE_MS, KNOWN_DEVICES_PER_ACCOUNT, KnownDevices } from '../../../../server/lib/known-devices.ts';
import { sweepThrottleCounts } from '../../../../server/lib/throttles.ts';
import { seededDatabase } from '../helpers.ts';

// The devices each account logged in from (server/lib/known-devices.ts), in the database: recognised for 30 days,
// at most 20 per account, and the accounts held bounded by the sweep.

const HOUR = 60 * 60 * 1000;
const PHONE = ['address 198.51.100.1'];
const accounts = async (db: Awaited<ReturnType<typeof seededDatabase>>) =>
  Number(await db.value('SELECT COUNT(DISTINCT account) FROM known_devices'));

test('a device is known for 30 days after its last login, then swept away with its account', async () => {
  const db = await seededDatabase();
  const devices = new KnownDevices();
  await devices.remember(db, '1:13900000001', PHONE, 0);
  await devices.remember(db, '1:13900000002', PHONE, 0);
  assert.ok(await devices.knows(db, '1:13900000001', PHONE, KNOWN_DEVICE_MS - 1), 'within 30 days');
  assert.is(await devices.knows(db, '1:13900000001', PHONE, KNOWN_DEVICE_MS), false, 'after them');
  await devices.remember(db, '1:13900000003', PHONE, KNOWN_DEVICE_MS + HOUR);
  await sweepThrottleCounts(db, KNOWN_DEVICE_MS + HOUR);
  assert.is(await accounts(db), 1, 'only the account logged into lately is held');
  assert.is(await devices.knows(db, '1:13900000002', PHONE, KNOWN_DEVICE_MS + HOUR), false);
});

test('an account forgets its expired devices, keeps its recent ones, and at most 20 of them', async () => {
  const db = await seededDatabase();
  const devices = new KnownDevices();
  const account = '1:13900000001';
  await devices.remember(db, account, ['address old'], 0);
  for (let i = 0; i < KNOWN_DEVICES_PER_ACCOUNT; i++) await devices.remember(db, account, [`fingerprint ${i}`], KNOWN_DEVICE_MS - HOUR + i);
  assert.ok(await devices.knows(db, account, ['fingerprint 0'], KNOWN_DEVICE_MS), 'a device of the last 30 days');
  assert.is(await devices.knows(db, account, ['address old'], KNOWN_DEVICE_MS), false, 'one of more than 30 days ago');
  await devices.remember(db, account, ['fingerprint new'], KNOWN_DEVICE_MS);
  assert.is(await devices.knows(db, account, ['fingerprint 0'], KNOWN_DEVICE_MS), false, 'the oldest past the 20 most recent');
  assert.ok(await devices.knows(db, account, ['fingerprint 1', 'fingerprint new'], KNOWN_DEVICE_MS));
});

test('the accounts held stay under the bound, the latest logins kept', async () => {
  const db = await seededDatabase();
  const devices = new KnownDevices();
  for (let i = 0; i < 300; i++) await devices.remember(db, `1:${13900000000 + i}`, PHONE, i);
  await sweepThrottleCounts(db, 300, 100);
  assert.ok(await accounts(db) <= 100, 'accounts held');
  assert.ok(await devices.knows(db, '1:13900000299', PHONE, 300), 'the last account');
  assert.is(await devices.knows(db, '1:13900000000', PHONE, 300), false, 'the first one was dropped');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAY_MS } from '../../../shared/contract/time-units.ts';
import { upgradePrice } from '../../../shared/upgrade-price.ts';

// Daily prices of the seed: Standard 3900/30 = 130, Pro 7800/30 = 260, Ultra 15600/30 = 520 cents.

test('the difference is the higher tier\'s daily value minus the current one, over the whole remaining days', () => {
  assert.equal(upgradePrice(10 * DAY_MS, 130, 260), { ok: true, days: 10, amount: 1300 });
  assert.equal(upgradePrice(10 * DAY_MS + 1, 130, 520), { ok: true, days: 11, amount: 11 * 390 });
  assert.equal(upgradePrice(DAY_MS, 260, 520), { ok: true, days: 1, amount: 260 });
});

test('under 1 day remaining cannot upgrade', () => {
  assert.equal(upgradePrice(DAY_MS - 1, 130, 260), { ok: false, reason: 'remainingTooShort' });
  assert.equal(upgradePrice(0, 130, 260), { ok: false, reason: 'remainingTooShort' });
});

test('the upgraded duration must be under 999 days', () => {
  assert.equal(upgradePrice(998 * DAY_MS, 130, 260), { ok: true, days: 998, amount: 998 * 130 });
  assert.equal(upgradePrice(998 * DAY_MS + 1, 130, 260), { ok: false, reason: 'tooLong' });
});

test('only to a higher tier', () => {
  assert.equal(upgradePrice(30 * DAY_MS, 260, 260), { ok: false, reason: 'notHigher' });
  assert.equal(upgradePrice(30 * DAY_MS, 520, 260), { ok: false, reason: 'notHigher' });
});

test.run();

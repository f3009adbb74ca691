import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grantDaysOf, isGrantCode, maxGrantDays, normalizeGrantCode } from '../../../shared/contract/grant-words.ts';
import { checkGrantAccount, checkGrantCodeInput, checkGrantDays } from '../../../src/grant/rules.ts';

// Spec §5 grant rules as the form checks them before the call (the server reads days with grantDaysOf).

const DAY = 86_400_000;

test('days: required, whole, 1-999, within the remaining whole days; each with its own message', () => {
  assert.equal(checkGrantDays('', 30), { key: 'grant.create.daysRequired' });
  assert.equal(checkGrantDays('  ', 30), { key: 'grant.create.daysRequired' });
  for (const text of ['1.5', '-1', 'abc', '3 days', '1e2']) assert.equal(checkGrantDays(text, 30), { key: 'grant.create.daysInteger' }, text);
  for (const text of ['0', '1000', '0000']) assert.equal(checkGrantDays(text, 999), { key: 'grant.create.daysRange', params: { max: 999 } }, text);
  assert.equal(checkGrantDays('31', 30), { key: 'grant.create.daysOverRemaining', params: { max: 30 } });
  assert.is(checkGrantDays(' 30 ', 30), null);
  assert.is(checkGrantDays('1', 1), null);
});

test('the most days: whole days remaining, at most 999, never negative', () => {
  assert.is(maxGrantDays(30 * DAY + 5), 30);
  assert.is(maxGrantDays(DAY - 1), 0);
  assert.is(maxGrantDays(-DAY), 0);
  assert.is(maxGrantDays(5000 * DAY), 999);
});

test('the server reads days as numbers or digits, 1-999 whole only', () => {
  assert.equal([1, '7', ' 999 ', 3].map(grantDaysOf), [1, 7, 999, 3]);
  for (const value of [0, 1000, 1.5, '2.5', '', null, undefined, true, '1e2', -3]) assert.is(grantDaysOf(value), null, String(value));
});

test('codes: typed loosely, 12 characters of the unambiguous alphabet', () => {
  assert.is(normalizeGrantCode(' abcd-efgh jkmn '), 'ABCDEFGHJKMN');
  assert.ok(isGrantCode('ABCDEFGHJKMN'));
  assert.not.ok(isGrantCode('ABCDEFGHJKM0'), 'zero is not in the alphabet');
  assert.not.ok(isGrantCode('ABCDEFGHJKM'));
  assert.equal(checkGrantCodeInput(''), { key: 'grant.use.codeRequired' });
  assert.equal(checkGrantCodeInput('SHORT'), { key: 'grant.use.codeFormat' });
  assert.is(checkGrantCodeInput('abcd efgh jkmn'), null);
  assert.equal(checkGrantAccount(' '), { key: 'grant.create.accountRequired' });
  assert.is(checkGrantAccount('13800138001'), null);
  assert.is(checkGrantAccount('87654321'), null, 'a user number');
  assert.equal(checkGrantAccount('12ab'), { key: 'grant.create.accountInvalid' }, "the transfer receiver's rule");
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCodeList, checkRedeemCode, isActivationCode, MAX_CODES_PER_CALL, parseCodeList } from '../../../shared/code-list.ts';

test('codes are split on newlines, spaces and commas (full-width too), trimmed, empties dropped', () => {
  const list = parseCodeList('  NEWSTD000001\nNEWSTD000002, NEWSTD000003\r\n\n\tNEWSTD000004,,NEWSTD000005，NEWPRO000001   ');
  assert.equal(list.valid, ['NEWSTD000001', 'NEWSTD000002', 'NEWSTD000003', 'NEWSTD000004', 'NEWSTD000005', 'NEWPRO000001']);
  assert.is(list.duplicates, 0);
  assert.equal(list.invalid, []);
});

test('nothing pasted gives no codes', () => {
  for (const text of ['', '   ', '\n,\n , ']) {
    const list = parseCodeList(text);
    assert.equal(list.entries, []);
    assert.is(list.duplicates, 0);
  }
});

test('exact repeats are dropped and counted; the first occurrence keeps its place', () => {
  const list = parseCodeList('AAAABBBBCCCC BBBBCCCCDDDD AAAABBBBCCCC\nAAAABBBBCCCC,BBBBCCCCDDDD');
  assert.equal(list.valid, ['AAAABBBBCCCC', 'BBBBCCCCDDDD']);
  assert.is(list.duplicates, 3);
});

test('codes are case-sensitive: a different case is another code, not a duplicate', () => {
  const list = parseCodeList('NEWSTD000001 newstd000001 NewStd000001');
  assert.equal(list.valid, ['NEWSTD000001', 'newstd000001', 'NewStd000001']);
  assert.is(list.duplicates, 0);
});

test('codes that are not exactly 12 letters or digits are flagged, in order, and still listed', () => {
  const list = parseCodeList('SHORT1 NEWSTD000001 TOOLONG0000001 NEW-STD00001 NEWSTD00000中 NEWSTD000001 SHORT1');
  assert.equal(list.invalid, ['SHORT1', 'TOOLONG0000001', 'NEW-STD00001', 'NEWSTD00000中']);
  assert.equal(list.valid, ['NEWSTD000001']);
  assert.equal(list.entries.map((entry) => entry.valid), [false, true, false, false, false]);
  assert.is(list.duplicates, 2);
});

test('an activation code is exactly 12 letters or digits', () => {
  assert.ok(isActivationCode('ABCDEFGHIJKL'));
  assert.ok(isActivationCode('abc123DEF456'));
  assert.ok(isActivationCode('000000000000'));
  assert.not.ok(isActivationCode('ABCDEFGHIJK'));
  assert.not.ok(isActivationCode('ABCDEFGHIJKLM'));
  assert.not.ok(isActivationCode('ABCDEF GHIJK'));
  assert.not.ok(isActivationCode('ABCDEF_GHIJK'));
  assert.not.ok(isActivationCode(''));
});

test('a list can be sent with 1-20 well-formed codes and none malformed', () => {
  assert.is(checkCodeList(parseCodeList(' , ')), 'shop.codes.input.none');
  assert.is(checkCodeList(parseCodeList('NEWSTD000001 BAD')), 'shop.codes.input.fixInvalid');
  assert.is(checkCodeList(parseCodeList('NEWSTD000001 NEWSTD000001')), null);
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `CODE${String(i).padStart(8, '0')}`).join('\n');
  assert.is(MAX_CODES_PER_CALL, 20);
  assert.is(checkCodeList(parseCodeList(codes(20))), null);
  assert.is(checkCodeList(parseCodeList(codes(21))), 'shop.codes.input.tooMany');
  // Duplicates do not count towards the limit: they are dropped before sending.
  assert.is(checkCodeList(parseCodeList(`${codes(20)}\n${codes(20)}`)), null);
});

test('redeem code: required, at most 20, letters or digits only', () => {
  assert.is(checkRedeemCode(''), 'shop.codes.redeem.required');
  assert.is(checkRedeemCode('   '), 'shop.codes.redeem.required');
  assert.is(checkRedeemCode('A'.repeat(21)), 'shop.codes.redeem.tooLong');
  assert.is(checkRedeemCode('A'.repeat(20)), null);
  assert.is(checkRedeemCode('a'), null);
  assert.is(checkRedeemCode('WELCOME2026'), null);
  assert.is(checkRedeemCode(' SPRING50 '), null);
  assert.is(checkRedeemCode('SPRING-50'), 'shop.codes.redeem.invalid');
  assert.is(checkRedeemCode('SPRING 50'), 'shop.codes.redeem.invalid');
  assert.is(checkRedeemCode('优惠码'), 'shop.codes.redeem.invalid');
});

test.run();

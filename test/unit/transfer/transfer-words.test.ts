import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkTarget, targetKind } from '../../../src/contract/transfer-words.ts';

// The receiver field's rule, shared by the page (its message next to the field) and the server (how it looks the
// account up): a mobile number, else a user number of digits, else nothing.

test('a mobile number, a user number, or neither', () => {
  assert.is(targetKind('13800138002'), 'mobile');
  assert.is(targetKind(' 13800138002 '), 'mobile');
  assert.is(targetKind('12345678'), 'userNo');
  assert.is(targetKind('12800138002'), 'userNo', 'not a mobile: its second digit is 2');
  for (const value of ['', '   ', '123', '12ab', '138 0013 8002', '+8613800138002', '1'.repeat(21)]) assert.is(targetKind(value), null, value);
});

test("the field's message: required, then malformed, then nothing", () => {
  assert.is(checkTarget(''), 'transfer.target.required');
  assert.is(checkTarget('  '), 'transfer.target.required');
  assert.is(checkTarget('12ab'), 'transfer.target.invalid');
  assert.is(checkTarget('13800138002'), null);
  assert.is(checkTarget('87654321'), null);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accountInputProblem, accountKind } from '../../../shared/contract/account-words.ts';

// The account fields' rule (a transfer's receiver, a grant's grantee), each page giving its own message next to the
// field: a mobile number, else a user number of digits, else nothing.

test('a mobile number, a user number, or neither', () => {
  assert.is(accountKind('13800138002'), 'mobile');
  assert.is(accountKind(' 13800138002 '), 'mobile');
  assert.is(accountKind('12345678'), 'userNo');
  assert.is(accountKind('12800138002'), 'userNo', 'not a mobile: its second digit is 2');
  for (const value of ['', '   ', '123', '12ab', '138 0013 8002', '+8613800138002', '1'.repeat(21)]) assert.is(accountKind(value), null, value);
});

test("the field's message: required, then malformed, then nothing", () => {
  assert.is(accountInputProblem(''), 'required');
  assert.is(accountInputProblem('  '), 'required');
  assert.is(accountInputProblem('12ab'), 'invalid');
  assert.is(accountInputProblem('13800138002'), null);
  assert.is(accountInputProblem('87654321'), null);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney } from '../../../src/shop/money.ts';

test('cents are shown as yuan with two decimals, exactly', () => {
  assert.is(formatMoney(0), '¥0.00');
  assert.is(formatMoney(5), '¥0.05');
  assert.is(formatMoney(3900), '¥39.00');
  assert.is(formatMoney(15100), '¥151.00');
  assert.is(formatMoney(1234567), '¥12345.67');
  // 0.1 + 0.2 style float errors cannot happen: the arithmetic is on whole cents.
  assert.is(formatMoney(10 + 20), '¥0.30');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { ApiError } from '../../../../server/lib/errors.ts';
import { effectiveStatus, transition } from '../../../../server/lib/order-state.ts';
import { ORDER_STATUSES, PAYMENT_WINDOW_MS } from '../../../../shared/contract/shop-words.ts';
import type { OrderStatus } from '../../../../shared/contract/shop-words.ts';

// The order state machine of API.md "Orders": exactly these moves, every other pair refused.

const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  ['waitPay', 'paymentSuccessful'],
  ['waitPay', 'canceled'],
  ['waitPay', 'paymentClosed'],
  ['paymentSuccessful', 'allocated'],
  ['paymentSuccessful', 'waitAllocate'],
  ['paymentSuccessful', 'completed'],
  ['waitAllocate', 'allocated'],
  ['outOfStock', 'refunded'],
];

test('the whole transition table: 8 allowed moves, the other 113 pairs throw ORDER_STATE_INVALID', () => {
  assert.is(ORDER_STATUSES.length, 11);
  let refused = 0;
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
      try {
        assert.is(transition(from, to), to);
        assert.ok(allowed, `${from} -> ${to} should be refused`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        assert.not.ok(allowed, `${from} -> ${to} should be allowed`);
        assert.is(error.code, ErrorCode.ORDER_STATE_INVALID);
        refused += 1;
      }
    }
  }
  assert.is(refused, 11 * 11 - ALLOWED.length);
});

test('an unpaid order reads paymentClosed from 30 minutes after creation; other statuses are as stored', () => {
  const created = 1_000_000;
  assert.is(PAYMENT_WINDOW_MS, 30 * 60_000);
  assert.is(effectiveStatus({ status: 'waitPay', create_time: created }, created + PAYMENT_WINDOW_MS - 1), 'waitPay');
  assert.is(effectiveStatus({ status: 'waitPay', create_time: created }, created + PAYMENT_WINDOW_MS), 'paymentClosed');
  assert.is(effectiveStatus({ status: 'allocated', create_time: created }, created + 10 * PAYMENT_WINDOW_MS), 'allocated');
  assert.is(effectiveStatus({ status: 'canceled', create_time: created }, created + 10 * PAYMENT_WINDOW_MS), 'canceled');
});

test.run();

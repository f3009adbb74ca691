import { ErrorCode } from '../../src/core/error-codes.ts';
import { ApiError } from './envelope.ts';

// Messages of the commerce codes (API.md "Commerce (issue 5)"); the client translates by code, these are the
// fallback text another client would show.

export const COMMERCE_MESSAGES = {
  [ErrorCode.STOCK_INSUFFICIENT]: 'Stock insufficient for this phone type, please contact support',
  [ErrorCode.PACKAGE_NOT_EXIST]: 'The package does not exist',
  [ErrorCode.QUANTITY_INVALID]: 'An order has 1-20 phones',
  [ErrorCode.UPGRADE_REMAINING_TOO_SHORT]: 'A phone needs at least 1 day remaining to upgrade',
  [ErrorCode.UPGRADE_NOT_HIGHER]: "The target grade must be higher than the phone's grade",
  [ErrorCode.UPGRADE_TOO_LONG]: 'The upgraded duration must be under 999 days',
  [ErrorCode.UPGRADE_AUTHORIZED]: 'An authorized phone cannot be upgraded',
  [ErrorCode.ORDER_NOT_EXIST]: 'The order does not exist',
  [ErrorCode.ORDER_STATE_INVALID]: 'The order cannot do this in its current state',
  [ErrorCode.ORDER_ALREADY_PAID]: 'The order has already been paid',
  [ErrorCode.PAYMENT_METHOD_INVALID]: 'Unsupported payment method',
  [ErrorCode.COUPON_UNAVAILABLE]: 'Coupon is not available or not yet usable',
  [ErrorCode.CODE_COUNT_MISMATCH]: 'The number of codes must equal the number of selected phones',
  [ErrorCode.CODE_FORMAT_INVALID]: 'An activation code is 12 letters or digits',
  [ErrorCode.REDEEM_CODE_INVALID]: 'A redeem code is 1-20 letters or digits',
  [ErrorCode.REDEEM_CODE_USED]: 'This redeem code has already been used',
} as const;
export type CommerceCode = keyof typeof COMMERCE_MESSAGES;

export function commerceError(code: CommerceCode, data: unknown = null): ApiError {
  return new ApiError(code, COMMERCE_MESSAGES[code], data);
}

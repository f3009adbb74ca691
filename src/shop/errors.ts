/**
 * The shop's replies in the spec §8 catalogue: commerce (orders, payments, coupons, packages, upgrades and renewals)
 * and activation and redeem codes, with their texts in the shop's part (`shop.errors.*`, texts/shop-<lang>.ts).
 * Registered by texts/index.ts with that part, which every shop page waits for: only the shop's calls answer with
 * these codes, and the pages that describe them show with the texts. Read like core's entries (core/errors.ts), ahead
 * of them.
 *
 * The codes themselves stay in shared/reply-codes.ts: the reference server answers with them (server/lib/errors.ts
 * reads them as `ErrorCode.*`). A domain whose codes no one else names keeps them here, beside its entries.
 */
// The codes as a namespace, read member by member: the bundler then writes in only the codes read here.
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const SHOP_ERRORS: readonly CatalogueEntry[] = [
  { key: 'shop.errors.stockInsufficient', codes: [C.STOCK_INSUFFICIENT], match: ['stock insufficient', 'insufficient stock', '库存不足，请联系'] },
  { key: 'shop.errors.upgradeTooShort', codes: [C.UPGRADE_REMAINING_TOO_SHORT], match: ['at least 1 day remaining'] },
  { key: 'shop.errors.upgradeTooLong', codes: [C.UPGRADE_TOO_LONG], match: ['upgraded duration must be under 999 days'] },
  { key: 'shop.errors.renewTooLong', codes: [C.RENEW_TOO_LONG], match: ['renewed validity must be under 999 days'] },
  { key: 'shop.errors.upgradeNotHigher', codes: [C.UPGRADE_NOT_HIGHER] },
  { key: 'shop.errors.upgradeAuthorized', codes: [C.UPGRADE_AUTHORIZED] },
  { key: 'shop.errors.packageNotExist', codes: [C.PACKAGE_NOT_EXIST] },
  { key: 'shop.errors.quantityInvalid', codes: [C.QUANTITY_INVALID] },
  { key: 'shop.errors.orderNotExist', codes: [C.ORDER_NOT_EXIST] },
  { key: 'shop.errors.orderStateInvalid', codes: [C.ORDER_STATE_INVALID] },
  { key: 'shop.errors.orderAlreadyPaid', codes: [C.ORDER_ALREADY_PAID] },
  { key: 'shop.errors.paymentMethodInvalid', codes: [C.PAYMENT_METHOD_INVALID] },
  { key: 'shop.errors.codeCountMismatch', codes: [C.CODE_COUNT_MISMATCH], match: ['number of codes must equal'] },
  { key: 'shop.errors.codeFormatInvalid', codes: [C.CODE_FORMAT_INVALID] },
  { key: 'shop.errors.redeemCodeInvalid', codes: [C.REDEEM_CODE_INVALID], match: ['redeem code is'] },
  { key: 'shop.errors.redeemCodeUsed', codes: [C.REDEEM_CODE_USED] },
  { key: 'shop.errors.remainingTimeInsufficient', codes: [C.REMAINING_TIME_INSUFFICIENT], match: ['remaining time insufficient', 'insufficient remaining', '剩余时间不足'] },
  { key: 'shop.errors.activationNotExist', match: ['activation code does not exist', '激活码不存在'] },
  { key: 'shop.errors.activationExpired', match: ['activation code has expired', 'activation code expired', '激活码已过期'] },
  { key: 'shop.errors.activationAlreadyActivated', match: ['already activated', '已被激活', '已激活'] },
  { key: 'shop.errors.activationSpecMismatch', match: ['specification mismatch', 'spec mismatch', '规格不匹配'] },
  { key: 'shop.errors.activationNotBound', codes: [C.ACTIVATION_NOT_BOUND], match: ['not bound to a cloud phone', '未绑定云手机'] },
  { key: 'shop.errors.activationRenewalOnly', codes: [C.ACTIVATION_RENEWAL_ONLY], match: ['renewal only', '仅支持续费'] },
  { key: 'shop.errors.activationPurchaseOnly', codes: [C.ACTIVATION_PURCHASE_ONLY], match: ['purchase only', '仅支持购买'] },
  { key: 'shop.errors.activationNoStock', match: ['no stock', '无库存'] },
  { key: 'shop.errors.couponUnavailable', codes: [C.COUPON_UNAVAILABLE], match: ['coupon', '优惠券'] },
  { key: 'shop.errors.paymentFailed', match: ['payment failed', '支付失败'], prefixed: true },
];

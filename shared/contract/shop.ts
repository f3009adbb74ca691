/**
 * Goods, pricing an order (preview), placing it and paying it (server/API.md "Products", "Orders", "Payment").
 * Server: server/routes/products.ts, orders.ts, payments.ts. Client: src/shop/api.ts. The order as listed afterwards
 * is in shop-orders.ts, codes in shop-codes.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { asPositiveInt, coded, Flag, LookupId, OptionalId, Text, textAs } from './fields.ts';
import { COUPON_REASONS, MAX_ORDER_PHONES, ORDER_STATUSES, ORDER_TYPES, PAY_METHODS, PAYMENT_STATUSES } from './shop-words.ts';
import type { PayMethod } from './shop-words.ts';

const ORDER = '/api/trade/order';
const PAY = '/api/pay';

/** Any value, typed for the sender as `T`: the checks that follow decide. */
const anything = <T>() => v.custom<T>(() => true);

export const Package = v.strictObject({ packageId: v.number(), name: v.string(), days: v.number(), price: v.number(), originalPrice: v.number() });

/** A grade on sale: only grades with a 30-day package are, since that package sets the daily price upgrades use. */
export const Goods = v.strictObject({
  gradeId: v.number(),
  gradeName: v.string(),
  dailyPrice: v.number(),
  stock: v.number(),
  packages: v.array(Package),
});

export const listGoods = endpoint('GET /api/product/goods/list', { reply: v.array(Goods) });

// ---------------------------------------------------------------------------------------------------------------
// The order request preview and create share: one shape per order type.

const quantityInvalid = coded(ErrorCode.QUANTITY_INVALID, `An order has 1-${MAX_ORDER_PHONES} phones`);
const isCount = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ORDER_PHONES;

/** 1-20 whole phones: a fraction, "2" or a negative is QUANTITY_INVALID rather than rounded. */
const Quantity = v.pipe(anything<number>(), v.check((n: number) => isCount(n), quantityInvalid));

/** An array of 1-20 phone ids, in the order given, repeats dropped (a phone is renewed or upgraded once an order). */
const OrderPhones = v.pipe(
  anything<number[]>(),
  v.check((value) => Array.isArray(value), quantityInvalid),
  v.transform((value) => (value as unknown[]).map(asPositiveInt)),
  v.check((ids) => !ids.includes(null), 'must be positive integers'),
  v.transform((ids) => [...new Set(ids as number[])]),
  v.check((ids) => isCount(ids.length), quantityInvalid),
);

// Fields are read in this order, so the first fault of a request is the same whatever its type. allocateLater is
// checked in every shape but only a purchase uses it. A missing package or grade is looked up, and refused, as one
// that does not exist.
const BuyOrder = v.object({ type: v.literal('buy'), allocateLater: v.optional(Flag), packageId: OptionalId, quantity: Quantity, couponId: OptionalId });
const RenewOrder = v.object({ type: v.literal('renew'), allocateLater: v.optional(Flag), userPhoneIds: OrderPhones, packageId: OptionalId, couponId: OptionalId });
const UpgradeOrder = v.object({
  type: v.literal('upgrade'),
  allocateLater: v.optional(Flag),
  userPhoneIds: OrderPhones,
  targetGradeId: OptionalId,
  couponId: OptionalId,
});
const SHAPES = [BuyOrder, RenewOrder, UpgradeOrder] as const;
const OrderShapes = v.variant('type', SHAPES, `must be one of ${ORDER_TYPES.join(', ')}`);
const ORDER_FIELDS = [...new Set(SHAPES.flatMap((shape) => Object.keys(shape.entries)))];

/**
 * The order request. Every field is present (a missing one as undefined) before its shape reads it, so a missing
 * quantity is judged by the quantity's own rule, as the server does for the fields of any other body.
 */
type OrderInput = v.InferInput<typeof OrderShapes>;
export const OrderRequest = v.pipe(
  anything<OrderInput>(),
  v.transform<OrderInput, OrderInput>((value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? { ...Object.fromEntries(ORDER_FIELDS.map((key) => [key, undefined])), ...value } : value,
  ),
  OrderShapes,
);

/** One phone of an order: bought (no phone yet), renewed or upgraded. Money in cents. */
export const OrderLine = v.strictObject({
  userPhoneId: v.optional(v.number()),
  /** The grade the line pays for: the package's, or the upgrade's target. */
  gradeId: v.number(),
  /** Upgrade only: the phone's grade when priced; payment refuses the order if it changed meanwhile. */
  fromGradeId: v.optional(v.number()),
  /** Paid days (an extension coupon's days are the order's extraDays, on top). */
  days: v.number(),
  amount: v.number(),
  /** Renewals and upgrades: where the phone's validity ends once paid. */
  newExpireTime: v.optional(v.number()),
});

/** A coupon of the user and whether it fits this order: usable ones first, the biggest discount first. */
export const CouponOption = v.strictObject({ couponId: v.number(), usable: v.boolean(), reason: v.picklist(COUPON_REASONS), discountAmount: v.number() });

/** The price create would charge, computed the same way. */
export const previewOrder = endpoint(`POST ${ORDER}/preview`, {
  body: OrderRequest,
  reply: v.strictObject({
    originalAmount: v.number(),
    discountAmount: v.number(),
    payAmount: v.number(),
    extraDays: v.number(),
    lines: v.array(OrderLine),
    coupons: v.array(CouponOption),
  }),
});

/** An order of payAmount 0 (a coupon covered it) is paid at once. */
export const createOrder = endpoint(`POST ${ORDER}/create`, {
  body: OrderRequest,
  reply: v.strictObject({ orderId: v.number(), orderNo: v.string(), payAmount: v.number(), status: v.picklist(ORDER_STATUSES) }),
});

// ---------------------------------------------------------------------------------------------------------------
// Payment.


export const submitPayment = endpoint(`POST ${PAY}/order/submit`, {
  body: v.object({
    method: v.pipe(textAs<PayMethod>(), v.picklist(PAY_METHODS, coded(ErrorCode.PAYMENT_METHOD_INVALID, 'Unsupported payment method'))),
    idempotencyKey: v.pipe(Text, v.regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'must be 8-128 letters, digits or _.:-')),
    // The order is looked up as given: a malformed id answers "the order does not exist".
    orderId: LookupId,
    /**
     * Where a wallet sends the user back. Absent (missing, null or '') is null: the server then takes the page that
     * asked, else the app's root. Anything else must be a page of the app on the server's own origin.
     */
    returnUrl: v.pipe(Text, v.transform<string, string | null>((value) => value || null)),
  }),
  reply: v.strictObject({
    paymentId: v.string(),
    status: v.picklist(PAYMENT_STATUSES),
    /** A wallet method while waiting: the wallet's page, which returns to returnUrl. */
    walletUrl: v.optional(v.string()),
  }),
});

/** What the result page polls after the wallet. */
export const paymentStatus = endpoint(`GET ${PAY}/order/get`, {
  query: v.object({ orderId: LookupId }),
  reply: v.strictObject({ orderId: v.number(), orderStatus: v.picklist(ORDER_STATUSES), paymentStatus: v.picklist(PAYMENT_STATUSES) }),
});

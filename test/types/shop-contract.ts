/**
 * Compile-time checks of the shop's calls as the contract types them (shared/contract/shop*.ts), run by
 * `npm run typecheck` (never executed): every line marked `@ts-expect-error` must fail to compile.
 */
import { api } from '../../src/core/http.ts';
import type { OrderRequest } from '../../src/shop/api.ts';
import type { Order } from '../../src/shop/orders-api.ts';

export async function shopContractTypeChecks(order: Order): Promise<void> {
  // One shape per order type, each with what that type needs.
  const requests: OrderRequest[] = [
    { type: 'buy', packageId: 1, quantity: 2, allocateLater: true },
    { type: 'renew', packageId: 1, userPhoneIds: [1, 2], couponId: 3 },
    { type: 'upgrade', targetGradeId: 2, userPhoneIds: [1] },
  ];
  void requests;
  // @ts-expect-error a purchase names how many phones
  void ({ type: 'buy', packageId: 1 } satisfies OrderRequest);
  // @ts-expect-error a renewal names its phones
  void ({ type: 'renew', packageId: 1 } satisfies OrderRequest);
  // @ts-expect-error there is no such order type
  void ({ type: 'sell', packageId: 1, quantity: 1 } satisfies OrderRequest);

  // The order as the server sends it, its lines included.
  const line = order.lines[0];
  void [line?.userPhoneId, line?.fromGradeId, line?.newExpireTime, order.closeTime + order.extraDays];
  // @ts-expect-error payMethod is a method or `free`, not any text
  void (order.payMethod === 'paypal');

  const created = await api('POST /api/trade/order/create', { body: { type: 'buy', packageId: 1, quantity: 1 } });
  // @ts-expect-error an order status, not any text
  void (created.status === 'paid');
  const paid = await api('GET /api/pay/order/get', { query: { orderId: created.orderId } });
  void (paid.paymentStatus === 'waiting');
  // @ts-expect-error the payment states of spec §4 and `waiting`, nothing else
  void (paid.paymentStatus === 'pending');
  // @ts-expect-error the redeem call takes a code
  void api('POST /api/promotion/redeem-code/use', { body: {} });
}

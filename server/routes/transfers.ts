import { Hono } from 'hono';
import * as contract from '../../src/contract/transfers.ts';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { itemsOfOrders, listTransferOrders } from '../data/transfers.ts';
import type { TransferItemRow } from '../data/transfers.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { ERROR_MESSAGES, type CatalogCode } from '../lib/errors.ts';
import { accountJson, checkTransfer, orderStatus, runTransfer } from '../lib/transfers.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Transfers to another account (src/contract/transfers.ts); the rules are in lib/transfers.ts. Registered accounts
// only: a guest's trial phone is not the guest's to give, and a guest cannot receive one either (lib: receiver).

function itemJson(row: TransferItemRow) {
  const code = row.reason_code ?? ErrorCode.SUCCESS;
  return {
    userPhoneId: row.phone_id,
    phoneNo: row.phone_no,
    status: row.status,
    code,
    msg: row.reason_code === null ? '' : (ERROR_MESSAGES[row.reason_code as CatalogCode] ?? ''),
    finishTime: row.finished_at,
  };
}

export function transferRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps), requireRegistered];

  contractRoute(routes, deps, contract.checkTransfer, guard, (c, { body }) => checkTransfer(db, c.get('user'), body, deps.now()));

  contractRoute(routes, deps, contract.transferPhones, guard, (c, { body }) => runTransfer(deps, c.get('user'), body));

  contractRoute(routes, deps, contract.listTransfers, guard, (c, { query }) => {
    const user = c.get('user');
    const { direction, pageNo, pageSize } = query;
    const filter = { userId: user.id, tenantId: user.tenant_id, sent: direction !== 'received', received: direction !== 'sent' };
    const { rows, total } = listTransferOrders(db, filter, pageSize, (pageNo - 1) * pageSize);
    const items = itemsOfOrders(db, rows.map((row) => row.id));
    const list = rows.map((row) => {
      const sent = row.from_user_id === user.id;
      const all = items.filter((item) => item.order_id === row.id);
      // The sender's word on the order is every phone; the receiver sees the phones that reached it.
      const shown = sent ? all : all.filter((item) => item.status !== 'failed');
      return {
        orderId: row.id,
        orderNo: row.order_no,
        direction: sent ? ('sent' as const) : ('received' as const),
        from: accountJson(row.from_user_no, row.from_mobile),
        to: accountJson(row.to_user_no, row.to_mobile),
        status: orderStatus(shown.map((item) => item.status)),
        createTime: row.created_at,
        items: shown.map(itemJson),
      };
    });
    return { list, total };
  });

  return routes;
}

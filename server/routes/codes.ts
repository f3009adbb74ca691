import { Hono } from 'hono';
import * as contract from '../../shared/contract/shop-codes.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { listActivationRecords } from '../data/codes.ts';
import { gradeName } from '../data/products.ts';
import { activateCodes } from '../lib/activation.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { ApiError } from '../lib/errors.ts';
import { redeemCode } from '../lib/redeem.ts';
import { languageOf } from '../lib/request.ts';
import { checkCodeGuesses, countUnknownCodes } from '../lib/throttles.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { mapInOrder } from '../lib/in-order.ts';

// Activation codes and redeem codes (shared/contract/shop-codes.ts; API.md "Activation and redeem codes").

export function codeRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  // Guessing is throttled by the codes that do not exist (throttles.ts); a malformed call, refused by its schema,
  // never looks any up.
  contractRoute(routes, deps, contract.activateCodes, [...guard, requireRegistered], async (c, { body }) => {
    const user = c.get('user');
    const address = clientAddress(c, deps.trustProxy);
    await checkCodeGuesses(deps, user.id, address);
    const results = await activateCodes(db, user, body, languageOf(c), deps.now());
    await countUnknownCodes(deps, user.id, address, results.filter((result) => result.status === 'notExist').length);
    return results;
  });

  // Every attempt of the caller, newest first: refused codes too, so the user can see what happened to each.
  contractRoute(routes, deps, contract.listCodeRecords, guard, async (c, { query }) => {
    const { rows, total } = await listActivationRecords(db, c.get('user').id, query.pageSize, (query.pageNo - 1) * query.pageSize);
    const language = languageOf(c);
    const list = (await mapInOrder(rows, async (row) => ({
      code: row.code,
      type: row.type,
      status: row.status,
      gradeName: row.grade_id === null ? '' : await gradeName(db, row.tenant_id, row.grade_id, language),
      days: row.days ?? 0,
      userPhoneId: row.user_phone_id,
      phoneNo: row.phone_no ?? '',
      usedAt: row.created_at,
    })));
    return { list, total };
  });

  // Matched ignoring case (unlike activation codes, which the spec makes case-sensitive): people type these from posters.
  contractRoute(routes, deps, contract.redeemCode, [...guard, requireRegistered], async (c, { body }) => {
    const user = c.get('user');
    const address = clientAddress(c, deps.trustProxy);
    await checkCodeGuesses(deps, user.id, address);
    try {
      return { kind: 'coupon' as const, couponId: await redeemCode(db, user, body.code, deps.now()) };
    } catch (error) {
      // The format was checked by the schema, so REDEEM_CODE_INVALID here is a code that does not exist: a failed guess.
      if (error instanceof ApiError && error.code === ErrorCode.REDEEM_CODE_INVALID) await countUnknownCodes(deps, user.id, address, 1);
      throw error;
    }
  });

  return routes;
}

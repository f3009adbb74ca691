import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { listActivationRecords } from '../data/codes.ts';
import { gradeName } from '../data/products.ts';
import { activateCodes, parseActivation } from '../lib/activation.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { clientAddress } from '../lib/client-address.ts';
import { ApiError, apiError } from '../lib/errors.ts';
import { redeemCode } from '../lib/redeem.ts';
import { checkRedeemCode } from '../../src/shop/code-list.ts';
import { asString, languageOf, queryPage, readBody } from '../lib/request.ts';
import { checkCodeGuesses, countUnknownCodes } from '../lib/throttles.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Activation codes and redeem codes (API.md "Activation and redeem codes"); mirrors the client's codes domain.

const ACTIVATION = '/api/product/activation-code';
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

export function codeRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.post(`${ACTIVATION}/activate`, tenant, auth, requireRegistered, async (c) => {
    const request = parseActivation(await readBody(c));
    const user = c.get('user');
    // Guessing is throttled by the codes that do not exist (throttles.ts); a malformed call never looks any up.
    const address = clientAddress(c, deps.trustProxy);
    checkCodeGuesses(deps, user.id, address);
    const results = activateCodes(db, user, request, languageOf(c), deps.now());
    countUnknownCodes(deps, user.id, address, results.filter((result) => result.status === 'notExist').length);
    return ok(c, results);
  });

  // Every attempt of the caller, newest first: refused codes too, so the user can see what happened to each.
  routes.get(`${ACTIVATION}/record/page`, tenant, auth, (c) => {
    const page = queryPage(c.req.query(), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const { rows, total } = listActivationRecords(db, c.get('user').id, page.pageSize, page.offset);
    const language = languageOf(c);
    const list = rows.map((row) => ({
      code: row.code,
      type: row.type,
      status: row.status,
      gradeName: row.grade_id === null ? '' : gradeName(db, row.tenant_id, row.grade_id, language),
      days: row.days ?? 0,
      userPhoneId: row.user_phone_id,
      phoneNo: row.phone_no ?? '',
      usedAt: row.created_at,
    }));
    return ok(c, { list, total });
  });

  // Matched ignoring case (unlike activation codes, which the spec makes case-sensitive): people type these from posters.
  routes.post('/api/promotion/redeem-code/use', tenant, auth, requireRegistered, async (c) => {
    const code = asString((await readBody(c)).code).trim();
    if (checkRedeemCode(code) !== null) throw apiError(ErrorCode.REDEEM_CODE_INVALID);
    const user = c.get('user');
    const address = clientAddress(c, deps.trustProxy);
    checkCodeGuesses(deps, user.id, address);
    try {
      return ok(c, { kind: 'coupon', couponId: redeemCode(db, user, code, deps.now()) });
    } catch (error) {
      // The format was checked above, so REDEEM_CODE_INVALID here is a code that does not exist: a failed guess.
      if (error instanceof ApiError && error.code === ErrorCode.REDEEM_CODE_INVALID) countUnknownCodes(deps, user.id, address, 1);
      throw error;
    }
  });

  return routes;
}

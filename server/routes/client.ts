import { Hono } from 'hono';
import type { Context } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { clientFunctions, clientName, configValue, configValues, customerService, findClientById, findClientByNo } from '../data/client.ts';
import type { ClientRow } from '../data/client.ts';
import type { MiddlewareHandler } from 'hono';
import { requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { asPositiveInt, asString, languageOf, readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Mirrors the client's boot calls (spec §7 "Authentication and user"): who the client is, what it may show, its limits.

/** Spec §9: the client asks for config keys 100 at a time; larger pages are refused rather than silently cut. */
const MAX_PAGE_SIZE = 100;
const MAX_KEYS = 1000;

export function clientRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);

  /**
   * The two boot calls that follow the secure data may name their client by number instead of the tenant headers
   * (API.md "Client"): a first visit then asks all three at once rather than waiting a round trip for the tenant.
   * When the headers are sent they rule, and the client number must belong to their tenant (clientOf).
   */
  const tenantOrClientNo: MiddlewareHandler<AppEnv> = async (c, next) => {
    const clientNo = (c.req.query('clientNo') ?? '').trim();
    if (c.req.header('tenant-id') !== undefined || !clientNo) return tenant(c, next);
    const row = findClientByNo(db, clientNo);
    if (!row) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    c.set('tenantId', row.tenant_id);
    await next();
  };

  /** The client named by the request, and only if it belongs to the tenant of the headers. */
  function clientOf(c: Context<AppEnv>, clientNo: string): ClientRow {
    let row: ClientRow | undefined;
    if (clientNo) row = findClientByNo(db, clientNo);
    else {
      const clientId = asPositiveInt(c.req.header('client-id'));
      if (!clientId) throw badRequest('Client identifier missing from the request');
      row = findClientById(db, clientId);
    }
    if (!row || row.tenant_id !== c.get('tenantId')) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    return row;
  }

  // The one call made before the tenant is known, hence no tenant middleware.
  routes.get('/api/merchant/client/get-client-secure-data', (c) => {
    const clientNo = (c.req.query('clientNo') ?? '').trim();
    const row = clientNo ? findClientByNo(db, clientNo) : undefined;
    if (!row) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    return ok(c, { tenantId: row.tenant_id, clientId: row.id, platform: row.platform });
  });

  routes.get('/api/merchant/client/get-about-app', tenantOrClientNo, (c) => {
    const row = clientOf(c, (c.req.query('clientNo') ?? '').trim());
    return ok(c, {
      clientNo: row.client_no,
      clientName: clientName(db, row.id, languageOf(c)) ?? row.client_no,
      logoUrl: row.logo_url,
      version: row.version,
      customerServiceUrl: row.customer_service_url,
    });
  });

  // The client of the clientNo query, else of the client-id header: a tenant's clients may switch features differently.
  routes.get('/api/merchant/client-function/list', tenantOrClientNo, (c) => {
    const row = clientOf(c, (c.req.query('clientNo') ?? '').trim());
    const typeText = c.req.query('functionType');
    const functionType = typeText === undefined ? null : asPositiveInt(typeText);
    if (typeText !== undefined && functionType === null) throw badRequest('Invalid functionType');
    return ok(
      c,
      clientFunctions(db, row.id, functionType).map((f) => ({ key: f.function_key, name: f.name, props: JSON.parse(f.props) as unknown, enable: f.enable === 1 })),
    );
  });

  // The body's paging is stricter than the query paging of the lists (queryPage): a present null is refused too.
  routes.post('/api/merchant/config/getKeys', tenant, async (c) => {
    const body = await readBody(c);
    const pageNo = body.pageNo === undefined ? 1 : asPositiveInt(body.pageNo);
    const pageSize = body.pageSize === undefined ? MAX_PAGE_SIZE : asPositiveInt(body.pageSize);
    if (!pageNo) throw badRequest('pageNo must be a positive integer');
    if (!pageSize || pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be 1-${MAX_PAGE_SIZE}`);
    if (!Array.isArray(body.keys) || !body.keys.every((k) => typeof k === 'string')) throw badRequest('keys must be an array of strings');
    const keys = [...new Set(body.keys as string[])];
    if (keys.length > MAX_KEYS) throw badRequest(`At most ${MAX_KEYS} keys per request`);
    const found = new Map(configValues(db, c.get('tenantId'), keys).map((r) => [r.config_key, r.value]));
    // Keep the caller's order so paging is stable across pages.
    const all = keys.filter((k) => found.has(k)).map((key) => ({ key, value: found.get(key)! }));
    return ok(c, { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length });
  });

  routes.post('/api/infra/config/get-config', tenant, async (c) => {
    const key = asString((await readBody(c)).key).trim();
    if (!key) throw badRequest('key is required');
    // A missing key is not an error: callers fall back to their built-in default.
    return ok(c, { key, value: configValue(db, c.get('tenantId'), key) ?? null });
  });

  // Contact details of the tenant's support (about page, profile); a tenant without a row answers empty strings.
  routes.get('/api/merchant/customer-service/get', tenant, (c) => {
    const row = customerService(db, c.get('tenantId'));
    return ok(c, { url: row?.url ?? '', phone: row?.phone ?? '', workTime: row?.work_time ?? '' });
  });

  return routes;
}

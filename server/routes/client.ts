import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import * as contract from '../../shared/contract/client.ts';
import { asPositiveInt } from '../../shared/contract/fields.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { clientFunctions, clientName, configValue, configValues, customerService, findClientById, findClientByNo } from '../data/client.ts';
import type { ClientRow } from '../data/client.ts';
import { requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Mirrors the client's boot calls (shared/contract/client.ts; spec §7 "Authentication and user"): who the client is,
// what it may show, its limits.

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
    const row = await findClientByNo(db, clientNo);
    if (!row) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    c.set('tenantId', row.tenant_id);
    await next();
  };

  /** The client named by the request, and only if it belongs to the tenant of the headers. */
  async function clientOf(c: Context<AppEnv>, clientNo: string): Promise<ClientRow> {
    let row: ClientRow | undefined;
    if (clientNo) row = await findClientByNo(db, clientNo);
    else {
      const clientId = asPositiveInt(c.req.header('client-id'));
      if (!clientId) throw badRequest('Client identifier missing from the request');
      row = await findClientById(db, clientId);
    }
    if (!row || row.tenant_id !== c.get('tenantId')) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    return row;
  }

  // The one call made before the tenant is known, hence no tenant middleware.
  contractRoute(routes, deps, contract.clientSecureData, [], async (_c, { query }) => {
    const row = query.clientNo ? await findClientByNo(db, query.clientNo) : undefined;
    if (!row) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    return { tenantId: row.tenant_id, clientId: row.id, platform: row.platform };
  });

  contractRoute(routes, deps, contract.aboutApp, [tenantOrClientNo], async (c, { query }) => {
    const row = await clientOf(c, query.clientNo);
    return {
      clientNo: row.client_no,
      clientName: await clientName(db, row.id, languageOf(c)) ?? row.client_no,
      logoUrl: row.logo_url,
      version: row.version,
      customerServiceUrl: row.customer_service_url,
    };
  });

  // The client of the clientNo query, else of the client-id header: a tenant's clients may switch features differently.
  contractRoute(routes, deps, contract.clientFunctions, [tenantOrClientNo], async (c, { query }) => {
    const row = await clientOf(c, query.clientNo);
    return (await clientFunctions(db, row.id, query.functionType ?? null)).map((f) => ({
      key: f.function_key,
      name: f.name,
      props: JSON.parse(f.props) as Record<string, unknown>,
      enable: flag(f.enable),
    }));
  });

  contractRoute(routes, deps, contract.configKeyValues, [tenant], async (c, { body }) => {
    const { pageNo, pageSize, keys } = body;
    const found = new Map((await configValues(db, c.get('tenantId'), keys)).map((r) => [r.config_key, r.value]));
    // Keep the caller's order so paging is stable across pages.
    const all = keys.filter((k) => found.has(k)).map((key) => ({ key, value: found.get(key)! }));
    return { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length };
  });

  contractRoute(routes, deps, contract.configValue, [tenant], async (c, { body }) => ({
    key: body.key,
    value: await configValue(db, c.get('tenantId'), body.key) ?? null,
  }));

  // Contact details of the tenant's support (about page, profile); a tenant without a row answers empty strings.
  contractRoute(routes, deps, contract.customerService, [tenant], async (c) => {
    const row = await customerService(db, c.get('tenantId'));
    return { url: row?.url ?? '', phone: row?.phone ?? '', workTime: row?.work_time ?? '' };
  });

  return routes;
}

import { Hono } from 'hono';
import { requireTenant } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { asPositiveInt, languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Agreements shown on the login page (spec §3 firstAgreementData / secondAgreementData), rule texts such as `invite`,
// and the banner advertisements.

/** More positions than any page shows means a broken client; refusing keeps the IN list bounded. */
const MAX_AD_POSITIONS = 20;

/** Prefer the requested language, then zh-CN (the product default), then whatever exists. */
const LANGUAGE_ORDER = `ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END LIMIT 1`;

export function cmsRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);

  const agreementTypes = db.prepare('SELECT DISTINCT type FROM agreements WHERE tenant_id = ? ORDER BY type').pluck();
  const agreement = db.prepare(`SELECT type, name, content FROM agreements WHERE tenant_id = ? AND type = ? ${LANGUAGE_ORDER}`);
  const rule = db.prepare(`SELECT code, name, content FROM rules WHERE tenant_id = ? AND code = ? ${LANGUAGE_ORDER}`);

  routes.get('/api/cms/agreement/get-name', tenant, (c) => {
    const tenantId = c.get('tenantId');
    const language = languageOf(c);
    const list = (agreementTypes.all(tenantId) as number[]).map((type) => {
      const row = agreement.get(tenantId, type, language) as { type: number; name: string };
      return { type: row.type, name: row.name };
    });
    return ok(c, list);
  });

  routes.get('/api/cms/agreement/get-content', tenant, (c) => {
    const type = asPositiveInt(c.req.query('type'));
    if (!type) throw badRequest('type must be a positive integer');
    const row = agreement.get(c.get('tenantId'), type, languageOf(c));
    if (!row) throw badRequest('Agreement does not exist');
    return ok(c, row);
  });

  routes.get('/api/cms/agreement/get-rule', tenant, (c) => {
    const code = (c.req.query('code') ?? '').trim();
    if (!code) throw badRequest('code is required');
    const row = rule.get(c.get('tenantId'), code, languageOf(c));
    if (!row) throw badRequest('Rule does not exist');
    return ok(c, row);
  });

  // adPositions repeats (API.md "Array query values are repeated"); platformNo is matched case-insensitively.
  routes.get('/api/cms/advertisement/list-by-adposition', tenant, (c) => {
    const values = c.req.queries('adPositions') ?? [];
    const positions = [...new Set(values.map((v) => asPositiveInt(v)))];
    if (!values.length || positions.some((p) => p === null)) throw badRequest('adPositions must be positive integers');
    if (positions.length > MAX_AD_POSITIONS) throw badRequest(`At most ${MAX_AD_POSITIONS} adPositions per request`);
    const platformNo = (c.req.query('platformNo') ?? '').trim().toUpperCase();
    if (!platformNo) throw badRequest('platformNo is required');
    const rows = db
      .prepare(
        `SELECT id, ad_position, title, image_url, link_url FROM advertisements
         WHERE tenant_id = ? AND platform_no = ? AND active = 1 AND ad_position IN (${positions.map(() => '?').join(',')})
         ORDER BY ad_position, sort, id`,
      )
      .all(c.get('tenantId'), platformNo, ...positions) as Array<{ id: number; ad_position: number; title: string; image_url: string; link_url: string }>;
    return ok(
      c,
      rows.map((r) => ({ id: r.id, adPosition: r.ad_position, title: r.title, imageUrl: r.image_url, linkUrl: r.link_url })),
    );
  });

  return routes;
}

import { Hono } from 'hono';
import { advertisements, agreementTypes, findAgreement, findRule } from '../data/cms.ts';
import { requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { badRequest } from '../lib/errors.ts';
import { asPositiveInt, languageOf, uniqueIds } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Agreements shown on the login page (spec §3 firstAgreementData / secondAgreementData), rule texts such as `invite`,
// and the banner advertisements.

/** More positions than any page shows means a broken client; refusing keeps the IN list bounded. */
const MAX_AD_POSITIONS = 20;

export function cmsRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);

  routes.get('/api/cms/agreement/get-name', tenant, (c) => {
    const tenantId = c.get('tenantId');
    const language = languageOf(c);
    const list = agreementTypes(db, tenantId).map((type) => {
      const row = findAgreement(db, tenantId, type, language)!;
      return { type: row.type, name: row.name };
    });
    return ok(c, list);
  });

  routes.get('/api/cms/agreement/get-content', tenant, (c) => {
    const type = asPositiveInt(c.req.query('type'));
    if (!type) throw badRequest('type must be a positive integer');
    const row = findAgreement(db, c.get('tenantId'), type, languageOf(c));
    if (!row) throw badRequest('Agreement does not exist');
    return ok(c, row);
  });

  routes.get('/api/cms/agreement/get-rule', tenant, (c) => {
    const code = (c.req.query('code') ?? '').trim();
    if (!code) throw badRequest('code is required');
    const row = findRule(db, c.get('tenantId'), code, languageOf(c));
    if (!row) throw badRequest('Rule does not exist');
    return ok(c, row);
  });

  // adPositions repeats (API.md "Array query values are repeated"); platformNo is matched case-insensitively.
  routes.get('/api/cms/advertisement/list-by-adposition', tenant, (c) => {
    const positions = uniqueIds(c.req.queries('adPositions') ?? [], 'adPositions');
    if (!positions.length) throw badRequest('adPositions must be positive integers');
    if (positions.length > MAX_AD_POSITIONS) throw badRequest(`At most ${MAX_AD_POSITIONS} adPositions per request`);
    const platformNo = (c.req.query('platformNo') ?? '').trim().toUpperCase();
    if (!platformNo) throw badRequest('platformNo is required');
    const rows = advertisements(db, c.get('tenantId'), platformNo, positions);
    return ok(
      c,
      rows.map((r) => ({ id: r.id, adPosition: r.ad_position, title: r.title, imageUrl: r.image_url, linkUrl: r.link_url })),
    );
  });

  return routes;
}

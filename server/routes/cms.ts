import { Hono } from 'hono';
import * as contract from '../../shared/contract/client.ts';
import { advertisements, agreementTypes, findAgreement, findRule } from '../data/cms.ts';
import { requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { badRequest } from '../lib/errors.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { mapInOrder } from '../lib/in-order.ts';

// Agreements shown on the login page (spec §3 firstAgreementData / secondAgreementData), rule texts such as `invite`,
// and the banner advertisements (shared/contract/client.ts).

export function cmsRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps)];

  contractRoute(routes, deps, contract.agreementNames, guard, async (c) => {
    const tenantId = c.get('tenantId');
    const language = languageOf(c);
    return (await mapInOrder((await agreementTypes(db, tenantId)), async (type) => {
      const row = (await findAgreement(db, tenantId, type, language))!;
      return { type: row.type, name: row.name };
    }));
  });

  contractRoute(routes, deps, contract.agreementContent, guard, async (c, { query }) => {
    const row = await findAgreement(db, c.get('tenantId'), query.type, languageOf(c));
    if (!row) throw badRequest('Agreement does not exist');
    return { type: row.type, name: row.name, content: row.content };
  });

  contractRoute(routes, deps, contract.rule, guard, async (c, { query }) => {
    const row = await findRule(db, c.get('tenantId'), query.code, languageOf(c));
    if (!row) throw badRequest('Rule does not exist');
    return { code: row.code, name: row.name, content: row.content };
  });

  // adPositions repeats (API.md "Array query values are repeated"); platformNo is matched case-insensitively.
  contractRoute(routes, deps, contract.advertisements, guard, async (c, { query }) =>
    (await advertisements(db, c.get('tenantId'), query.platformNo, query.adPositions)).map((r) => ({
      id: r.id,
      adPosition: r.ad_position,
      title: r.title,
      imageUrl: r.image_url,
      linkUrl: r.link_url,
    })),
  );

  return routes;
}

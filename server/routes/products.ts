import { Hono } from 'hono';
import * as contract from '../../shared/contract/shop.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { loadCatalog, packageName } from '../lib/catalog.ts';
import type { CatalogGrade } from '../lib/catalog.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// What can be bought (shared/contract/shop.ts, API.md "Products"). Guests may look, only buying needs an account.

/** A grade without a 30-day package has no daily price and cannot be priced for upgrades: it is not offered. */
const onSale = (grade: CatalogGrade): grade is CatalogGrade & { dailyPrice: number } => grade.dailyPrice !== null;

export function productRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.listGoods, guard, async (c) => {
    const language = languageOf(c);
    return (await loadCatalog(deps.db, c.get('tenantId'), language))
      .filter(onSale)
      .map((grade) => ({
        gradeId: grade.id,
        gradeName: grade.name,
        dailyPrice: grade.dailyPrice,
        stock: grade.stock,
        packages: grade.packages.map((p) => ({ packageId: p.id, name: packageName(p.days, language), days: p.days, price: p.price, originalPrice: p.original_price })),
      }));
  });

  return routes;
}

import { Hono } from 'hono';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { loadCatalog, packageName } from '../lib/catalog.ts';
import { ok } from '../lib/envelope.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// What can be bought (API.md "Products"); mirrors src/shop/api.ts. Guests may look, only buying needs an account.

export function productRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.get('/api/product/goods/list', tenant, auth, (c) => {
    const language = languageOf(c);
    const catalog = loadCatalog(deps.db, c.get('tenantId'), language);
    return ok(
      c,
      // A grade without a 30-day package has no daily price and cannot be priced for upgrades: it is not offered.
      catalog
        .filter((grade) => grade.dailyPrice !== null)
        .map((grade) => ({
          gradeId: grade.id,
          gradeName: grade.name,
          dailyPrice: grade.dailyPrice,
          stock: grade.stock,
          packages: grade.packages.map((p) => ({ packageId: p.id, name: packageName(p.days, language), days: p.days, price: p.price, originalPrice: p.original_price })),
        })),
    );
  });

  return routes;
}

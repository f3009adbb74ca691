import { Hono } from 'hono';
import * as contract from '../../shared/contract/content.ts';
import { findContentPage, listContentPages, type ContentPageRow } from '../data/content-pages.ts';
import { requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Content pages of the tenant (shared/contract/content.ts). Public like the agreements: help is read before login too.

const summary = (row: ContentPageRow) => ({ id: row.slug, kind: row.kind, title: row.title, summary: row.summary, imageUrl: row.image_url });

export function contentPageRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps)];

  contractRoute(routes, deps, contract.contentPageList, guard, async (c, { query }) =>
    (await listContentPages(db, c.get('tenantId'), query.kind, languageOf(c))).map(summary),
  );

  contractRoute(routes, deps, contract.contentPage, guard, async (c, { query }) => {
    const row = await findContentPage(db, c.get('tenantId'), query.id, languageOf(c));
    return row ? { ...summary(row), html: row.html, language: row.language } : null;
  });

  return routes;
}

import type { Migration } from './migration.ts';

export const migration025: Migration = {
  version: 25,
  name: 'content pages: help articles, the SDK guide, games and CMS pages, per tenant and language',
  // Per tenant like agreements (each brand writes its own help); the seed gives every tenant the same product help
  // with its brand name. A page is one slug in up to two languages; readers fall back to zh-CN (data/cms.ts rule).
  // `kind` drives the lists: tutorial (ai-tutorial), sdk (sdk-guide), faq, game (game-list), page (single pages).
  sql: `
      CREATE TABLE content_pages (
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        slug TEXT NOT NULL,
        language TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('tutorial', 'sdk', 'faq', 'game', 'page')),
        title TEXT NOT NULL,
        summary TEXT NOT NULL DEFAULT '',
        html TEXT NOT NULL,
        image_url TEXT NOT NULL DEFAULT '',
        sort INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, slug, language)
      );
      CREATE INDEX content_pages_kind ON content_pages (tenant_id, kind, language, sort);
  `,
};

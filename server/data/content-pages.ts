import type { ContentKind } from '../../shared/contract/content.ts';
import type { Db, Language } from '../lib/types.ts';
import { mapInOrder } from '../lib/in-order.ts';

// Help articles, the SDK guide, games and CMS pages of a tenant (migration 025).

export type { ContentKind };

export interface ContentPageRow {
  slug: string;
  kind: ContentKind;
  language: Language;
  title: string;
  summary: string;
  html: string;
  image_url: string;
  sort: number;
}

export type NewContentPage = Omit<ContentPageRow, 'language'>;

/** The page in the requested language, else zh-CN (the product default), else whatever exists. */
export async function findContentPage(db: Db, tenantId: number, slug: string, language: Language): Promise<ContentPageRow | undefined> {
  return await db.get(`SELECT slug, kind, language, title, summary, html, image_url, sort FROM content_pages WHERE tenant_id = ? AND slug = ?
     ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END LIMIT 1`, tenantId, slug, language) as ContentPageRow | undefined;
}

/** Every page of a kind, one row per slug (same language rule as findContentPage), by sort then slug. */
export async function listContentPages(db: Db, tenantId: number, kind: ContentKind, language: Language): Promise<ContentPageRow[]> {
  return await db.all(`SELECT slug, kind, language, title, summary, html, image_url, sort FROM (
       SELECT *, ROW_NUMBER() OVER (PARTITION BY slug ORDER BY CASE language WHEN ? THEN 0 WHEN 'zh-CN' THEN 1 ELSE 2 END) AS pick
       FROM content_pages WHERE tenant_id = ? AND kind = ?
     ) AS ranked WHERE pick = 1 ORDER BY sort, slug`, language, tenantId, kind) as ContentPageRow[];
}

/** Seeds never overwrite: an operator's edits survive restarts. */
export async function insertContentPage(db: Db, tenantId: number, language: Language, page: NewContentPage): Promise<void> {
  await db.run(`INSERT INTO content_pages (tenant_id, slug, language, kind, title, summary, html, image_url, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, tenantId, page.slug, language, page.kind, page.title, page.summary, page.html, page.image_url, page.sort);
}

export interface IndexedContent {
  id: string;
  kind: ContentKind;
  title: string;
  text: string;
}

/** HTML to plain text for indexing: tags out, the common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    // Inline markup sits inside a sentence ("点击<strong>转移</strong>。"): it goes without a trace; any other tag
    // (a paragraph, a list item, a line break) parts what is on either side.
    .replace(/<\/?(strong|b|em|i|u|span|a|code|small|mark)(\s[^>]*)?>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    // Chinese is written without spaces: none is kept between two Chinese characters, or beside a Chinese
    // punctuation mark ("Wi-Fi 或" keeps its space, as Chinese text sets Latin words apart).
    .replace(/(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])| (?=[\u3000-\u303f\uff00-\uffef])|(?<=[\u3000-\u303f\uff00-\uffef]) /gu, '')
    .trim();
}

/** Every page of a tenant in one language (with the zh-CN fallback), as plain text: what an assistant can search. */
export async function contentPagesForIndex(db: Db, tenantId: number, language: Language): Promise<IndexedContent[]> {
  const kinds: ContentKind[] = ['tutorial', 'faq', 'sdk', 'game', 'page'];
  return (await mapInOrder(kinds, async (kind) =>
    (await listContentPages(db, tenantId, kind, language)).map((row) => ({
      id: row.slug,
      kind: row.kind,
      title: row.title,
      text: plainText(`${row.summary} ${row.html}`),
    })),
  )).flat();
}

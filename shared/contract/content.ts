/**
 * Content pages: help articles, the partner SDK guide, games and CMS pages (spec §1 SDK guide, tutorial; §2 pages
 * ai-tutorial, sdk-guide, game-list, single-page; server/API.md "Content pages"). Per tenant, in the request's
 * language with a zh-CN fallback. Server: server/routes/content-pages.ts. Client: src/content/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { QueryText } from './fields.ts';

const PAGE = '/api/cms/page';

export const CONTENT_KINDS = ['tutorial', 'sdk', 'faq', 'game', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A page's id: the slug the CMS gives it (lower-case words and hyphens). */
const Slug = v.pipe(QueryText, v.nonEmpty('is required'), v.maxLength(64, 'is too long'), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'is not a page id'));

const Summary = {
  id: v.string(),
  kind: v.picklist(CONTENT_KINDS),
  title: v.string(),
  summary: v.string(),
  /** '' when the page has none; a path under /static/ on the reference server. */
  imageUrl: v.string(),
};

/** The pages of one kind, by the CMS's order, without their HTML. */
export const contentPageList = endpoint(`GET ${PAGE}/list`, {
  query: v.object({ kind: v.picklist(CONTENT_KINDS, 'is not a content kind') }),
  reply: v.array(v.strictObject(Summary)),
});

/** One page; null when the tenant has no page of that id (the page shows "not found"). `html` is unsanitised HTML. */
export const contentPage = endpoint(`GET ${PAGE}/get`, {
  query: v.object({ id: Slug }),
  reply: v.nullable(v.strictObject({ ...Summary, html: v.string(), language: v.string() })),
});

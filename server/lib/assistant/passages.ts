import { contentPagesForIndex } from '../../data/content-pages.ts';
import type { Db, Language } from '../types.ts';

// What the assistant's answers are grounded in: the product's help pages (the content store's tutorials, SDK guide,
// FAQ and game pages of the tenant, server/data/content-pages.ts), one passage per page and language. The source is
// injected (AppOptions.passageSource) so tests and other deployments can give their own.

export interface HelpPassage {
  /** The help page the passage is from; the client links it as `single-page?id=<pageId>`. */
  pageId: string;
  /** What kind of page it is (tutorial, sdk, faq, game, page), as the content store names it. */
  kind: string;
  title: string;
  /** Plain text, no HTML. */
  text: string;
  language: Language;
}

/** The passages of one tenant in one language. Called on each question: it must be cheap (the index is cached). */
export type PassageSource = (tenantId: number, language: Language) => Promise<HelpPassage[]>;

/** The tenant's help pages in the content store. */
export function contentPassages(db: Db): PassageSource {
  return async (tenantId, language) =>
    (await contentPagesForIndex(db, tenantId, language)).map((page) => ({ pageId: page.id, kind: page.kind, title: page.title, text: page.text, language }));
}

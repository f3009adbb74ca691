import type { Language } from '../types.ts';
import { BUILTIN_HELP } from './builtin-help.ts';

// What the assistant's answers are grounded in: the product's help pages, one passage per page and language. The
// source is injected (AppOptions.passageSource) so the help content can come from the content store; until it is
// switched, the built-in passages of builtin-help.ts answer.

export interface HelpPassage {
  /** The help page the passage is from; the client links it as `single-page?id=<pageId>`. */
  pageId: number;
  /** What kind of page it is (guide, faq, ...), as the content store names it. */
  kind: string;
  title: string;
  /** Plain text, no HTML. */
  text: string;
  language: Language;
}

/** The passages of one tenant in one language. Called on each question: it must be cheap (the index is cached). */
export type PassageSource = (tenantId: number, language: Language) => HelpPassage[];

export const builtinPassages: PassageSource = (_tenantId, language) => BUILTIN_HELP.filter((passage) => passage.language === language);

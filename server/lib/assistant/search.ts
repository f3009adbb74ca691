import MiniSearch from 'minisearch';
import type { Language } from '../types.ts';
import type { HelpPassage, PassageSource } from './passages.ts';

// The assistant's grounding: a MiniSearch index of the help passages per tenant and language, built on the first
// question and kept until the passages change. MiniSearch splits words on spaces and punctuation, which leaves a
// Chinese sentence one "word": CJK runs are cut into overlapping character pairs (bigrams) instead, the usual way to
// index Chinese without a dictionary, and questions are cut the same way, so "续费" in a question meets "续费" in a page.

/** Under this score no passage is about the question: the answer says so and points to support. */
export const MIN_SCORE = 3;
/** A passage scoring under this share of the best one only shares common words with the question. */
const RELATIVE_CUTOFF = 0.3;
/**
 * The developer guide (kind `sdk`) speaks of pictures, tokens and sockets, words a user's question about a black
 * screen shares too: its score counts this much unless the question is a developer's, so user help comes first.
 */
const DEVELOPER_PAGE_WEIGHT = 0.3;
const DEVELOPER_QUESTION = /\b(sdk|api|token|websocket|socket|embed|developer|integrat\w*)\b|接入|开发|令牌|嵌入|接口/iu;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/gu;
const LATIN = /[\p{L}\p{N}]+/gu;
/** Words that say nothing about the topic; questions are full of them. */
const STOP = new Set(['a', 'an', 'the', 'to', 'of', 'in', 'on', 'is', 'it', 'i', 'my', 'me', 'do', 'does', 'how', 'what', 'can', 'and', 'or', 'for', 'why', 'with', 'you', 'your', 'be', 'are', 'this', 'that']);

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const run of text.match(CJK) ?? []) {
    const chars = [...run];
    if (chars.length === 1) tokens.push(run);
    for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
  }
  for (const word of text.replace(CJK, ' ').match(LATIN) ?? []) {
    const lower = word.toLowerCase();
    if (!STOP.has(lower)) tokens.push(lower);
  }
  return tokens;
}

export interface Hit {
  passage: HelpPassage;
  score: number;
}

interface Cached {
  signature: string;
  index: MiniSearch<HelpPassage & { id: number }>;
  passages: HelpPassage[];
}

/** Cheap, and changes whenever a page is added, removed, renamed or rewritten. */
function signatureOf(passages: HelpPassage[]): string {
  return passages.map((p) => `${p.pageId}:${p.title}:${p.text.length}`).join('|');
}

function build(passages: HelpPassage[]): Cached['index'] {
  const index = new MiniSearch<HelpPassage & { id: number }>({
    fields: ['title', 'text'],
    tokenize,
    // Terms come out of tokenize already lower-cased and filtered.
    processTerm: (term) => term,
    searchOptions: { boost: { title: 2 }, prefix: (term) => /^[a-z]{4,}$/.test(term), fuzzy: (term) => (/^[a-z]{5,}$/.test(term) ? 0.2 : false) },
  });
  index.addAll(passages.map((passage, id) => ({ ...passage, id })));
  return index;
}

/** A search over one source, caching an index per tenant and language. */
export function createHelpSearch(source: PassageSource) {
  const cache = new Map<string, Cached>();

  async function indexOf(tenantId: number, language: Language): Promise<Cached> {
    const passages = await source(tenantId, language);
    const signature = signatureOf(passages);
    const key = `${tenantId}:${language}`;
    let cached = cache.get(key);
    if (!cached || cached.signature !== signature) {
      cached = { signature, index: build(passages), passages };
      cache.set(key, cached);
    }
    return cached;
  }

  /** The best passages for the question, best first, each scoring at least MIN_SCORE. */
  async function search(tenantId: number, language: Language, question: string, limit = 3): Promise<Hit[]> {
    const { index, passages } = await indexOf(tenantId, language);
    if (tokenize(question).length === 0) return [];
    const developer = DEVELOPER_QUESTION.test(question);
    const results = index
      .search(question)
      .map((result) => {
        const passage = passages[result.id as number]!;
        return { passage, score: passage.kind === 'sdk' && !developer ? result.score * DEVELOPER_PAGE_WEIGHT : result.score };
      })
      .sort((a, b) => b.score - a.score);
    const floor = Math.max(MIN_SCORE, (results[0]?.score ?? 0) * RELATIVE_CUTOFF);
    return results.filter((result) => result.score >= floor).slice(0, limit);
  }

  return { search };
}

export type HelpSearch = ReturnType<typeof createHelpSearch>;

import type { Language } from '../types.ts';
import type { Hit } from './search.ts';
import { tokenize } from './search.ts';

// The built-in answer: a short intro in the question's language and the sentences of the best help passages that
// share the most terms with the question, in the passage's own order. Plain text; it is sent as small pieces so it
// streams like a model's answer.

const INTRO: Record<Language, string> = {
  'en-US': 'Here is what the help pages say:',
  'zh-CN': '帮助文档中的相关说明如下：',
};
const UNKNOWN: Record<Language, string> = {
  'en-US': "I could not find an answer to this in the help pages. Please contact customer service, who will be glad to help.",
  'zh-CN': '抱歉，帮助文档中没有找到相关答案。请联系客服，我们会尽快为您解答。',
};

/** Chinese when the question has a CJK character, else English: the answer speaks the question's language. */
export function languageOfQuestion(question: string, fallback: Language): Language {
  if (/[\u3400-\u9fff]/u.test(question)) return 'zh-CN';
  return /[a-z]/iu.test(question) ? 'en-US' : fallback;
}

function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?。！？]+[.!?。！？]?/gu) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** The `count` sentences of `text` sharing the most terms with the question (the first one on a tie), in order. */
function relevantSentences(text: string, terms: Set<string>, count: number): string[] {
  const sentences = sentencesOf(text);
  const scored = sentences.map((sentence, index) => ({ index, score: tokenize(sentence).filter((t) => terms.has(t)).length }));
  const kept = scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, count).map((s) => s.index);
  return kept.sort((a, b) => a - b).map((index) => sentences[index]!);
}

/** A passage this short (a question's own page, a few steps) is the answer as a whole, in its own words. */
const WHOLE_PASSAGE_CHARS = 800;

export function composeAnswer(question: string, hits: Hit[], language: Language): string {
  if (hits.length === 0) return UNKNOWN[language];
  const terms = new Set(tokenize(question));
  const join = language === 'zh-CN' ? '' : ' ';
  const [best, next] = hits;
  // The best page answers: whole when it is short, else its sentences closest to the question; the next one adds its
  // closest sentence, unless it is the developer guide and the best page is user help.
  const parts = [best!.passage.text.length <= WHOLE_PASSAGE_CHARS ? best!.passage.text : relevantSentences(best!.passage.text, terms, 3).join(join)];
  if (next && !(next.passage.kind === 'sdk' && best!.passage.kind !== 'sdk')) parts.push(relevantSentences(next.passage.text, terms, 1).join(join));
  return `${INTRO[language]}\n${parts.join('\n')}`;
}

/** The text in pieces of a word (with its space) or two CJK characters: what a model's stream looks like. */
export function piecesOf(text: string): string[] {
  return text.match(/[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]{1,2}|[^\s\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+\s*|\s+/gu) ?? [];
}

/** Yields the pieces of `text`, `delayMs` apart, until done or `signal` aborts. */
export async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<string> {
  for (const piece of piecesOf(text)) {
    if (signal.aborted) return;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    else await Promise.resolve();
    if (signal.aborted) return;
    yield piece;
  }
}

/**
 * The assistant's fixed words, shared by the server and (later) the page: the feedback types, the limits of a
 * question and of a feedback text, and the events of the streamed answer (spec §1 AI assistant; a feedback needs a
 * type and some text, spec §5).
 */

/** What a feedback is about: an answer (helpful or not) or the product in general (docs/decisions.md). */
export const FEEDBACK_TYPES = ['helpful', 'inaccurate', 'suggestion', 'problem', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const MAX_QUESTION_CHARS = 500;
export const MAX_FEEDBACK_CHARS = 500;

/** The path of the streamed answer (server-sent events; its request is `AskBody`, its events are in assistant.ts). */
export const ASK_PATH = '/api/ai/chat/ask';

/** The events of the stream, in the order they come: meta, token..., (notice), sources, done. */
export const ASK_EVENTS = ['meta', 'token', 'notice', 'sources', 'done'] as const;
export type AskEvent = (typeof ASK_EVENTS)[number];

/** The notice sent when the configured language model failed and the built-in answer follows instead. */
export const LLM_FALLBACK = 'llm_fallback';

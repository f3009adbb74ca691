/**
 * The AI assistant: chat and feedback, a feedback needing a type and some text (spec §1, §5; server/API.md
 * "Assistant"). Server: server/routes/assistant.ts.
 *
 * The question's answer is a stream of server-sent events, which `endpoint()` cannot describe (its reply is one JSON
 * envelope): `askQuestion` below is therefore not an Endpoint but the same parts by name, its request body schema and
 * one schema per event, so both sides still read one description. A refusal before the stream starts (a bad question,
 * an unknown conversation, no session) is the usual JSON envelope.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { coded, Done, OptionalId, pageOf, paging, Text } from './fields.ts';
import { ASK_PATH, FEEDBACK_TYPES, LLM_FALLBACK, MAX_FEEDBACK_CHARS, MAX_QUESTION_CHARS } from './assistant-words.ts';

const AI = '/api/ai';

/** One help page an answer drew on: the client links it as `single-page?id=<pageId>`. */
export const Source = v.strictObject({ pageId: v.string(), title: v.string() });

const Question = v.pipe(
  Text,
  v.trim(),
  v.check((text) => text.length > 0 && [...text].length <= MAX_QUESTION_CHARS, coded(ErrorCode.AI_QUESTION_INVALID, `Please enter a question of at most ${MAX_QUESTION_CHARS} characters`)),
);

export const AskBody = v.object({ question: Question, conversationId: OptionalId });

export const MetaEvent = v.strictObject({ conversationId: v.number(), messageId: v.number() });
export const TokenEvent = v.strictObject({ text: v.string() });
export const NoticeEvent = v.strictObject({ code: v.literal(LLM_FALLBACK) });
export const SourcesEvent = v.array(Source);
export const DoneEvent = v.strictObject({ stopped: v.boolean() });

/** `POST /api/ai/chat/ask`: body AskBody, reply `text/event-stream` with the events by name. */
export const askQuestion = {
  path: ASK_PATH,
  body: AskBody,
  events: { meta: MetaEvent, token: TokenEvent, notice: NoticeEvent, sources: SourcesEvent, done: DoneEvent },
} as const;

export const ChatMessage = v.strictObject({
  messageId: v.number(),
  conversationId: v.number(),
  role: v.picklist(['user', 'assistant']),
  text: v.string(),
  sources: v.array(Source),
  /** The user stopped the answer before it ended: `text` is what had come. */
  stopped: v.boolean(),
  /** The language model failed and the built-in answer was given instead. */
  fallback: v.boolean(),
  createdAt: v.number(),
});

/**
 * The user's own messages, newest first: of one conversation when `conversationId` is given (another user's is
 * "does not exist"), else of all of the user's conversations.
 */
export const chatHistory = endpoint(`GET ${AI}/chat/history`, {
  query: v.object({ conversationId: OptionalId, ...paging(20, 100) }),
  reply: pageOf(ChatMessage),
});

/** A few questions to start with, in the request's language. */
export const chatSuggestions = endpoint(`GET ${AI}/chat/suggestions`, {
  reply: v.strictObject({ list: v.array(v.string()) }),
});

export const sendFeedback = endpoint(`POST ${AI}/feedback`, {
  body: v.object({
    type: v.pipe(
      Text,
      v.trim(),
      v.check((type) => (FEEDBACK_TYPES as readonly string[]).includes(type), coded(ErrorCode.FEEDBACK_TYPE_REQUIRED, 'Please choose a feedback type')),
    ),
    content: v.pipe(
      Text,
      v.trim(),
      v.check((text) => text.length > 0, coded(ErrorCode.FEEDBACK_CONTENT_REQUIRED, 'Please enter the feedback content')),
      v.check((text) => [...text].length <= MAX_FEEDBACK_CHARS, coded(ErrorCode.FEEDBACK_CONTENT_TOO_LONG, `The feedback content can be at most ${MAX_FEEDBACK_CHARS} characters`)),
    ),
    /** The answer the feedback is about; absent for a general feedback. */
    messageId: OptionalId,
  }),
  reply: Done,
});

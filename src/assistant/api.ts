/**
 * The assistant's calls (server/API.md "Assistant"): history, suggestions and feedback through the app's `api()`, and
 * the streamed answer, which `api()` cannot carry (its reply is one JSON envelope): a `fetch` whose body is read as
 * server-sent events with `eventsource-parser`, sent with the same identity headers and token as the http client,
 * renewing the token once on a 401 as it does. A refusal before the stream (a bad question, too many questions, no
 * session) is the usual envelope and rejects with an ApiError, so the catalogue words it (core/errors.ts).
 */
import { createParser } from 'eventsource-parser';
import type * as C from '../../shared/contract/assistant.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { ASK_PATH, type FeedbackType } from '../../shared/contract/assistant-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { ApiError, catalogueReady } from '../core/errors.ts';
import { api, isMissingTenant, REQUEST_TIMEOUT_MS, transport, type Envelope } from '../core/http.ts';

export type ChatMessage = ReplyOf<typeof C.chatHistory>['list'][number];
export type Source = ChatMessage['sources'][number];

/** The newest messages of every conversation: the page shows the newest conversation, or the one it is in. */
export const HISTORY_SIZE = 100;

export const chatHistory = () => api('GET /api/ai/chat/history', { query: { pageNo: 1, pageSize: HISTORY_SIZE } });
export const chatSuggestions = () => api('GET /api/ai/chat/suggestions');
export const sendFeedback = (type: FeedbackType, content: string, messageId: number | null) =>
  api('POST /api/ai/feedback', { body: { type, content, messageId } });

/** What the stream's events carry, by name (the contract's `askQuestion.events`). */
export interface AnswerHandlers {
  meta(data: { conversationId: number; messageId: number }): void;
  token(data: { text: string }): void;
  notice(data: { code: string }): void;
  sources(data: Source[]): void;
  done(data: { stopped: boolean }): void;
}

const EVENT_NAMES = new Set<string>(['meta', 'token', 'notice', 'sources', 'done']);

/** Without a byte of the answer this long, the connection is taken as stalled and the answer ends as a timeout. */
export const ANSWER_IDLE_MS = 20_000;

/**
 * Reads a `text/event-stream` body into the handlers, event by event as the bytes come. Resolves true when the
 * stream ended with `done`, false when it ended without (the server went away, or `signal` stopped it: the reader
 * is cancelled then, which drops the request, and the server keeps what it had sent, marked stopped). A stream
 * silent for `idleMs` is cancelled the same way and rejects with TIMEOUT: a stalled connection may never end.
 */
export async function readAnswerStream(
  body: ReadableStream<Uint8Array>,
  handlers: AnswerHandlers,
  signal?: AbortSignal,
  idleMs = ANSWER_IDLE_MS,
): Promise<boolean> {
  let finished = false;
  const parser = createParser({
    onEvent(event) {
      const name = event.event ?? 'message';
      // An event this client does not know (a newer server's) is skipped rather than failing the answer.
      if (!EVENT_NAMES.has(name)) return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (name === 'done') finished = true;
      (handlers[name as keyof AnswerHandlers] as (value: unknown) => void)(data);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => {});
  // Stopped before the answer came (during a token renewal, say): an abort listener would never fire now.
  if (signal?.aborted) {
    stop();
    return false;
  }
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      stop();
    }, idleMs);
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    watch();
    for (;;) {
      if (signal?.aborted) return false;
      const { done, value } = await reader.read();
      if (idle) throw new Error('the answer stalled');
      if (done) break;
      watch();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    return finished;
  } catch (error) {
    if (signal?.aborted) return false;
    throw new ApiError(idle ? ErrorCode.TIMEOUT : ErrorCode.NETWORK, String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** One POST of the question with the session's headers; the 5 s timeout covers the wait for the reply's head only. */
async function post(body: string, signal: AbortSignal): Promise<{ response: Response; token: string | undefined }> {
  // Already stopped: the abort listener below would never fire, so nothing may be sent.
  if (signal.aborted) throw new DOMException('The answer was stopped', 'AbortError');
  const hooks = transport.hooks();
  const headers: Record<string, string> = { ...hooks.headers(), 'content-type': 'application/json', accept: 'text/event-stream' };
  const token = hooks.tokens()?.accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), hooks.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // The user's stop aborts the whole request, body included (the listener stays for the stream's life).
  signal.addEventListener('abort', () => timeout.abort(), { once: true });
  try {
    const response = await (hooks.fetch ?? fetch)(`${transport.baseURL()}${ASK_PATH}`, { method: 'POST', headers, body, signal: timeout.signal });
    return { response, token };
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(timeout.signal.aborted ? ErrorCode.TIMEOUT : ErrorCode.NETWORK, String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The envelope of a reply that is not a stream (a refusal), or one made from its status. */
async function envelopeOf(response: Response): Promise<Envelope & { retryAfterSeconds?: number }> {
  const body = Object(await response.json().catch(() => null)) as Partial<Envelope<{ retryAfterSeconds?: number } | null>>;
  const wait = Number(Object(body.data).retryAfterSeconds ?? response.headers.get('retry-after'));
  const retryAfterSeconds = wait > 0 && wait < Infinity ? Math.ceil(wait) : undefined;
  if (typeof body.code === 'number') return { code: body.code, msg: body.msg ?? '', data: body.data, retryAfterSeconds };
  return { code: response.ok ? ErrorCode.SERVER_ERROR : response.status, msg: '', data: null, retryAfterSeconds };
}

const isStream = (response: Response) => response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream');

/**
 * Asks the question and feeds its answer's events to the handlers as they come. Resolves true when the answer ended
 * (`done`), false when `signal` stopped it; rejects with an ApiError for a refusal, a lost connection or a timeout
 * (of the reply's head, or of a stream gone silent).
 */
export async function askQuestion(question: string, conversationId: number | null, handlers: AnswerHandlers, signal: AbortSignal): Promise<boolean> {
  const hooks = transport.hooks();
  const body = JSON.stringify({ question, conversationId });
  try {
    const first = await post(body, signal);
    let response = first.response;
    if (!isStream(response)) {
      let reply = await envelopeOf(response);
      const sent = first.token;
      // An expired token: renewed once (or already renewed by another call since it was sent), then asked again.
      if (reply.code === ErrorCode.UNAUTHORIZED && sent && (hooks.tokens()?.accessToken !== sent || (await transport.refreshOnce()))) {
        // Stopped while the token was renewed: the question is not sent again.
        if (signal.aborted) return false;
        response = (await post(body, signal)).response;
        if (!isStream(response)) reply = await envelopeOf(response);
      }
      if (!isStream(response)) {
        if (isMissingTenant(reply)) hooks.logout();
        if (reply.code === ErrorCode.TRIAL_ENDED) hooks.trialEnded();
        throw new ApiError(reply.code, reply.msg, reply.retryAfterSeconds);
      }
    }
    if (!response.body) throw new ApiError(ErrorCode.NETWORK, 'no body');
    const finished = await readAnswerStream(response.body, handlers, signal);
    if (!finished && !signal.aborted) throw new ApiError(ErrorCode.NETWORK, 'the answer ended early');
    return finished;
  } catch (error) {
    if (signal.aborted) return false;
    // The page is about to word this failure: the catalogue first, as the http client does.
    await catalogueReady();
    throw error instanceof ApiError ? error : new ApiError(ErrorCode.NETWORK, String(error));
  }
}

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChatMessage } from '../../../src/assistant/api.ts';
import { answering, appendText, ask, chosenConversation, composerNotice, conversationView, draft, failureText, newConversation, restoreDraft, stopAnswer, turns, type Turn } from '../../../src/assistant/state.ts';
import assistantEnUS from '../../../src/assistant/texts/assistant-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError } from '../../../src/core/errors.ts';
import { configureHttp } from '../../../src/core/http.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// The assistant's state rules (src/assistant/state.ts): which conversation shows and how the history and this
// visit's turns join, what the composer keeps, and the ask / stop / new conversation actions over a fake stream.

installDictionary('en-US', assistantEnUS, ERRORS_EN_US);

const message = (messageId: number, conversationId: number, role: 'user' | 'assistant', text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId, conversationId, role, text, sources: [], stopped: false, fallback: false, createdAt: messageId, ...extra,
});

// Newest first, as the server sends it: conversation 2 is the newest.
const HISTORY = [
  message(6, 2, 'assistant', 'Choose Share.', { sources: [{ pageId: 'share', title: 'Sharing' }] }),
  message(5, 2, 'user', 'How do I share?'),
  message(4, 1, 'assistant', 'Restart it.', { stopped: true }),
  message(3, 1, 'user', 'Black screen?'),
];

const turn = (key: number, extra: Partial<Turn>): Turn => ({
  key, question: `q${key}`, answer: '', messageId: null, conversationId: null, sources: [], status: 'waiting', fallback: false, ...extra,
});

test('the newest conversation shows oldest first; a chosen one, or none for a new conversation', () => {
  const newest = conversationView(HISTORY, undefined, []);
  assert.is(newest.conversationId, 2);
  assert.equal(newest.messages.map((m) => [m.role, m.text]), [['user', 'How do I share?'], ['assistant', 'Choose Share.']]);
  assert.equal(newest.messages[1]!.sources, [{ pageId: 'share', title: 'Sharing' }]);
  assert.is(newest.messages[1]!.messageId, 6);
  assert.is(newest.messages[0]!.messageId, null, 'only answers take feedback');
  const older = conversationView(HISTORY, 1, []);
  assert.equal(older.messages.map((m) => [m.text, m.stopped]), [['Black screen?', false], ['Restart it.', true]]);
  assert.equal(conversationView(HISTORY, null, []), { conversationId: null, messages: [] });
  assert.equal(conversationView(undefined, undefined, []), { conversationId: null, messages: [] });
  assert.equal(conversationView([], undefined, []).conversationId, null);
});

test("this visit's turns follow the history, and one the history already holds shows once, from the history", () => {
  const growing = turn(1, { question: 'Renew?', answer: 'Pick a', messageId: 8, conversationId: 2, status: 'streaming' });
  const stored = turn(2, { question: 'How do I share?', answer: 'Choose', messageId: 6, conversationId: 2, status: 'stopped' });
  const elsewhere = turn(3, { messageId: 10, conversationId: 1, status: 'done', answer: 'x' });
  const view = conversationView(HISTORY, 2, [stored, growing, elsewhere]);
  assert.equal(view.messages.map((m) => m.text), ['How do I share?', 'Choose Share.', 'Renew?', 'Pick a']);
  assert.equal([view.messages[3]!.streaming, view.messages[3]!.stopped, view.messages[3]!.messageId], [true, false, 8]);
  // A turn waiting for its first event belongs to what is on screen, a new conversation included.
  const waiting = turn(4, { question: 'First?' });
  assert.equal(conversationView(HISTORY, null, [waiting]).messages.map((m) => [m.role, m.text, m.streaming]), [['user', 'First?', false], ['assistant', '', true]]);
  assert.is(conversationView(HISTORY, null, [turn(5, { status: 'stopped' })]).messages[1]!.stopped, true);
});

test('the composer never loses text: a failed question comes back before what was typed, a voice result after it', () => {
  assert.is(restoreDraft('How do I renew?', ''), 'How do I renew?');
  assert.is(restoreDraft('How do I renew?', '  '), 'How do I renew?');
  assert.is(restoreDraft('How do I renew?', 'and upgrade'), 'How do I renew? and upgrade');
  assert.is(restoreDraft('renew', 'renew'), 'renew', 'already there: not twice');
  assert.is(appendText('', ' hello '), 'hello');
  assert.is(appendText('How do I', 'renew'), 'How do I renew');
  assert.is(appendText('How do I ', 'renew'), 'How do I renew');
  assert.is(appendText('keep', '   '), 'keep');
});

test('a question that could not be sent is worded: offline, unreachable, or the catalogue', () => {
  assert.match(failureText(new ApiError(ErrorCode.NETWORK), false), 'You are offline');
  assert.match(failureText(new ApiError(ErrorCode.NETWORK), true), 'The server cannot be reached');
  assert.match(failureText(new ApiError(ErrorCode.TIMEOUT), true), 'The server cannot be reached');
  assert.match(failureText(new ApiError(ErrorCode.TOO_MANY_REQUESTS, '', 9), true), 'Please do not operate frequently, try again in 9 s');
  assert.match(failureText(new ApiError(ErrorCode.AI_QUESTION_INVALID), true), '500 characters');
  // Part of the answer came, so the question is not back in the box: the catalogue words it, a stall as a timeout.
  assert.match(failureText(new ApiError(ErrorCode.TIMEOUT), true, false), 'Request timed out');
  assert.not.match(failureText(new ApiError(ErrorCode.NETWORK), false, false), 'kept');
});

/** A fake server: each call answers the next of `replies` (a body to stream, or an error to throw). */
function serve(replies: Array<() => Response>) {
  const asked: unknown[] = [];
  configureHttp({
    baseURL: 'http://app.test',
    tokens: () => ({ accessToken: 't', refreshToken: 'r' }),
    headers: () => ({}),
    fetch: async (_input, init) => {
      asked.push(JSON.parse(String(init?.body)));
      const next = replies.shift();
      if (!next) throw new TypeError('no reply');
      return next();
    },
  });
  return asked;
}

/** An event stream the test feeds by hand. */
function liveStream() {
  let push!: (text: string) => void;
  let close!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      close = () => controller.close();
    },
  });
  const event = (name: string, data: unknown) => push(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  return { response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }), event, close };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await tick();
  assert.ok(check(), 'condition never held');
}

test('ask: the turn grows with each piece, takes its conversation from meta, notes a fallback, ends done with its sources', async () => {
  sessionCleared();
  const stream = liveStream();
  const asked = serve([stream.response]);
  draft.value = '  How do I renew?  ';
  const asking = ask(draft.value, null);
  assert.is(draft.value, '', 'the box empties as the question goes');
  assert.is(answering.value, true);
  stream.event('meta', { conversationId: 9, messageId: 31 });
  stream.event('token', { text: 'Pick ' });
  await until(() => turns.value[0]?.answer === 'Pick ');
  assert.equal([turns.value[0]!.status, turns.value[0]!.messageId, chosenConversation.value], ['streaming', 31, 9]);
  stream.event('notice', { code: 'llm_fallback' });
  stream.event('token', { text: 'a plan.' });
  stream.event('sources', [{ pageId: 'renew', title: 'Renewing' }]);
  stream.event('done', { stopped: false });
  stream.close();
  await asking;
  assert.equal(asked, [{ question: 'How do I renew?', conversationId: null }]);
  assert.equal([turns.value[0]!.answer, turns.value[0]!.status, turns.value[0]!.sources.length, turns.value[0]!.fallback], ['Pick a plan.', 'done', 1, true]);
  // The fallback notice travels with the answer to the chat.
  assert.is(conversationView([], chosenConversation.value, turns.value).messages[1]!.fallback, true);
  assert.is(answering.value, false);
});

test('Stop keeps what came, marked stopped; a new conversation starts empty', async () => {
  sessionCleared();
  const stream = liveStream();
  serve([stream.response]);
  const asking = ask('Share?', 4);
  stream.event('meta', { conversationId: 4, messageId: 12 });
  stream.event('token', { text: 'Choose' });
  await until(() => turns.value[0]?.answer === 'Choose');
  stopAnswer();
  await asking;
  assert.equal([turns.value[0]!.answer, turns.value[0]!.status], ['Choose', 'stopped']);
  assert.is(answering.value, false);
  assert.is(composerNotice.value, null, 'a stop is not a failure');
  newConversation();
  assert.equal([turns.value, chosenConversation.value], [[], null]);
});

test('a question refused or unreachable before any answer goes back into the box, with the reason', async () => {
  sessionCleared();
  serve([
    () => new Response(JSON.stringify({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '', data: { retryAfterSeconds: 30 } }), { headers: { 'content-type': 'application/json' } }),
    () => {
      throw new TypeError('Failed to fetch');
    },
  ]);
  await ask('How do I renew?', null);
  assert.equal(turns.value, []);
  assert.is(draft.value, 'How do I renew?');
  assert.match(composerNotice.value ?? '', 'try again in 30 s');
  draft.value = 'How do I renew? today';
  await ask(draft.value, null);
  assert.is(draft.value, 'How do I renew? today');
  assert.match(composerNotice.value ?? '', 'The server cannot be reached');
  // The session ends: nothing of this account's is left.
  sessionCleared();
  assert.equal([draft.value, turns.value, composerNotice.value, chosenConversation.value], ['', [], null, undefined]);
});

test('offline, nothing is sent and the question (a tapped suggestion too) stays in the box', async () => {
  sessionCleared();
  const asked = serve([]);
  const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  try {
    await ask('How do I use a code?', null);
    assert.equal(asked, []);
    assert.is(draft.value, 'How do I use a code?');
    assert.match(composerNotice.value ?? '', 'You are offline');
  } finally {
    delete (navigator as unknown as Record<string, unknown>).onLine;
    if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
  }
});

test.run();

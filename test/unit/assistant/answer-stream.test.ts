import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ANSWER_IDLE_MS, askQuestion, readAnswerStream, type AnswerHandlers } from '../../../src/assistant/api.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError } from '../../../src/core/errors.ts';
import { configureHttp, REFRESH_PATH } from '../../../src/core/http.ts';

// The streamed answer as the page reads it (src/assistant/api.ts): server-sent events split anywhere across chunks,
// unknown or broken events skipped, a stop that drops the request, and a refusal before the stream as an ApiError
// carrying the code and the wait; the request carries the http client's identity headers and token.

const encoder = new TextEncoder();

function sse(events: Array<[string, unknown]>): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/**
 * A body that sends `text` in pieces of `size` bytes (so events, lines and characters are cut anywhere); `keepOpen`
 * then leaves it open and silent, a stalled connection. `onCancel` is told when the reader cancels it.
 */
function bodyOf(text: string, size: number, keepOpen = false, onCancel?: () => void): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    cancel: () => onCancel?.(),
    pull(controller) {
      if (at >= bytes.length) {
        if (!keepOpen) controller.close();
        return new Promise(() => {});
      }
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

function recorder() {
  const seen: Array<[string, unknown]> = [];
  const handlers: AnswerHandlers = {
    meta: (data) => seen.push(['meta', data]),
    token: (data) => seen.push(['token', data]),
    notice: (data) => seen.push(['notice', data]),
    sources: (data) => seen.push(['sources', data]),
    done: (data) => seen.push(['done', data]),
  };
  return { seen, handlers };
}

const ANSWER: Array<[string, unknown]> = [
  ['meta', { conversationId: 7, messageId: 42 }],
  ['token', { text: '帮助文档说：' }],
  ['token', { text: ' renew it' }],
  ['notice', { code: 'llm_fallback' }],
  ['sources', [{ pageId: 'renew', title: '续费云手机' }]],
  ['done', { stopped: false }],
];

test('events come whole and in order however the bytes are cut, Chinese characters included', async () => {
  for (const size of [1, 2, 3, 7, 64, 4096]) {
    const { seen, handlers } = recorder();
    const finished = await readAnswerStream(bodyOf(sse(ANSWER), size), handlers);
    assert.is(finished, true, `pieces of ${size}`);
    assert.equal(seen, ANSWER, `pieces of ${size}`);
  }
});

test('an unknown event or one whose data is not JSON is skipped; a stream without done did not finish', async () => {
  const text = `${sse([['meta', { conversationId: 1, messageId: 2 }], ['ping', {}]])}event: token\ndata: {not json\n\n: a comment\n\n${sse([['token', { text: 'a' }]])}`;
  const { seen, handlers } = recorder();
  assert.is(await readAnswerStream(bodyOf(text, 5), handlers), false);
  assert.equal(seen.map(([name]) => name), ['meta', 'token']);
});

test('a stop cancels the reading: what came was handed on, and it resolves false', async () => {
  const controller = new AbortController();
  const { seen, handlers } = recorder();
  const first: Array<[string, unknown]> = [['meta', { conversationId: 1, messageId: 2 }], ['token', { text: 'Here is' }]];
  const reading = readAnswerStream(bodyOf(sse(first), 16, true), handlers, controller.signal);
  while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 0));
  controller.abort();
  assert.is(await reading, false);
  assert.equal(seen, first);
});

test('already stopped when the answer arrives: nothing is handed on and the body is cancelled (the request dropped)', async () => {
  const controller = new AbortController();
  controller.abort();
  let cancelled = false;
  const { seen, handlers } = recorder();
  assert.is(await readAnswerStream(bodyOf(sse(ANSWER), 16, true, () => (cancelled = true)), handlers, controller.signal), false);
  assert.ok(cancelled);
  assert.equal(seen, []);
});

test('a stream silent for the idle time is cancelled and ends as a timeout, after what came; each chunk restarts the wait', async () => {
  assert.is(ANSWER_IDLE_MS, 20_000);
  let cancelled = false;
  const { seen, handlers } = recorder();
  const first: Array<[string, unknown]> = [['meta', { conversationId: 1, messageId: 2 }], ['token', { text: 'Here is' }]];
  const error = await readAnswerStream(bodyOf(sse(first), 16, true, () => (cancelled = true)), handlers, undefined, 40).catch((e: unknown) => e);
  assert.instance(error, ApiError);
  assert.is((error as ApiError).code, ErrorCode.TIMEOUT);
  assert.ok(cancelled);
  assert.equal(seen, first);
  // Chunks 25 ms apart never leave it silent for 40 ms, though the whole answer takes far longer.
  const text = encoder.encode(sse(ANSWER));
  let at = 0;
  const slow = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (at >= text.length) controller.close();
      else controller.enqueue(text.slice(at, (at += Math.ceil(text.length / 6))));
    },
  });
  assert.is(await readAnswerStream(slow, recorder().handlers, undefined, 40), true);
});

test('a stream that breaks is a network error', async () => {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(encoder.encode(sse([['meta', { conversationId: 1, messageId: 2 }]])));
      } else controller.error(new TypeError('network error'));
    },
  });
  const error = await readAnswerStream(body, recorder().handlers).catch((e: unknown) => e);
  assert.instance(error, ApiError);
  assert.is((error as ApiError).code, ErrorCode.NETWORK);
});

/** The http client's hooks with a fetch that answers `reply` and records what it was asked. */
function withFetch(reply: () => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const previous = configureHttp({
    baseURL: 'http://app.test',
    tokens: () => ({ accessToken: 'token-1', refreshToken: 'refresh-1' }),
    headers: () => ({ version: '1.2.3', language: 'zh-CN', 'fingerprint-id': 'fp-9', 'tenant-id': '1', 'client-id': '3' }),
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return reply();
    },
  });
  return { calls, restore: () => configureHttp(previous) };
}

test('the question goes with the identity headers and the token; the answer is read as it comes', async () => {
  const { calls, restore } = withFetch(() => new Response(bodyOf(sse(ANSWER), 10), { headers: { 'content-type': 'text/event-stream' } }));
  try {
    const { seen, handlers } = recorder();
    assert.is(await askQuestion('如何续费？', 7, handlers, new AbortController().signal), true);
    assert.equal(seen, ANSWER);
    assert.is(calls.length, 1);
    assert.is(calls[0]!.url, 'http://app.test/api/ai/chat/ask');
    const headers = calls[0]!.init.headers as Record<string, string>;
    assert.equal(
      [headers.Authorization, headers['tenant-id'], headers['client-id'], headers['fingerprint-id'], headers.language, headers.version, headers['content-type']],
      ['Bearer token-1', '1', '3', 'fp-9', 'zh-CN', '1.2.3', 'application/json'],
    );
    assert.equal(JSON.parse(String(calls[0]!.init.body)), { question: '如何续费？', conversationId: 7 });
  } finally {
    restore();
  }
});

test('a refusal before the stream rejects with its code and wait; a lost connection is a network error', async () => {
  const envelope = { code: ErrorCode.TOO_MANY_REQUESTS, msg: 'Please do not operate frequently', data: { retryAfterSeconds: 12 } };
  let http = withFetch(() => new Response(JSON.stringify(envelope), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '12' } }));
  try {
    const error = await askQuestion('renew', null, recorder().handlers, new AbortController().signal).catch((e: unknown) => e);
    assert.instance(error, ApiError);
    assert.equal([(error as ApiError).code, (error as ApiError).retryAfterSeconds], [ErrorCode.TOO_MANY_REQUESTS, 12]);
  } finally {
    http.restore();
  }
  http = withFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  try {
    const error = await askQuestion('renew', null, recorder().handlers, new AbortController().signal).catch((e: unknown) => e);
    assert.is((error as ApiError).code, ErrorCode.NETWORK);
  } finally {
    http.restore();
  }
  // A proxy's HTML error page: its status is the code.
  http = withFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
  try {
    const error = await askQuestion('renew', null, recorder().handlers, new AbortController().signal).catch((e: unknown) => e);
    assert.is((error as ApiError).code, 502);
  } finally {
    http.restore();
  }
});

test('an expired token is renewed once and the question asked again with the new one', async () => {
  let pair = { accessToken: 'old', refreshToken: 'refresh-old' };
  const sent: string[] = [];
  const previous = configureHttp({
    baseURL: 'http://app.test',
    tokens: () => pair,
    storedTokens: () => pair,
    saveTokens: (next) => (pair = next),
    headers: () => ({}),
    fetch: async (input, init) => {
      const url = String(input);
      if (url.endsWith(REFRESH_PATH)) {
        sent.push('refresh');
        return new Response(JSON.stringify({ code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'refresh-new' } }), { headers: { 'content-type': 'application/json' } });
      }
      const auth = (init?.headers as Record<string, string>).Authorization ?? '';
      sent.push(auth);
      if (auth !== 'Bearer new') return new Response(JSON.stringify({ code: ErrorCode.UNAUTHORIZED, msg: 'expired', data: null }), { status: 401, headers: { 'content-type': 'application/json' } });
      return new Response(bodyOf(sse(ANSWER), 50), { headers: { 'content-type': 'text/event-stream' } });
    },
  });
  try {
    const { seen, handlers } = recorder();
    assert.is(await askQuestion('renew', null, handlers, new AbortController().signal), true);
    assert.equal(sent, ['Bearer old', 'refresh', 'Bearer new']);
    assert.is(seen.length, ANSWER.length);
    // Renewed meanwhile by another call (the pair changed since the question went): asked again without a refresh.
    sent.length = 0;
    let calls = 0;
    configureHttp({
      tokens: () => (calls > 0 ? { accessToken: 'new', refreshToken: 'refresh-new' } : { accessToken: 'stale', refreshToken: 'refresh-stale' }),
      fetch: async (_input, init) => {
        calls++;
        const auth = (init?.headers as Record<string, string>).Authorization ?? '';
        sent.push(auth);
        if (auth !== 'Bearer new') return new Response(JSON.stringify({ code: ErrorCode.UNAUTHORIZED, msg: '', data: null }), { headers: { 'content-type': 'application/json' } });
        return new Response(bodyOf(sse(ANSWER), 50), { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    assert.is(await askQuestion('renew', null, recorder().handlers, new AbortController().signal), true);
    assert.equal(sent, ['Bearer stale', 'Bearer new']);
  } finally {
    configureHttp(previous);
  }
});

test('stopped while an expired token is renewed: the question is not sent again, and it resolves false', async () => {
  const controller = new AbortController();
  let pair = { accessToken: 'old', refreshToken: 'refresh-old' };
  const sent: string[] = [];
  const previous = configureHttp({
    baseURL: 'http://app.test',
    tokens: () => pair,
    storedTokens: () => pair,
    saveTokens: (next) => (pair = next),
    headers: () => ({}),
    fetch: async (input, init) => {
      if (String(input).endsWith(REFRESH_PATH)) {
        sent.push('refresh');
        // The user taps Stop while the renewal is out.
        controller.abort();
        return new Response(JSON.stringify({ code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'refresh-new' } }), { headers: { 'content-type': 'application/json' } });
      }
      sent.push((init?.headers as Record<string, string>).Authorization ?? '');
      return new Response(JSON.stringify({ code: ErrorCode.UNAUTHORIZED, msg: 'expired', data: null }), { status: 401, headers: { 'content-type': 'application/json' } });
    },
  });
  try {
    assert.is(await askQuestion('renew', null, recorder().handlers, controller.signal), false);
    assert.equal(sent, ['Bearer old', 'refresh']);
  } finally {
    configureHttp(previous);
  }
});

test('asked with a signal already stopped: nothing is sent', async () => {
  const controller = new AbortController();
  controller.abort();
  const { calls, restore } = withFetch(() => new Response(bodyOf(sse(ANSWER), 50), { headers: { 'content-type': 'text/event-stream' } }));
  try {
    assert.is(await askQuestion('renew', null, recorder().handlers, controller.signal), false);
    assert.is(calls.length, 0);
  } finally {
    restore();
  }
});

test('stopped while the answer comes: resolves false, no error', async () => {
  const controller = new AbortController();
  const { restore } = withFetch(() => new Response(bodyOf(sse(ANSWER.slice(0, 2)), 8, true), { headers: { 'content-type': 'text/event-stream' } }));
  try {
    const { seen, handlers } = recorder();
    const asking = askQuestion('renew', null, handlers, controller.signal);
    while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    assert.is(await asking, false);
  } finally {
    restore();
  }
});

test.run();

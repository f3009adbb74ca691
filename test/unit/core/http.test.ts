import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp, http, REFRESH_PATH, serializeParams, type Tokens } from '../../../src/core/http.ts';
import { sdkRequest } from '../../../src/core/sdk-http.ts';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../../shared/error-codes.ts';
import { ApiError } from '../../../src/core/errors.ts';
import { installDictionary, t } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

interface Call {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake backend behind the fetch seam: records calls, answers with the given handler. */
function backend(handler: (call: Call) => Promise<{ status?: number; body: unknown }> | { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { url: new URL(String(input)), method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const reply = await handler(call);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

function session(initial: Tokens | null) {
  // `stored` stands for localStorage when another tab has written it and this tab's memory has not caught up.
  const state = { tokens: initial, stored: null as Tokens | null, logouts: 0, notices: [] as string[] };
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => state.tokens,
    storedTokens: () => state.stored ?? state.tokens,
    saveTokens: (pair) => (state.tokens = pair),
    logout: () => {
      state.logouts++;
      state.tokens = null;
    },
    notify: (text) => state.notices.push(text),
    headers: () => ({ 'tenant-id': '1', 'client-id': '7', 'fingerprint-id': 'fp', version: '0.1.0', language: 'en-US' }),
    timeoutMs: 5000,
  });
  return state;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('array query values are repeated; null and undefined are left out', () => {
  assert.is(serializeParams({ keys: ['a', 'b'], n: 1, skip: undefined, none: null }), 'keys=a&keys=b&n=1');
});

test('sends the identity headers and the bearer token, unwraps data on code 0', async () => {
  session({ accessToken: 'tok', refreshToken: 'ref' });
  const { calls, fetchImpl } = backend(() => ({ body: { code: 0, msg: '', data: { ok: 1 } } }));
  configureHttp({ fetch: fetchImpl });
  const data = await http.get<{ ok: number }>('/api/thing', { ids: [1, 2] });
  assert.equal(data, { ok: 1 });
  const call = calls[0];
  assert.is(call.url.href, 'http://api.test/api/thing?ids=1&ids=2');
  assert.is(call.headers.authorization, 'Bearer tok');
  assert.is(call.headers['tenant-id'], '1');
  assert.is(call.headers['client-id'], '7');
  assert.is(call.headers['fingerprint-id'], 'fp');
  assert.is(call.headers.version, '0.1.0');
  assert.is(call.headers.language, 'en-US');
});

test('a non-zero code rejects with ApiError carrying code and server message', async () => {
  session(null);
  const { fetchImpl } = backend(() => ({ body: { code: ErrorCode.SMS_CODE_WRONG, msg: 'Verification code is incorrect', data: null } }));
  configureHttp({ fetch: fetchImpl });
  try {
    await http.post('/api/login', { a: 1 });
    assert.unreachable('should reject');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as ApiError).code, ErrorCode.SMS_CODE_WRONG);
    assert.is((error as ApiError).serverMessage, 'Verification code is incorrect');
  }
});

test('20 concurrent requests hitting 401 make exactly one refresh call, then all succeed', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'r1' });
  const { calls, fetchImpl } = backend(async (call) => {
    if (call.url.pathname === REFRESH_PATH) {
      await delay(20);
      assert.equal(call.body, { refreshToken: 'r1' });
      return { body: { code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'r2' } } };
    }
    if (call.headers.authorization !== 'Bearer new') return { body: { code: 401, msg: 'Login expired', data: null } };
    return { body: { code: 0, msg: '', data: Number(call.url.searchParams.get('n')) } };
  });
  configureHttp({ fetch: fetchImpl });
  const results = await Promise.all(Array.from({ length: 20 }, (_, n) => http.get<number>('/api/item', { n })));
  assert.equal(results, Array.from({ length: 20 }, (_, n) => n));
  assert.is(calls.filter((call) => call.url.pathname === REFRESH_PATH).length, 1);
  assert.equal(state.tokens, { accessToken: 'new', refreshToken: 'r2' });
  assert.is(state.logouts, 0);
});

test('another tab refreshed first: its stored pair is adopted and the spent refresh token is not sent again', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'r1' });
  state.stored = { accessToken: 'fromOtherTab', refreshToken: 'r2' };
  const { calls, fetchImpl } = backend((call) => {
    if (call.url.pathname === REFRESH_PATH) return { body: { code: 401, msg: 'replayed', data: null } };
    return call.headers.authorization === 'Bearer fromOtherTab' ? { body: { code: 0, msg: '', data: 'ok' } } : { body: { code: 401, msg: '', data: null } };
  });
  configureHttp({ fetch: fetchImpl });
  assert.is(await http.get('/api/thing'), 'ok');
  assert.is(calls.filter((call) => call.url.pathname === REFRESH_PATH).length, 0, 'no replay of r1');
  assert.equal(state.tokens, { accessToken: 'fromOtherTab', refreshToken: 'r2' });
  assert.is(state.logouts, 0);
});

test('a request started during a refresh waits for it and uses the new token', async () => {
  session({ accessToken: 'old', refreshToken: 'r1' });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { calls, fetchImpl } = backend(async (call) => {
    if (call.url.pathname === REFRESH_PATH) {
      await gate;
      return { body: { code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'r2' } } };
    }
    return call.headers.authorization === 'Bearer new' ? { body: { code: 0, msg: '', data: 'ok' } } : { body: { code: 401, msg: '', data: null } };
  });
  configureHttp({ fetch: fetchImpl });
  const first = http.get('/api/a');
  await delay(5);
  const second = http.get('/api/b');
  await delay(5);
  release();
  assert.equal(await Promise.all([first, second]), ['ok', 'ok']);
  const secondCalls = calls.filter((call) => call.url.pathname === '/api/b');
  assert.is(secondCalls.length, 1, 'the waiting request was sent once, after the refresh');
  assert.is(secondCalls[0].headers.authorization, 'Bearer new');
});

test('a refresh that answers 401 logs out once and every waiting request rejects with 401', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'bad' });
  const { calls, fetchImpl } = backend((call) =>
    call.url.pathname === REFRESH_PATH ? { body: { code: 401, msg: 'expired', data: null } } : { body: { code: 401, msg: 'expired', data: null } },
  );
  configureHttp({ fetch: fetchImpl });
  const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, n) => http.get('/api/x', { n })));
  assert.ok(outcomes.every((o) => o.status === 'rejected' && (o.reason as ApiError).code === 401));
  assert.is(calls.filter((call) => call.url.pathname === REFRESH_PATH).length, 1);
  assert.is(state.logouts, 1);
});

test('a 401 that arrives after a failed refresh is neither retried nor logged out twice', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'bad' });
  let releaseLate!: () => void;
  const late = new Promise<void>((resolve) => (releaseLate = resolve));
  const { calls, fetchImpl } = backend(async (call) => {
    if (call.url.pathname === REFRESH_PATH) return { body: { code: 401, msg: '', data: null } };
    if (call.url.pathname === '/api/late') await late;
    return { body: { code: 401, msg: '', data: null } };
  });
  configureHttp({ fetch: fetchImpl });
  const slow = http.get('/api/late').catch((error: ApiError) => error.code);
  await http.get('/api/first').catch(() => {});
  assert.is(state.logouts, 1);
  releaseLate();
  assert.is(await slow, 401);
  assert.is(state.logouts, 1, 'no second logout');
  assert.is(calls.filter((call) => call.url.pathname === '/api/late').length, 1, 'not re-sent without a token');
});

test('a request body that is a form is never treated as a duplicate', async () => {
  session(null);
  const { calls, fetchImpl } = backend(async () => {
    await delay(5);
    return { body: { code: 0, msg: '', data: true } };
  });
  configureHttp({ fetch: fetchImpl });
  const first = new FormData();
  first.append('file', 'a');
  const second = new FormData();
  second.append('file', 'b');
  assert.equal(await Promise.all([http.post('/api/upload', first), http.post('/api/upload', second)]), [true, true]);
  assert.is(calls.length, 2);
});

test('a refresh that fails on the network logs out too', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'r1' });
  const { fetchImpl } = backend((call) => {
    if (call.url.pathname === REFRESH_PATH) throw new TypeError('Failed to fetch');
    return { body: { code: 401, msg: '', data: null } };
  });
  configureHttp({ fetch: fetchImpl });
  await http.get('/api/x').catch(() => {});
  assert.is(state.logouts, 1);
});

test('an HTTP 401 status is treated like code 401', async () => {
  session({ accessToken: 'old', refreshToken: 'r1' });
  const { calls, fetchImpl } = backend((call) => {
    if (call.url.pathname === REFRESH_PATH) return { body: { code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'r2' } } };
    return call.headers.authorization === 'Bearer new' ? { body: { code: 0, msg: '', data: 1 } } : { status: 401, body: 'Unauthorized' };
  });
  configureHttp({ fetch: fetchImpl });
  assert.is(await http.get('/api/x'), 1);
  assert.is(calls.length, 3);
});

test('400 with a missing-tenant message logs out', async () => {
  const state = session({ accessToken: 'tok', refreshToken: 'r' });
  const { fetchImpl } = backend(() => ({ body: { code: 400, msg: MISSING_TENANT_MESSAGE, data: null } }));
  configureHttp({ fetch: fetchImpl });
  await http.get('/api/x').catch(() => {});
  assert.is(state.logouts, 1);
  const other = backend(() => ({ body: { code: 400, msg: 'mobile must not be empty', data: null } }));
  configureHttp({ fetch: other.fetchImpl });
  await http.get('/api/y').catch(() => {});
  assert.is(state.logouts, 1, 'another 400 does not log out');
});

test('an identical in-flight request is refused with code -1 unless duplicates are allowed', async () => {
  session(null);
  const { calls, fetchImpl } = backend(async () => {
    await delay(10);
    return { body: { code: 0, msg: '', data: true } };
  });
  configureHttp({ fetch: fetchImpl });
  const first = http.post('/api/pay', { order: 1 });
  const duplicate = http.post('/api/pay', { order: 1 }).catch((error: ApiError) => error.code);
  const different = http.post('/api/pay', { order: 2 });
  const allowed = http.post('/api/pay', { order: 1 }, { allowDuplicate: true });
  assert.is(await duplicate, ErrorCode.DUPLICATE_REQUEST);
  assert.equal(await Promise.all([first, different, allowed]), [true, true, true]);
  assert.is(calls.length, 3);
  assert.is(await http.post('/api/pay', { order: 1 }), true, 'once settled, the same request may be sent again');
});

test('a reply slower than the timeout rejects with the timeout code', async () => {
  session(null);
  const slow = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;
  configureHttp({ fetch: slow, timeoutMs: 30 });
  const error = (await http.get('/api/slow').catch((e) => e)) as ApiError;
  assert.is(error.code, ErrorCode.TIMEOUT);
  configureHttp({ timeoutMs: 5000 });
});

test('a network failure rejects with the network code', async () => {
  session(null);
  configureHttp({ fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
  const error = (await http.get('/api/down').catch((e) => e)) as ApiError;
  assert.is(error.code, ErrorCode.NETWORK);
});

test('streaming-SDK client: code 0 returns data; an error shows msg, or the network text when there is none', async () => {
  const state = session(null);
  const ok = backend(() => ({ body: { code: 0, msg: '', data: { token: 'x' } } }));
  configureHttp({ fetch: ok.fetchImpl });
  assert.equal(await sdkRequest({ method: 'get', url: '/sdk/info' }, 'http://sdk.test'), { token: 'x' });
  assert.is(ok.calls[0].url.origin, 'http://sdk.test');

  const refused = backend(() => ({ body: { code: 7, msg: 'instance busy', data: null } }));
  configureHttp({ fetch: refused.fetchImpl });
  await sdkRequest({ method: 'get', url: '/sdk/info' }, 'http://sdk.test').catch(() => {});
  assert.is(state.notices.at(-1), 'instance busy');

  configureHttp({ fetch: (async () => { throw new TypeError('down'); }) as typeof fetch });
  await sdkRequest({ method: 'get', url: '/sdk/info' }, 'http://sdk.test').catch(() => {});
  assert.is(state.notices.length, 2);
  installDictionary('en-US', enUS, ERRORS_EN_US);
  configureHttp({ fetch: (async () => { throw new TypeError('down'); }) as typeof fetch });
  await sdkRequest({ method: 'get', url: '/sdk/info' }, 'http://sdk.test').catch(() => {});
  assert.is(state.notices[2], t('errors.networkRefresh'));
  assert.is(state.notices[2], 'Network error, please refresh');
});

test('streaming-SDK client: no token unless asked; with auth the token goes, is renewed once on 401; quiet fails silently', async () => {
  const state = session({ accessToken: 'old', refreshToken: 'ref' });
  const plain = backend(() => ({ body: { code: 0, msg: '', data: 1 } }));
  configureHttp({ fetch: plain.fetchImpl });
  await sdkRequest({ method: 'get', url: '/sdk/info' }, 'http://sdk.test');
  assert.is(plain.calls[0].headers.authorization, undefined, "a vendor's host never sees the session's token");

  const ours = backend((call) => {
    if (call.url.pathname === REFRESH_PATH) return { body: { code: 0, msg: '', data: { accessToken: 'new', refreshToken: 'ref2' } } };
    return call.headers.authorization === 'Bearer new' ? { body: { code: 0, msg: '', data: { ticket: 't' } } } : { body: { code: 401, msg: 'expired', data: null } };
  });
  configureHttp({ fetch: ours.fetchImpl });
  assert.equal(await sdkRequest({ method: 'post', url: '/stream/api/grid-ticket' }, 'http://api.test', { auth: true }), { ticket: 't' });
  assert.equal(ours.calls.map((call) => call.url.pathname), ['/stream/api/grid-ticket', REFRESH_PATH, '/stream/api/grid-ticket']);
  assert.is(ours.calls[0].headers.authorization, 'Bearer old');
  assert.is(state.tokens?.accessToken, 'new');
  assert.is(state.logouts, 0);

  const before = state.notices.length;
  const refused = backend(() => ({ body: { code: 7, msg: 'busy', data: null } }));
  configureHttp({ fetch: refused.fetchImpl });
  const error = (await sdkRequest({ method: 'post', url: '/x' }, 'http://api.test', { auth: true, quiet: true }).catch((e) => e)) as ApiError;
  assert.is(error.code, 7);
  configureHttp({ fetch: (async () => { throw new TypeError('down'); }) as typeof fetch });
  const down = (await sdkRequest({ method: 'post', url: '/x' }, 'http://api.test', { quiet: true }).catch((e) => e)) as ApiError;
  assert.is(down.code, ErrorCode.NETWORK);
  assert.is(state.notices.length, before, 'no notice for a quiet call');
});

test.run();

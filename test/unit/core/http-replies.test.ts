/**
 * Spec §8 on the client for replies that are not plain envelopes: error pages without a code, 400s that are and
 * are not about the tenant, and throttled replies that say how long to wait.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp, http, isMissingTenant } from '../../../src/core/http.ts';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../../shared/error-codes.ts';
import { ApiError, describe, describeError, describeServerMessage } from '../../../src/core/errors.ts';
import { describeFailure } from '../../../src/core/errors-later.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import zhCN from '../../../src/app/text-parts/first-screen-zh-CN.ts';
import { ERRORS_EN_US, ERRORS_ZH_CN } from '../error-texts.ts';

interface RawReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

let unique = 0;

/** A logged-in session against a backend that answers every call with `reply`; counts logouts. */
function answerWith(reply: RawReply) {
  const state = { logouts: 0, tokens: { accessToken: 'tok', refreshToken: 'ref' } as { accessToken: string; refreshToken: string } | null };
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => state.tokens,
    saveTokens: (pair) => (state.tokens = pair),
    logout: () => {
      state.logouts++;
      state.tokens = null;
    },
    headers: () => ({}),
    timeoutMs: 5000,
    fetch: (async () => new Response(reply.body ?? null, { status: reply.status, headers: reply.headers })) as typeof fetch,
  });
  return state;
}

/** One call (a new URL each time, so none is a duplicate of another); resolves to what it threw. */
async function failure(): Promise<ApiError> {
  const error = await http.get(`/api/call-${unique++}`).then(
    () => assert.unreachable('should reject'),
    (reason: unknown) => reason,
  );
  assert.instance(error, ApiError);
  return error as ApiError;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): RawReply => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

test('an error page without an envelope carries its real HTTP status into the "Error code" prefix', async () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  answerWith({ status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } });
  const gateway = await failure();
  assert.is(gateway.code, 502);
  assert.is(describeError(gateway), 'Error code: 502 Gateway error');
  assert.is(describeServerMessage(gateway), 'Error code: 502 System exception', 'boot and user-info calls: no made-up 500');

  answerWith({ status: 500 });
  assert.is(describeServerMessage(await failure()), 'Error code: 500 System exception');
  answerWith({ status: 520, body: '' });
  const unknown = await failure();
  assert.is(describeError(unknown), 'Error code: 520 System exception');
  assert.is(describeServerMessage(unknown), 'Error code: 520 System exception');
  // A gateway's own JSON, or a body whose code is not a number, is not an envelope either.
  answerWith(json({ timestamp: 1, status: 503, error: 'Service Unavailable' }, 503));
  assert.is((await failure()).code, 503);
  answerWith(json({ code: null, message: 'upstream failed' }, 504));
  assert.is((await failure()).code, 504);
});

test('a 400 logs out only when it is about a missing tenant identifier, in either language', async () => {
  for (const message of [MISSING_TENANT_MESSAGE, '请求的租户标识未传递，请进行排查', 'tenant-id header is missing', 'Missing tenant id']) {
    const state = answerWith(json({ code: 400, msg: message, data: null }));
    await failure();
    assert.is(state.logouts, 1, message);
  }
  for (const message of ['mobile must not be empty', 'Tenant is disabled', '租户已过期', 'Tenant package does not include this']) {
    const state = answerWith(json({ code: 400, msg: message, data: null }));
    const error = await failure();
    assert.is(state.logouts, 0, message);
    assert.ok(state.tokens, `${message}: the session is kept`);
    assert.is(error.code, 400);
  }
  assert.not.ok(isMissingTenant({ code: 500, msg: MISSING_TENANT_MESSAGE }), 'only a 400');
});

test('a throttled reply carries its wait, from the envelope data or else the Retry-After header', async () => {
  answerWith(json({ code: ErrorCode.TOO_MANY_REQUESTS, msg: 'Too many requests', data: { retryAfterSeconds: 42 } }, 200, { 'retry-after': '40' }));
  assert.is((await failure()).retryAfterSeconds, 42);
  answerWith(json({ code: ErrorCode.SMS_SEND_TOO_FREQUENT, msg: 'Please do not operate frequently', data: null }, 429, { 'retry-after': '17' }));
  assert.is((await failure()).retryAfterSeconds, 17);
  answerWith({ status: 429, headers: { 'retry-after': '5' } });
  const bare = await failure();
  assert.is(bare.code, 429);
  assert.is(bare.retryAfterSeconds, 5);
  answerWith(json({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '', data: null }));
  assert.is((await failure()).retryAfterSeconds, undefined);
  answerWith(json({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '', data: { retryAfterSeconds: 'soon' } }, 429, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }));
  assert.is((await failure()).retryAfterSeconds, undefined, 'nothing readable: the plain text');
  answerWith(json({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '', data: { retryAfterSeconds: 1.2 } }));
  assert.is((await failure()).retryAfterSeconds, 2, 'rounded up');
});

test('describeError says how long to wait when the reply gave a wait, the plain text when it did not', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  const throttled = new ApiError(ErrorCode.TOO_MANY_REQUESTS, 'Too many requests', 30);
  assert.is(describeError(throttled), 'Error code: 429 Please do not operate frequently, try again in 30 s');
  assert.is(
    describeError(new ApiError(ErrorCode.SMS_SEND_TOO_FREQUENT, '', 59)),
    `Error code: ${ErrorCode.SMS_SEND_TOO_FREQUENT} Please do not operate frequently, try again in 59 s`,
  );
  assert.is(describeError(new ApiError(ErrorCode.TOO_MANY_REQUESTS, '')), 'Error code: 429 Please do not operate frequently');
  assert.is(describe(ErrorCode.TOO_MANY_REQUESTS, '', 2.2), 'Error code: 429 Please do not operate frequently, try again in 3 s');
  // A wait on an error that has no waiting text changes nothing.
  assert.is(describeError(new ApiError(ErrorCode.SMS_CODE_WRONG, '', 30)), 'Verification code is incorrect');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN);
  assert.is(describeError(throttled), '错误码：429 操作过于频繁，请 30 秒后再试');
  installDictionary('en-US', enUS, ERRORS_EN_US);
});

test('a named failure (token fetch) stands in for generic errors, not for ones with a meaning of their own', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  const token = 'errors.tokenFetchFailed' as const;
  assert.is(describeFailure(new ApiError(ErrorCode.NETWORK, 'Failed to fetch'), token), 'Error code: -2 Token fetch failed');
  assert.is(describeFailure(new ApiError(502, ''), token), 'Error code: 502 Token fetch failed');
  assert.is(describeFailure(new ApiError(777, ''), token), 'Error code: 777 Token fetch failed');
  assert.is(describeFailure(new Error('boom'), token), 'Token fetch failed');
  assert.is(describeFailure(new ApiError(ErrorCode.DEVICE_NOT_EXIST, ''), token), 'The device does not exist');
  assert.is(describeFailure(new ApiError(777, 'Device malfunction'), token), 'Device malfunction');
});

test.run();

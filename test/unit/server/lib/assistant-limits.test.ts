import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { assistantSetup } from '../assistant-helpers.ts';

// The assistant's limits (server/lib/throttles.ts `admitQuestion`, `admitFeedback`; server/API.md "Assistant"):
// questions per user and per client address over a sliding minute, feedback per user over an hour, each answered
// "please do not operate frequently" with the wait (for a question, before the stream starts).

test('questions past the per-minute limit are refused with the wait, per user, until the minute has passed', async () => {
  const ctx = await assistantSetup({ limits: { assistantUserPerMinute: 3 } });
  // A question refused by its rules costs nothing.
  const invalid = (await (await ctx.ask({ question: '   ' })).json()) as { code: number };
  assert.is(invalid.code, ErrorCode.AI_QUESTION_INVALID);
  for (let i = 0; i < 3; i++) {
    const events = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }));
    assert.is(events.at(-1)?.event, 'done', `question ${i + 1} is answered`);
    ctx.advance(1000);
  }
  const refused = await ctx.ask({ question: 'How do I renew my phone?' });
  assert.match(refused.headers.get('content-type') ?? '', 'application/json');
  const envelope = (await refused.json()) as { code: number; msg: string; data: { retryAfterSeconds: number } };
  assert.is(envelope.code, ErrorCode.TOO_MANY_REQUESTS);
  // The first question was 3 s ago: it leaves the window in 57 s.
  assert.is(envelope.data.retryAfterSeconds, 57);
  assert.is(refused.headers.get('retry-after'), '57');
  // Nothing of the refused question was stored.
  const history = await ctx.call('/api/ai/chat/history?pageSize=100', { token: ctx.token });
  assert.is(history.data.total, 6);

  // Another user has an allowance of its own.
  const other = (await ctx.smsLogin('13912345678')).data.accessToken as string;
  const theirs = await ctx.events(await ctx.ask({ question: 'share a link' }, { token: other }));
  assert.is(theirs.at(-1)?.event, 'done');

  // Once the first question is a minute old, one more may come.
  ctx.advance(57_000);
  const again = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }));
  assert.is(again.at(-1)?.event, 'done');
  assert.is(((await (await ctx.ask({ question: 'renew' })).json()) as { code: number }).code, ErrorCode.TOO_MANY_REQUESTS);
});

test('the default allows a steady user and is set by ASSISTANT_QUESTIONS_PER_MINUTE', async () => {
  const { DEFAULT_LIMITS, LIMIT_ENV } = await import('../../../../server/lib/throttles.ts');
  assert.is(DEFAULT_LIMITS.assistantUserPerMinute, 20);
  assert.is(LIMIT_ENV.ASSISTANT_QUESTIONS_PER_MINUTE, 'assistantUserPerMinute');
});

test('questions from one address are limited whoever asks, so guests started one after another share one allowance', async () => {
  const ctx = await assistantSetup({ limits: { assistantUserPerMinute: 5, assistantAddressPerMinute: 3 } });
  const guest = async () => (await ctx.guestLogin()).data.accessToken as string;
  const here = '203.0.113.7';
  for (let i = 0; i < 3; i++) {
    const events = await ctx.events(await ctx.ask({ question: 'renew' }, { token: await guest(), address: here }));
    assert.is(events.at(-1)?.event, 'done', `guest ${i + 1} is answered`);
    ctx.advance(1000);
  }
  const refused = (await (await ctx.ask({ question: 'renew' }, { token: await guest(), address: here })).json()) as { code: number; data: { retryAfterSeconds: number } };
  assert.is(refused.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is(refused.data.retryAfterSeconds, 57);
  // The same users elsewhere are not held back by this address.
  const elsewhere = await ctx.events(await ctx.ask({ question: 'renew' }, { address: '198.51.100.1' }));
  assert.is(elsewhere.at(-1)?.event, 'done');
  ctx.advance(57_000);
  const again = await ctx.events(await ctx.ask({ question: 'renew' }, { token: await guest(), address: here }));
  assert.is(again.at(-1)?.event, 'done');
});

test('feedback is limited per user over an hour; a refused one is not stored', async () => {
  const ctx = await assistantSetup({ limits: { assistantFeedbackUserPerHour: 2 } });
  const send = (token: string) => ctx.call('/api/ai/feedback', { body: { type: 'other', content: 'more games please' }, token });
  assert.is((await send(ctx.token)).code, 0);
  ctx.advance(60_000);
  assert.is((await send(ctx.token)).code, 0);
  const refused = await send(ctx.token);
  assert.is(refused.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is(refused.data.retryAfterSeconds, 3540);
  assert.is((await ctx.db.get('SELECT COUNT(*) AS n FROM ai_feedback') as { n: number }).n, 2);
  // A guest (or any other user) has an allowance of its own.
  const guest = (await ctx.guestLogin()).data.accessToken as string;
  assert.is((await send(guest)).code, 0);
  ctx.advance(3_540_000);
  // The access token has expired by now: the same user logs in again.
  const later = (await ctx.passwordLogin()).data.accessToken as string;
  assert.is((await send(later)).code, 0);
  assert.is((await send(later)).code, ErrorCode.TOO_MANY_REQUESTS);
});

test('the defaults, each set by its environment variable', async () => {
  const { DEFAULT_LIMITS, LIMIT_ENV } = await import('../../../../server/lib/throttles.ts');
  assert.is(DEFAULT_LIMITS.assistantAddressPerMinute, 60);
  assert.is(LIMIT_ENV.ASSISTANT_ADDRESS_QUESTIONS_PER_MINUTE, 'assistantAddressPerMinute');
  assert.is(DEFAULT_LIMITS.assistantFeedbackUserPerHour, 10);
  assert.is(LIMIT_ENV.ASSISTANT_FEEDBACK_PER_HOUR, 'assistantFeedbackUserPerHour');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../src/core/error-codes.ts';
import { assistantSetup } from './assistant-helpers.ts';

// The assistant's question limit (server/lib/throttles.ts `admitQuestion`; server/API.md "Assistant"): per user,
// over a sliding minute, answered "please do not operate frequently" with the wait before the stream starts.

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
  const { DEFAULT_LIMITS, LIMIT_ENV } = await import('../../../server/lib/throttles.ts');
  assert.is(DEFAULT_LIMITS.assistantUserPerMinute, 20);
  assert.is(LIMIT_ENV.ASSISTANT_QUESTIONS_PER_MINUTE, 'assistantUserPerMinute');
});

test.run();

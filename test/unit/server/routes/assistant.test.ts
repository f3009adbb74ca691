import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { contentPassages } from '../../../../server/lib/assistant/passages.ts';
import { demo } from '../device-helpers.ts';
import { createHelpSearch } from '../../../../server/lib/assistant/search.ts';
import { assistantSetup, PASSAGES, textOf } from '../assistant-helpers.ts';

// The assistant's server side (server/API.md "Assistant"): answers grounded in the help pages, streamed as
// server-sent events, kept per user, stoppable; and feedback.

test('the search finds the help page of an English and of a Chinese question', async () => {
  const help = createHelpSearch(async (_t, language) => PASSAGES.filter((p) => p.language === language));
  assert.is((await help.search(1, 'en-US', 'How do I renew my phone?'))[0]?.passage.pageId, 'renew');
  assert.is((await help.search(1, 'zh-CN', '怎么续费？'))[0]?.passage.pageId, 'renew');
  assert.is((await help.search(1, 'zh-CN', '画面黑屏了怎么办'))[0]?.passage.pageId, 'black-screen');
  assert.is((await help.search(1, 'en-US', 'share a link'))[0]?.passage.pageId, 'share-link');
  // Nothing about the question: no passage, so the answer says it does not know.
  assert.equal((await help.search(1, 'en-US', 'what is the weather today')), []);
  assert.equal((await help.search(1, 'zh-CN', '今天天气怎么样')), []);
});

test("the tenant's help pages in the content store answer in both languages, and a changed source rebuilds the index", async () => {
  const { db } = await demo();
  const store = createHelpSearch(contentPassages(db));
  assert.is((await store.search(1, 'en-US', 'How do I redeem an activation code?'))[0]?.passage.pageId, 'redeem-code');
  assert.is((await store.search(1, 'zh-CN', '如何转移云手机'))[0]?.passage.pageId, 'transfers');
  let passages = PASSAGES.filter((p) => p.language === 'en-US');
  const help = createHelpSearch(async () => passages);
  assert.equal((await help.search(1, 'en-US', 'uploading apk')), []);
  passages = [...passages, { pageId: 'upload-apk', kind: 'guide', language: 'en-US', title: 'Uploading an apk', text: 'Upload an apk file and install it.' }];
  assert.is((await help.search(1, 'en-US', 'uploading apk'))[0]?.passage.pageId, 'upload-apk');
});

test('the suggested questions are answered from the user help of their language, in plain sentences', async () => {
  // The seeded help pages, the developer guide among them: the app's own suggestions must find the user's page.
  const ctx = await assistantSetup({ passageSource: undefined });
  for (const language of ['zh-CN', 'en-US']) {
    const suggested = (await ctx.call('/api/ai/chat/suggestions', { token: ctx.token, language })).data.list as string[];
    const blackScreen = suggested.find((question) => /黑屏|black/i.test(question))!;
    const events = await ctx.events(await ctx.ask({ question: blackScreen }, { language }));
    const text = textOf(events);
    assert.is(events.at(-2)!.data[0].pageId, 'black-screen', `${language}: the user's page first`);
    assert.not.ok(events.at(-2)!.data.some((source: { pageId: string }) => source.pageId === 'sdk-guide'), `${language}: not the developer guide`);
    assert.not.match(text, /hello|JPEG|WebSocket/);
    assert.match(text, language === 'zh-CN' ? '网络检测' : 'Network check', text);
    // Written as sentences: no space left where markup was, beside Chinese characters or punctuation.
    if (language === 'zh-CN') assert.not.match(text, /[\u3400-\u9fff] [\u3400-\u9fff]| [，。：；]/u, text);
  }
  // A developer's question still finds the developer guide.
  const sdk = await ctx.events(await ctx.ask({ question: 'How do I embed the stream with the SDK?' }));
  assert.is(sdk.at(-2)!.data[0].pageId, 'sdk-guide');
});

test('an answer streams meta, tokens, sources and done, and history keeps it', async () => {
  const ctx = await assistantSetup();
  const response = await ctx.ask({ question: 'How do I renew my phone?' });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', 'text/event-stream');
  assert.is(response.headers.get('cache-control'), 'no-store');
  const events = await ctx.events(response);
  const names = events.map((e) => e.event);
  assert.is(names[0], 'meta');
  assert.ok(names.filter((n) => n === 'token').length > 5, 'the answer comes in pieces');
  assert.equal(names.slice(-2), ['sources', 'done']);
  assert.equal(events.at(-2)!.data, [{ pageId: 'renew', title: 'Renewing a phone' }]);
  assert.equal(events.at(-1)!.data, { stopped: false });
  const text = textOf(events);
  assert.match(text, 'Here is what the help pages say');
  assert.match(text, 'choose Renew');
  assert.not.match(text, '<');

  const { conversationId, messageId } = events[0]!.data;
  const history = await ctx.call(`/api/ai/chat/history?conversationId=${conversationId}`, { token: ctx.token });
  assert.is(history.code, 0);
  assert.is(history.data.total, 2);
  const [answer, question] = history.data.list;
  assert.equal([answer.messageId, answer.role, answer.text, answer.stopped, answer.sources], [messageId, 'assistant', text, false, [{ pageId: 'renew', title: 'Renewing a phone' }]]);
  assert.equal([question.role, question.text], ['user', 'How do I renew my phone?']);

  // A follow-up in the same conversation, in Chinese: answered from the Chinese pages.
  const next = await ctx.events(await ctx.ask({ question: '画面黑屏了怎么办？', conversationId }));
  assert.is(next[0]!.data.conversationId, conversationId);
  assert.match(textOf(next), '帮助文档');
  assert.match(textOf(next), '重启云手机');
  assert.equal(next.at(-2)!.data, [{ pageId: 'black-screen', title: '黑屏或画面卡住' }]);
  assert.is((await ctx.call(`/api/ai/chat/history?conversationId=${conversationId}`, { token: ctx.token })).data.total, 4);
});

test('a question the help pages do not cover says so and suggests support, with no sources', async () => {
  const ctx = await assistantSetup();
  const events = await ctx.events(await ctx.ask({ question: 'What is the weather today?' }));
  assert.match(textOf(events), 'contact customer service');
  assert.equal(events.at(-2), { event: 'sources', data: [] });
});

test('stopping mid-stream keeps the partial answer, marked stopped', async () => {
  const ctx = await assistantSetup();
  const events = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }), (seen) => seen.filter((e) => e.event === 'token').length >= 3);
  assert.not.ok(events.some((e) => e.event === 'done'));
  const { conversationId } = events[0]!.data;
  // The server notices the dropped stream on its next piece.
  let answer: any;
  for (let i = 0; i < 50; i++) {
    answer = (await ctx.call(`/api/ai/chat/history?conversationId=${conversationId}`, { token: ctx.token })).data.list[0];
    if (answer.stopped) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.is(answer.stopped, true);
  assert.ok(answer.text.length > 0 && answer.text.length < 'Here is what the help pages say:'.length + 60, answer.text);
  assert.ok(answer.text.startsWith(textOf(events)));
});

test('questions are checked before the stream starts', async () => {
  const ctx = await assistantSetup();
  for (const question of ['', '   ', 'x'.repeat(501)]) {
    const reply = await ctx.call('/api/ai/chat/ask', { body: { question }, token: ctx.token });
    assert.is(reply.code, ErrorCode.AI_QUESTION_INVALID, JSON.stringify(question));
  }
  assert.is((await ctx.call('/api/ai/chat/ask', { body: { question: 'renew' } })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await ctx.call('/api/ai/chat/ask', { body: { question: 'renew', conversationId: 999 }, token: ctx.token })).code, ErrorCode.AI_CONVERSATION_NOT_EXIST);
});

test("a user's history and conversations are their own", async () => {
  const ctx = await assistantSetup();
  const mine = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }));
  const { conversationId, messageId } = mine[0]!.data;
  const other = (await ctx.smsLogin('13912345678')).data.accessToken as string;
  assert.is((await ctx.call(`/api/ai/chat/history?conversationId=${conversationId}`, { token: other })).code, ErrorCode.AI_CONVERSATION_NOT_EXIST);
  assert.equal((await ctx.call('/api/ai/chat/history', { token: other })).data, { list: [], total: 0 });
  assert.is((await ctx.call('/api/ai/chat/ask', { body: { question: 'renew', conversationId }, token: other })).code, ErrorCode.AI_CONVERSATION_NOT_EXIST);
  assert.is((await ctx.call('/api/ai/feedback', { body: { type: 'helpful', content: 'good', messageId }, token: other })).code, ErrorCode.AI_CONVERSATION_NOT_EXIST);
  // All of the owner's messages, paged.
  const page = await ctx.call('/api/ai/chat/history?pageNo=1&pageSize=1', { token: ctx.token });
  assert.equal([page.data.total, page.data.list.length, page.data.list[0].messageId], [2, 1, messageId]);
});

test('suggested questions come in the request language', async () => {
  const ctx = await assistantSetup();
  const en = await ctx.call('/api/ai/chat/suggestions', { token: ctx.token, language: 'en-US' });
  const zh = await ctx.call('/api/ai/chat/suggestions', { token: ctx.token, language: 'zh-CN' });
  assert.ok(en.data.list.length >= 3 && en.data.list.every((q: string) => /^[\x20-\x7e]+$/.test(q)));
  assert.ok(zh.data.list.length >= 3 && zh.data.list.every((q: string) => /[\u4e00-\u9fff]/.test(q)));
});

test('feedback needs a chosen type and some content, of at most 500 characters', async () => {
  const ctx = await assistantSetup();
  const send = (body: unknown) => ctx.call('/api/ai/feedback', { body, token: ctx.token });
  assert.is((await send({ content: 'hello' })).code, ErrorCode.FEEDBACK_TYPE_REQUIRED);
  assert.is((await send({ type: 'nonsense', content: 'hello' })).code, ErrorCode.FEEDBACK_TYPE_REQUIRED);
  const empty = await send({ type: 'suggestion', content: '  ' });
  assert.equal([empty.code, empty.msg], [ErrorCode.FEEDBACK_CONTENT_REQUIRED, 'Please enter the feedback content']);
  assert.is((await send({ type: 'suggestion', content: '好'.repeat(501) })).code, ErrorCode.FEEDBACK_CONTENT_TOO_LONG);
  assert.is((await send({ type: 'suggestion', content: 'x', messageId: 4242 })).code, ErrorCode.AI_CONVERSATION_NOT_EXIST);
  assert.is((await ctx.call('/api/ai/feedback', { body: { type: 'other', content: 'x' } })).code, ErrorCode.UNAUTHORIZED);

  assert.equal((await send({ type: 'suggestion', content: '好'.repeat(500) })).data, true);
  const events = await ctx.events(await ctx.ask({ question: 'share a link' }));
  assert.is((await send({ type: 'inaccurate', content: 'Not what I asked', messageId: events[0]!.data.messageId })).code, 0);
  const rows = await ctx.db.all('SELECT type, content, message_id FROM ai_feedback ORDER BY id') as { type: string; message_id: number | null }[];
  assert.equal(rows.map((r) => [r.type, r.message_id]), [['suggestion', null], ['inaccurate', events[0]!.data.messageId]]);
});

test.run();

import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as contract from '../../shared/contract/assistant.ts';
import { ASK_PATH, LLM_FALLBACK } from '../../shared/contract/assistant-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { conversationOfUser, finishAnswer, insertConversation, insertFeedback, insertMessage, messageOfUser, messagesOfUser } from '../data/assistant.ts';
import { answerPieces, type AnswerOptions } from '../lib/assistant/answer.ts';
import { languageOfQuestion } from '../lib/assistant/compose.ts';
import type { PassageSource } from '../lib/assistant/passages.ts';
import { createHelpSearch } from '../lib/assistant/search.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { admitFeedback, admitQuestion } from '../lib/admissions.ts';
import { contractRoute, parse } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { languageOf, readBody } from '../lib/request.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';

// The AI assistant (server/API.md "Assistant"): questions answered from the help pages as server-sent events,
// each user's history, suggested questions and feedback.

export interface AssistantOptions extends AnswerOptions {
  passageSource: PassageSource;
}

const SUGGESTIONS: Record<Language, string[]> = {
  'en-US': ['How do I renew a cloud phone?', 'How do I use an activation code?', 'The screen is black or stuttering, what can I do?', 'How do I share a phone by link?'],
  'zh-CN': ['如何续费云手机？', '如何使用激活码？', '画面黑屏或卡顿怎么办？', '如何通过链接分享云手机？'],
};

export function assistantRoutes(deps: Deps, options: AssistantOptions): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];
  const help = createHelpSearch(options.passageSource);

  routes.on('POST', [ASK_PATH], ...guard, async (c) => {
    const body = parse(contract.askQuestion.body, await readBody(c)) as { question: string; conversationId: number | null };
    const user = c.get('user');
    if (body.conversationId !== null && !await conversationOfUser(db, body.conversationId, user.id)) throw apiError(ErrorCode.AI_CONVERSATION_NOT_EXIST);
    // Only questions that would be answered count: a refused one costs the server nothing.
    await admitQuestion(deps, user.id, clientAddress(c, deps.trustProxy));
    const now = deps.now();
    const conversationId = body.conversationId ?? await insertConversation(db, user.id, now);
    await insertMessage(db, conversationId, 'user', body.question, now);
    const messageId = await insertMessage(db, conversationId, 'assistant', '', now);
    const language = languageOfQuestion(body.question, languageOf(c));
    const hits = await help.search(c.get('tenantId'), language, body.question);
    const sources = [...new Map(hits.map(({ passage }) => [passage.pageId, { pageId: passage.pageId, title: passage.title }])).values()];

    const response = streamSSE(c, async (stream) => {
      // The user stops an answer by dropping the request: the pieces stop, and what had come is kept, marked stopped.
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      c.req.raw.signal.addEventListener('abort', () => stop.abort(), { once: true });
      const send = (event: keyof typeof contract.askQuestion.events, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
      let text = '';
      let fallback = false;
      try {
        await send('meta', { conversationId, messageId });
        for await (const piece of answerPieces(options, body.question, hits, language, stop.signal)) {
          if (stop.signal.aborted) break;
          if (piece.kind === 'fallback') {
            fallback = true;
            await send('notice', { code: LLM_FALLBACK });
          } else {
            text += piece.text;
            await send('token', { text: piece.text });
          }
        }
        if (!stop.signal.aborted) {
          await send('sources', sources);
          await send('done', { stopped: false });
        }
      } finally {
        await finishAnswer(db, messageId, { text, sources: JSON.stringify(sources), stopped: stop.signal.aborted, fallback });
      }
    });
    // The answer is personal: no cache may keep it (streamSSE says only no-cache).
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });

  contractRoute(routes, deps, contract.chatHistory, guard, async (c, { query }) => {
    const user = c.get('user');
    if (query.conversationId !== null && !await conversationOfUser(db, query.conversationId, user.id)) throw apiError(ErrorCode.AI_CONVERSATION_NOT_EXIST);
    const { rows, total } = await messagesOfUser(db, user.id, query.conversationId, query.pageSize, (query.pageNo - 1) * query.pageSize);
    const list = rows.map((row) => ({
      messageId: row.id,
      conversationId: row.conversation_id,
      role: row.role,
      text: row.text,
      sources: JSON.parse(row.sources) as { pageId: string; title: string }[],
      stopped: flag(row.stopped),
      fallback: flag(row.fallback),
      createdAt: row.created_at,
    }));
    return { list, total };
  });

  contractRoute(routes, deps, contract.chatSuggestions, guard, (c) => ({ list: SUGGESTIONS[languageOf(c)] }));

  contractRoute(routes, deps, contract.sendFeedback, guard, async (c, { body }) => {
    const user = c.get('user');
    if (body.messageId !== null && !await messageOfUser(db, body.messageId, user.id)) throw apiError(ErrorCode.AI_CONVERSATION_NOT_EXIST);
    await admitFeedback(deps, user.id);
    await insertFeedback(db, user.id, body.messageId, body.type, body.content, deps.now());
    return true;
  });

  return routes;
}

/**
 * aiAssistant (layout `ai`: the header over a full-height column): questions about the product answered from its
 * help pages, streamed as they come (spec §1). The newest conversation from the server's history on open; suggested
 * questions while the conversation is empty; Stop, Copy, sources linked to their help pages, feedback on an answer
 * or in general (spec §5), voice input where the browser has it, a new conversation. The chat scrolls by itself
 * above the composer; it follows a growing answer while the user is at its end.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describeError } from '../../core/errors.ts';
import { t } from '../../core/i18n/index.ts';
import type { PageProps } from '../../app/route-types.ts';
import { ChatMessage } from '../parts/chat-message.tsx';
import { Composer } from '../parts/composer.tsx';
import { FeedbackSheet } from '../parts/feedback-sheet.tsx';
import { answering, ask, chosenConversation, conversationView, newConversation, stopAnswer, turns, useHistory, useSuggestions } from '../state.ts';
import '../parts/assistant.css';
export { ensureAssistantTexts as ready } from '../texts/index.ts';

/** Closer to the end than this (px), the chat keeps showing the end as an answer grows. */
const FOLLOW_MARGIN = 80;

export default function AiAssistantPage(_props: PageProps) {
  const history = useHistory();
  const suggestions = useSuggestions();
  const view = conversationView(history.data?.list, chosenConversation.value, turns.value);
  // The feedback sheet: undefined closed, null general, else the answer it is about.
  const [feedbackFor, setFeedbackFor] = useState<number | null | undefined>(undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // Leaving the page stops an answer still coming (the server keeps it, marked stopped).
  useEffect(() => () => stopAnswer(), []);

  const last = view.messages[view.messages.length - 1];
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [view.messages.length, last?.text, last?.sources.length]);

  const empty = view.messages.length === 0;
  const loadingHistory = history.loading && !history.data;
  return (
    <div class="ai-page" data-testid="assistant-page">
      <div class="ai-bar">
        <button type="button" class="btn btn--ghost" data-testid="new-conversation" disabled={empty && !answering.value} onClick={newConversation}>
          {t('assistant.newConversation')}
        </button>
        <button type="button" class="btn btn--ghost" data-testid="general-feedback" onClick={() => setFeedbackFor(null)}>
          {t('assistant.feedbackGeneral')}
        </button>
      </div>
      {/* The log is there from the start, empty or not: a live region mounted with its first message would not
          announce it. The list inside carries no role of its own. */}
      <div class="ai-scroll" ref={scroller} data-testid="chat-scroll" tabIndex={0} role="log" aria-label={t('assistant.conversationLabel')}
        onScroll={(event) => {
          const box = event.currentTarget as HTMLDivElement;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_MARGIN;
        }}>
        {empty ? (
          <div class="ai-welcome" data-testid="assistant-welcome">
            <p class="ai-welcome__intro">{t('assistant.intro')}</p>
            {loadingHistory ? <p class="muted" role="status">{t('common.loading')}</p> : null}
            {history.error && !history.data ? (
              <p class="ai-welcome__error" role="alert">
                {describeError(history.error)}{' '}
                <button type="button" class="btn btn--link" onClick={history.refetch}>{t('common.retry')}</button>
              </p>
            ) : null}
            {suggestions.data?.list.length ? (
              <section aria-labelledby="ai-suggestions-title">
                <h2 class="ai-welcome__title" id="ai-suggestions-title">{t('assistant.suggestionsLabel')}</h2>
                <ul class="ai-chips" data-testid="suggestions">
                  {suggestions.data.list.map((question) => (
                    <li key={question}>
                      <button type="button" class="ai-chip" data-testid="suggestion" onClick={() => void ask(question, view.conversationId)}>
                        {question}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : (
          <ol class="ai-chat" data-testid="chat">
            {view.messages.map((message) => (
              <ChatMessage key={message.key} message={message} onFeedback={setFeedbackFor} />
            ))}
          </ol>
        )}
      </div>
      <Composer conversationId={view.conversationId} />
      {feedbackFor !== undefined ? <FeedbackSheet messageId={feedbackFor} onClose={() => setFeedbackFor(undefined)} /> : null}
    </div>
  );
}

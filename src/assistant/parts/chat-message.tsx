/**
 * One message of the chat: the user's question, or an answer with its state (thinking, growing, stopped), the
 * fallback notice, its sources linked to their help pages, and Copy and Feedback.
 */
import { Link } from 'wouter';
import { copyText } from '../../core/clipboard.ts';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { pathTo } from '../../app/navigate.ts';
import type { ShownMessage } from '../state.ts';

interface ChatMessageProps {
  message: ShownMessage;
  onFeedback: (messageId: number) => void;
}

async function copyAnswer(text: string): Promise<void> {
  if (await copyText(text)) notify(t('common.copied'), 'success');
  else notify(t('errors.copyFailed'));
}

export function ChatMessage({ message, onFeedback }: ChatMessageProps) {
  if (message.role === 'user') {
    return (
      <li class="ai-msg ai-msg--user" data-testid="chat-question">
        <span class="ai-sr">{t('assistant.you')}: </span>
        <p class="ai-msg__text">{message.text}</p>
      </li>
    );
  }
  const state = message.streaming ? 'streaming' : message.stopped ? 'stopped' : 'done';
  const { messageId } = message;
  return (
    <li class="ai-msg ai-msg--bot" data-testid="chat-answer" data-state={state} aria-busy={message.streaming ? 'true' : undefined}>
      <span class="ai-sr">{t('assistant.bot')}: </span>
      {message.fallback ? (
        <p class="ai-msg__notice" data-testid="answer-fallback">
          {t('assistant.fallbackNotice')}
        </p>
      ) : null}
      {message.text ? (
        <p class="ai-msg__text" data-testid="answer-text">
          {message.text}
        </p>
      ) : message.streaming ? (
        <p class="ai-msg__text muted">{t('assistant.thinking')}</p>
      ) : null}
      {message.stopped ? (
        <p class="ai-msg__stopped" data-testid="answer-stopped">
          {t('assistant.stopped')}
        </p>
      ) : null}
      {message.sources.length ? (
        <div class="ai-sources">
          <h3 class="ai-sources__title">{t('assistant.sources')}</h3>
          <ul>
            {message.sources.map((source) => (
              <li key={source.pageId}>
                <Link href={pathTo('single-page', `id=${encodeURIComponent(source.pageId)}`)} data-testid="answer-source">
                  {source.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!message.streaming && message.text ? (
        <div class="ai-msg__actions">
          <button type="button" class="btn btn--ghost" data-testid="answer-copy" onClick={() => void copyAnswer(message.text)}>
            {t('assistant.copyAnswer')}
          </button>
          {messageId !== null ? (
            <button type="button" class="btn btn--ghost" data-testid="answer-feedback" onClick={() => onFeedback(messageId)}>
              {t('assistant.feedbackOnAnswer')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

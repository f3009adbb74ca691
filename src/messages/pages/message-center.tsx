/**
 * messageCenter (person layout): the tabs All, AI assistant and System (spec §1) with their unread counts, the tab's
 * messages newest first page by page, and "mark all read" for the tab shown. A message opens in message-detaile,
 * which marks it read. The assistant posts its messages to the AI tab (category `ai`), which also leads to the assistant.
 */
import { useEffect, useState } from 'react';
import { locale, t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../core/ui/notify.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { MESSAGE_TABS, type MessageTab } from '../../../shared/contract/message-words.ts';
import { messagePages, readAll } from '../state.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { unreadCounts, type ListedMessage } from '../api.ts';
import { UNREAD_KEY } from '../unread.ts';
import '../parts/messages.css';
export { ensureMessagesTexts as ready } from '../texts/index.ts';

function MessageItem({ message }: { message: ListedMessage }) {
  return (
    <li>
      <button type="button" class={`msg-item${message.read ? ' msg-item--read' : ''}`} data-testid="message-item" data-message-id={message.messageId}
        data-read={message.read} onClick={() => goToPage('message-detaile', { query: `id=${message.messageId}` })}>
        <span class="msg-item__head">
          <span class="msg-item__title">{message.title}</span>
          {message.read ? null : <span class="msg-item__dot" role="img" aria-label={t('messages.unreadMark')} />}
        </span>
        <span class="msg-item__summary">{message.summary}</span>
        <span class="msg-item__time">{formatDateTime(message.createdAt)}</span>
      </button>
    </li>
  );
}

export default function MessageCenterPage(_props: PageProps) {
  const [tab, setTab] = useState<MessageTab>('all');
  const language = locale.value;
  useEffect(() => void messagePages.open([tab, language]), [tab, language]);
  useEffect(() => messagePages.forget, []);
  const list = messagePages.state.value;
  // Observed here, so opening a message or marking all read (state.ts invalidates) asks for the counts again at once.
  const counts = useQuery(UNREAD_KEY, unreadCounts).data;

  async function markAll() {
    try {
      const count = await readAll(tab);
      void messagePages.reload();
      notify(t(count ? 'messages.readAllDone' : 'messages.nothingUnread'), count ? 'success' : 'info');
    } catch (error) {
      notify(describeError(error));
    }
  }

  return (
    <div class="msg-page" data-testid="message-center">
      <div class="msg-bar">
        <div class="tabs" role="tablist" aria-label={t('messages.tabsLabel')}>
          {MESSAGE_TABS.map((key) => {
            const unread = counts?.[key] ?? 0;
            return (
              <button key={key} type="button" role="tab" class="tabs__tab" aria-selected={key === tab} aria-controls="message-list" data-testid={`message-tab-${key}`}
                aria-label={unread ? `${t(`messages.tabs.${key}`)} ${t('messages.unread', { count: unread })}` : undefined}
                onClick={() => setTab(key)}>
                {t(`messages.tabs.${key}`)}
                {unread ? (
                  <span class="msg-count" data-testid={`message-count-${key}`} aria-hidden="true">
                    {unread > 99 ? '99+' : unread}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <button type="button" class="btn btn--ghost" onClick={() => void markAll()} disabled={!counts?.[tab]} data-testid="message-read-all">
          {t('messages.readAll')}
        </button>
      </div>
      <div id="message-list" role="tabpanel" aria-label={t(`messages.tabs.${tab}`)}>
        {tab === 'ai' ? (
          <button type="button" class="msg-assistant" onClick={() => goToPage('ai-assistant')} data-testid="open-assistant">
            {t('messages.openAssistant')}
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
        <ul class="msg-list">
          {list.items.map((message) => (
            <MessageItem key={message.messageId} message={message} />
          ))}
        </ul>
        <PagedFooter list={list} empty="messages.empty" onMore={() => void messagePages.more()} onRetry={() => void messagePages.reload()} />
      </div>
    </div>
  );
}

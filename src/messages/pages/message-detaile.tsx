/**
 * messageDetaile (message layout, `?id=` the message; the spec's spelling of the route): the title, who wrote it and
 * when, and its HTML content made safe by core/sanitize-html.ts (no scripts, handlers or script links). Opening it
 * marks it read on the server; the counts and lists are asked again after (state.ts).
 */
import { useMemo, useState } from 'react';
import { locale, t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { sanitizeHtml } from '../../core/sanitize-html.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { PageProps } from '../../app/route-types.ts';
import { fetchMessage, messageKey } from '../state.ts';
import '../parts/messages.css';
export { ensureMessagesTexts as ready } from '../texts/index.ts';

export default function MessageDetailePage({ query }: PageProps) {
  const [id] = useState(() => {
    const value = Number(query.get('id'));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  });
  // The language is part of the key: the server answers in the request's language.
  const view = useQuery(id === null ? null : [...messageKey(id), locale.value], () => fetchMessage(id!), { cached: true });
  const message = view.data;
  const safeHtml = useMemo(() => (message ? sanitizeHtml(message.content) : ''), [message]);

  if (id === null) return <p class="msg-page paged-footer" role="alert">{t('messages.errors.notExist')}</p>;
  if (view.error && !message) return <p class="msg-page paged-footer" role="alert">{describeError(view.error)}</p>;
  if (!message) return <p class="msg-page paged-footer">{t('common.loading')}</p>;
  return (
    <div class="msg-page">
      <article class="msg-detail" data-testid="message-detail" data-message-id={message.messageId}>
        <h2 class="msg-detail__title">{message.title}</h2>
        <p class="msg-detail__meta">
          {t(`messages.from.${message.category}`)} · <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
        </p>
        <div class="msg-detail__content" data-testid="message-content" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      </article>
    </div>
  );
}

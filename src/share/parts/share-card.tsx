/** One share on my-share-screen: its phone, status, permission, validity, and who joined it, in what state. */
import { t } from '../../core/i18n/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { Share } from '../api.ts';

interface ShareCardProps {
  share: Share;
  roomLimit: number;
  onManage: () => void;
  onEnd: () => void;
}

export function ShareCard({ share, roomLimit, onManage, onEnd }: ShareCardProps) {
  const active = share.status === 'active';
  const inRoom = share.viewers.filter((viewer) => viewer.state === 'enabled').length;
  return (
    <article class="card share-card" data-testid="share-card" data-share-id={share.shareId} data-status={share.status} aria-label={share.phoneName}>
      <header class="share-card__head">
        <h2 class="share-card__name">{share.phoneName}</h2>
        <span class={`share-badge share-badge--${share.status}`}>{t(`share.status.${share.status}`)}</span>
      </header>
      <p class="muted share-card__line">
        {t('share.card.summary', {
          permission: t(`share.permission.${share.permission}`),
          state: active
            ? t('share.card.validUntil', { time: formatDateTime(share.expiresAt) })
            : t('share.card.endedAt', { reason: t(`share.endReason.${share.endReason ?? 'ended'}`), time: formatDateTime(share.endedAt ?? share.expiresAt) }),
        })}
      </p>
      {active ? <p class="share-card__line" data-testid="share-room">{t('share.card.room', { count: inRoom, limit: roomLimit })}</p> : null}
      {share.viewers.length ? (
        <ul class="share-viewers" data-testid="share-viewers">
          {share.viewers.map((viewer) => (
            <li key={viewer.viewerId} class="share-viewers__item" data-state={viewer.state}>
              <span class="share-viewers__name">{viewer.displayName}</span>
              <span class={`share-state share-state--${viewer.state}`}>{t(`share.viewerState.${viewer.state}`)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted share-card__line">{t('share.card.noViewers')}</p>
      )}
      {active ? (
        <div class="share-form__row">
          <button type="button" class="btn" onClick={onManage} data-testid="share-manage">{t('share.card.manage')}</button>
          <button type="button" class="btn share-danger" onClick={onEnd} data-testid="share-end">{t('share.card.end')}</button>
        </div>
      ) : null}
    </article>
  );
}

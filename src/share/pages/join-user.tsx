/**
 * joinUser (layout none, `?shareId=`): one share's joined users, managed by its owner, live (asked again every 2 s
 * while shown): each viewer's permission, a control request to approve or decline, block and unblock, kick and
 * cancel; and ending the share early. The link itself cannot be shown again (only its digest is kept): a new one is
 * made on my-share-screen.
 */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../core/ui/notify.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import type { PageProps } from '../../app/route-types.ts';
import type { ShareDetail } from '../api.ts';
import { changeViewer, fetchShare, shareKey, type ViewerChange } from '../state.ts';
import { confirmEnd } from '../parts/confirm-end.ts';
import { ViewerRow } from '../parts/viewer-row.tsx';
import '../parts/share.css';

export { ensureShareTexts as ready } from '../texts/index.ts';

function doneText(change: ViewerChange): string {
  if (change.kind === 'permission') return t('share.done.permission');
  if (change.kind === 'answer') return t(change.approve ? 'share.done.approved' : 'share.done.declined');
  return t(`share.done.${change.action}`);
}

export default function JoinUserPage({ clientNo, query }: PageProps) {
  const shareId = Number(query.get('shareId'));
  const valid = Number.isSafeInteger(shareId) && shareId > 0;
  const detail = useQuery<ShareDetail>(valid ? shareKey(shareId) : null, fetchShare(shareId));
  const share = detail.data?.share;

  const change = async (viewerId: number, what: ViewerChange) => {
    await changeViewer(viewerId, what);
    notify(doneText(what), 'success');
  };

  let body;
  if (!valid) body = <p class="share-empty" role="alert">{t('share.errors.ended')}</p>;
  else if (detail.error && !share) body = <p class="share-empty" role="alert">{describeError(detail.error)}</p>;
  else if (!share) body = <p class="share-empty" role="status">{t('common.loading')}</p>;
  else {
    const active = share.status === 'active';
    const inRoom = share.viewers.filter((viewer) => viewer.state === 'enabled').length;
    body = (
      <>
        <section class="card share-card" data-testid="join-user-share" data-status={share.status} aria-label={share.phoneName}>
          <div class="share-card__head">
            <h2 class="share-card__name">{share.phoneName}</h2>
            <span class={`share-badge share-badge--${share.status}`}>{t(`share.status.${share.status}`)}</span>
          </div>
          <p class="muted share-card__line">
            {t('share.card.summary', {
              permission: t(`share.permission.${share.permission}`),
              state: active ? t('share.card.validUntil', { time: formatDateTime(share.expiresAt) }) : t(`share.endReason.${share.endReason ?? 'ended'}`),
            })}
          </p>
          {active ? <p class="share-card__line">{t('share.card.room', { count: inRoom, limit: detail.data!.roomLimit })}</p> : null}
          {active ? (
            <button type="button" class="btn btn--block share-danger" onClick={() => void confirmEnd(share.shareId, share.phoneName)} data-testid="share-end">
              {t('share.card.end')}
            </button>
          ) : null}
        </section>
        {share.viewers.length === 0 ? (
          <p class="share-empty" data-testid="list-empty">{t('share.card.noViewers')}</p>
        ) : (
          <ul class="share-viewer-list" data-testid="share-viewer-list">
            {share.viewers.map((viewer) =>
              active ? (
                <ViewerRow key={viewer.viewerId} viewer={viewer} onChange={(what) => change(viewer.viewerId, what)} />
              ) : (
                <li key={viewer.viewerId} class="card share-viewer share-card__head" data-testid="share-viewer" data-state={viewer.state}>
                  <span class="share-viewers__name">{viewer.displayName}</span>
                  <span class={`share-state share-state--${viewer.state}`}>{t(`share.viewerState.${viewer.state}`)}</span>
                </li>
              ),
            )}
          </ul>
        )}
      </>
    );
  }

  return (
    <div class="share-page">
      <PageHeader title="share.joinUserTitle" clientNo={clientNo} backTestId="join-user-back" />
      <main class="share-page__body">{body}</main>
    </div>
  );
}

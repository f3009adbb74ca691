/**
 * myShareScreen (layout person): the owner's share links, active and ended, each with its phone, permission,
 * validity and joined users with their state, kept live (asked again every 2 s while shown: state.ts says why).
 * A new link is made here, or from a phone's action sheet, which opens this page with `?phoneId=`.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { fetchShares, SHARES_KEY } from '../state.ts';
import type { ShareList } from '../api.ts';
import { confirmEnd } from '../parts/confirm-end.ts';
import { CreateShareSheet } from '../parts/create-share-sheet.tsx';
import { ShareCard } from '../parts/share-card.tsx';
import '../parts/share.css';

export { ensureShareTexts as ready } from '../texts/index.ts';

export default function MyShareScreenPage({ clientNo, query }: PageProps) {
  const fromSheet = Number(query.get('phoneId'));
  const [creating, setCreating] = useState<number | null | false>(Number.isSafeInteger(fromSheet) && fromSheet > 0 ? fromSheet : false);
  const shares = useQuery<ShareList>(SHARES_KEY, fetchShares);
  const data = shares.data;

  return (
    <div class="share-page__body" data-testid="my-share-screen">
      <div class="share-toolbar">
        <button type="button" class="btn btn--primary btn--block" onClick={() => setCreating(null)} data-testid="share-new">
          {t('share.create.open')}
        </button>
      </div>
      {shares.error && !data ? (
        <div class="share-empty" role="alert">
          <p>{describeError(shares.error)}</p>
          <button type="button" class="btn btn--link" onClick={shares.refetch}>{t('common.retry')}</button>
        </div>
      ) : !data ? (
        <p class="share-empty" role="status">{t('common.loading')}</p>
      ) : data.list.length === 0 ? (
        <p class="share-empty" data-testid="list-empty">{t('share.list.empty')}</p>
      ) : (
        <div data-testid="share-list">
          {data.list.map((share) => (
            <ShareCard
              key={share.shareId}
              share={share}
              roomLimit={data.roomLimit}
              onManage={() => goToPage('join-user', { query: `?shareId=${share.shareId}` })}
              onEnd={() => void confirmEnd(share.shareId, share.phoneName)}
            />
          ))}
        </div>
      )}
      {creating !== false ? <CreateShareSheet clientNo={clientNo} phoneId={creating} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

/**
 * groupControl (phone layout, `?ids=1,2,3`): group control of the phones from the address. If the first of them is
 * already in a sync group, that group shows at once; otherwise the phones are confirmed with their main-control device
 * and sync starts (parts/choose-members.tsx). Running, the page shows the main window and the followers' windows
 * (parts/sync-live.tsx); stopping returns to the choice.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { SyncGroup } from '../api.ts';
import { fetchSyncGroup, syncKey, type SyncState } from '../state.ts';
import { ChooseMembers } from '../parts/choose-members.tsx';
import { SyncLive } from '../parts/sync-live.tsx';
import '../parts/sync.css';
// Shown once the sync texts and the error catalogue are in (texts/index.ts).
export { ensureSyncTexts as ready } from '../texts/index.ts';

function idsOf(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

export default function GroupControlPage({ query }: PageProps) {
  const [ids] = useState(() => idsOf(query));
  // The phone whose group the page follows: the first from the address, then the main-control phone of the group.
  const [anchor, setAnchor] = useState(ids[0] ?? 0);
  const group = useQuery<SyncState>(anchor ? syncKey(anchor) : null, fetchSyncGroup(anchor));

  const changed = (next: SyncGroup | null) => {
    if (next) setAnchor(next.mainId);
  };

  let body;
  if (group.data?.group) body = <SyncLive group={group.data.group} keyId={anchor} onChanged={changed} />;
  else if (group.data || !anchor) body = <ChooseMembers ids={ids} onStarted={changed} />;
  else if (group.error) body = <p class="field__error sync-note" role="alert">{describeError(group.error)}</p>;
  else body = <p class="sync-note" role="status" aria-busy="true">{t('sync.title')}</p>;
  return <div class="sync-page" data-testid="group-control">{body}</div>;
}

/**
 * Group control's first step: the phones from the address (chosen on the batch page), one of them marked the
 * main-control device (the first, unless changed), and the start. The server decides what may be synced (API.md
 * "Group control"); its refusal is shown under the list.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { phoneLabel } from '../../devices/phone-store.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { SYNC_MIN_PHONES } from '../../../shared/contract/sync-words.ts';
import type { SyncGroup } from '../api.ts';
import { startSyncNow } from '../state.ts';

interface ChooseMembersProps {
  ids: number[];
  onStarted: (group: SyncGroup) => void;
}

export function ChooseMembers({ ids, onStarted }: ChooseMembersProps) {
  // Asked for so their names show; a phone lent to this account may not be among them (its number shows instead).
  usePhones(ids);
  const [mainId, setMainId] = useState(ids[0] ?? 0);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();

  const start = async (event: Event) => {
    event.preventDefault();
    setError(null);
    await run(async () => onStarted(await startSyncNow(ids, mainId)), errorInto(setError));
  };

  if (ids.length < SYNC_MIN_PHONES) return <p class="sync-note" role="status" data-testid="sync-too-few">{t(ids.length ? 'sync.choose.tooFew' : 'sync.choose.none')}</p>;
  return (
    <form class="sync-choose" onSubmit={(event) => void start(event)} data-testid="sync-choose">
      <fieldset class="sync-choose__set">
        <legend class="sync-choose__legend">{t('sync.choose.heading')}</legend>
        <p class="sync-note">{t('sync.choose.hint')}</p>
        <ul class="sync-choose__list">
          {ids.map((id) => {
            const { name, phoneNo } = phoneLabel(id);
            return (
              <li key={id} class="sync-choose__row">
                <label class="sync-choose__label">
                  <input type="radio" name="sync-main" value={id} checked={mainId === id} onChange={() => setMainId(id)} data-testid={`sync-main-${id}`} />
                  <span class="sync-choose__who">
                    <span class="sync-choose__name">{name}</span>
                    {phoneNo ? <span>{phoneNo}</span> : null}
                  </span>
                  {mainId === id ? <span class="sync-badge">{t('sync.choose.main')}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {error ? (
        <p class="field__error sync-error" role="alert" data-testid="sync-error">
          {error}
        </p>
      ) : null}
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="sync-start">
        {t(busy ? 'sync.choose.starting' : 'sync.choose.start')}
      </button>
    </form>
  );
}

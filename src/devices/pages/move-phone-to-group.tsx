/**
 * movePhoneToGroup (person layout, `?ids=1,2,3`): choose a target group, or create one here, and move
 * the phones. All moved: a notice and back. Some refused: the per-device results stay on screen.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { goBack } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { BatchEntry } from '../../../shared/device-types.ts';
import { groups } from '../state.ts';
import { GroupNameForm } from '../parts/groups/group-name-form.tsx';
import { createGroupAndSync, refreshGroups } from '../parts/groups/group-actions.ts';
import { allPhones, allPhonesLoaded, loadAllPhones } from '../phone-lists.ts';
import { phonesById } from '../phone-store.ts';
import { parseIds } from '../parts/batch/ids.ts';
import { runBatch } from '../actions.ts';
import { BatchResults } from '../parts/batch/batch-results.tsx';
import '../parts/groups/groups.css';

export default function MovePhoneToGroupPage({ clientNo, query }: PageProps) {
  const [ids] = useState(() => parseIds(query.get('ids')));
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useBusyAction();
  const [results, setResults] = useState<BatchEntry[] | null>(null);

  useEffect(() => {
    void refreshGroups();
    // Names for the result rows and the "current" mark; the list may already be here from another page.
    if (!allPhonesLoaded.value) void loadAllPhones();
  }, []);

  if (!ids.length) {
    return (
      <div class="centered" role="alert">
        <p>{t('devices.groups.move.noPhones')}</p>
        <button type="button" class="btn" onClick={() => goBack(clientNo)}>{t('common.back')}</button>
      </div>
    );
  }

  // When every phone is already in one group, that group is marked as where they are now.
  const currentGroups = new Set(ids.map((id) => phonesById.value.get(id)?.groupId));
  const current = currentGroups.size === 1 && allPhones.value.length ? [...currentGroups][0] : undefined;

  const move = async () => {
    const group = groups.value.find((entry) => entry.id === target);
    if (!group) {
      setError(t('devices.groups.move.chooseTarget'));
      return;
    }
    await run(async () => {
      const entries = await runBatch({ kind: 'group', groupId: group.id, groupName: group.name }, ids);
      const moved = entries.filter((entry) => entry.success).length;
      if (moved === entries.length) {
        notify(t('devices.groups.move.moved', { count: moved }), 'success');
        goBack(clientNo);
        return;
      }
      setResults(entries);
    });
  };

  if (results) {
    return (
      <div class="groups-page">
        <BatchResults call="group" entries={results} />
        <div class="card-actions">
          <button type="button" class="btn btn--primary btn--block" onClick={() => goBack(clientNo)} data-testid="move-done">
            {t('devices.groups.move.done')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div class="groups-page">
      <section class="card group-targets" role="radiogroup" aria-labelledby="move-title" aria-invalid={error ? true : undefined}>
        <h2 class="card__title" id="move-title">{t('devices.groups.move.summary', { count: ids.length })}</h2>
        {groups.value.map((group) => (
          <label key={group.id} class="radio group-target" data-testid="move-target" data-group-id={group.id}>
            <input
              type="radio"
              name="target-group"
              value={String(group.id)}
              checked={target === group.id}
              onChange={() => {
                setTarget(group.id);
                setError('');
              }}
            />
            <span class="group-target__name">{group.name}</span>
            {group.id === current ? <span class="group-badge">{t('devices.groups.move.current')}</span> : null}
            <span class="muted">{t('devices.groups.phoneCount', { count: group.phoneCount })}</span>
          </label>
        ))}
        {error ? <p class="field__error" role="alert" data-testid="move-error">{error}</p> : null}
      </section>
      <section class="card">
        <GroupNameForm
          id="move-new-group"
          label={t('devices.groups.newGroup')}
          submitLabel={t('devices.groups.create')}
          clearOnSave
          onSave={async (name) => {
            const id = await createGroupAndSync(name);
            setTarget(id);
            setError('');
          }}
        />
      </section>
      <div class="card-actions">
        <button type="button" class="btn btn--primary btn--block" disabled={busy} onClick={() => void move()} data-testid="move-submit">
          {t('devices.groups.move.submit')}
        </button>
      </div>
    </div>
  );
}

/**
 * chooseDevice (person layout, `?action=<reboot|reset|screenshot|root|group>[&ids=...]`): pick many
 * phones (all, by group, one by one), then go on to batchOperation with them. The list may hold
 * 1,000 phones, so only the rows on screen are rendered (VirtualGrid).
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { Phone } from '../api.ts';
import { displayStatus, groups } from '../state.ts';
import { refreshGroups } from '../parts/groups/group-actions.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../phone-lists.ts';
import { batchQuery, parseAction, parseIds } from '../parts/batch/ids.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import '../parts/groups/groups.css';

const ROW_HEIGHT = 64;

/** The last selection, so coming back to this page (a new mount) does not lose it. */
let lastSelection: number[] = [];

function ChooseRow({ phone, checked, onToggle }: { phone: Phone; checked: boolean; onToggle: () => void }) {
  return (
    <label class="pick-row" data-testid="choose-row" data-phone-id={phone.userPhoneId}>
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={phone.name} />
      <span class="pick-row__who">
        <span class="pick-row__name">{phone.name}</span>
        <span class="muted">{`${phone.phoneNo} · ${phone.groupName}`}</span>
      </span>
      <span class="pick-row__status">{t(`devices.status.${displayStatus(phone)}`)}</span>
    </label>
  );
}

export default function ChooseDevicePage({ query }: PageProps) {
  const action = parseAction(query.get('action'));
  const [selected, setSelected] = useState<Set<number>>(() => {
    const fromQuery = parseIds(query.get('ids'));
    return new Set(fromQuery.length ? fromQuery : lastSelection);
  });

  useEffect(() => {
    void refreshGroups();
    void loadAllPhones();
  }, []);

  const list = allPhones.value;
  const update = (next: Set<number>) => {
    lastSelection = [...next];
    setSelected(next);
  };
  // Ids of phones that are gone (moved to another account, say) must not be counted or sent.
  const chosen = list.filter((phone) => selected.has(phone.userPhoneId));
  const allChosen = list.length > 0 && chosen.length === list.length;

  const toggleAll = () => update(allChosen ? new Set() : new Set(list.map((phone) => phone.userPhoneId)));
  const toggleOne = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    update(next);
  };
  // A chip selects its whole group; tapped again when all of it is chosen, it clears the group.
  const toggleGroup = (groupId: number) => {
    const members = list.filter((phone) => phone.groupId === groupId).map((phone) => phone.userPhoneId);
    const next = new Set(selected);
    const whole = members.length > 0 && members.every((id) => next.has(id));
    for (const id of members) {
      if (whole) next.delete(id);
      else next.add(id);
    }
    update(next);
  };

  const goNext = () => {
    if (!chosen.length) return notify(t('devices.groups.choose.selectOne'));
    goToPage('batch-operation', { query: batchQuery(action, chosen.map((phone) => phone.userPhoneId)) });
  };

  const memberCount = (groupId: number) => list.filter((phone) => phone.groupId === groupId).length;
  const groupFull = (groupId: number) => {
    const members = list.filter((phone) => phone.groupId === groupId);
    return members.length > 0 && members.every((phone) => selected.has(phone.userPhoneId));
  };

  return (
    <div class="groups-page groups-page--fill">
      <div class="choose-toolbar">
        <label class="check choose-toolbar__all">
          <input type="checkbox" checked={allChosen} onChange={toggleAll} data-testid="choose-all" />
          <span>{t('devices.groups.choose.selectAll')}</span>
        </label>
        <span class="choose-toolbar__count" data-testid="choose-count" aria-live="polite">
          {t('devices.groups.choose.selected', { count: chosen.length, total: list.length })}
        </span>
      </div>
      <div class="chips" role="group" aria-label={t('devices.groups.choose.byGroup')}>
        {groups.value.map((group) => (
          <button key={group.id} type="button" class="chip" aria-pressed={groupFull(group.id)}
            onClick={() => toggleGroup(group.id)} data-testid="choose-group" data-group-id={group.id}>
            {group.name}
            <span class="chip__count">{memberCount(group.id)}</span>
          </button>
        ))}
      </div>
      {allPhonesError.value && !allPhonesLoaded.value ? (
        <p class="field__error centered-text" role="alert">{describeError(allPhonesError.value)}</p>
      ) : !allPhonesLoaded.value ? (
        <p class="muted centered-text">{t('common.loading')}</p>
      ) : list.length ? (
        <VirtualGrid
          items={list}
          columns={1}
          gap={0}
          rowHeight={() => ROW_HEIGHT}
          itemKey={(phone) => phone.userPhoneId}
          className="row-list groups-page__list"
          testId="choose-list"
          label={t('devices.groups.chooseTitle')}
          renderItem={(phone) => <ChooseRow phone={phone} checked={selected.has(phone.userPhoneId)} onToggle={() => toggleOne(phone.userPhoneId)} />}
        />
      ) : (
        <p class="muted centered-text">{t('devices.groups.choose.empty')}</p>
      )}
      <div class="action-bar">
        <button type="button" class="btn btn--primary btn--block" onClick={goNext} data-testid="choose-next">
          {t('devices.groups.choose.next')}
        </button>
      </div>
    </div>
  );
}

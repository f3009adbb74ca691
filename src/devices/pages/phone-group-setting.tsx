/**
 * phoneGroupSetting (person layout, `?id=<groupId>`): one group: rename it, see its phones, remove
 * some (they move to the default group), move them elsewhere, delete the group. The default group
 * shows its phones only (spec §5: it can be neither renamed nor deleted).
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { goBack, goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { Phone } from '../api.ts';
import { displayStatus, groups } from '../state.ts';
import { GroupNameForm } from '../parts/groups/group-name-form.tsx';
import { canEdit, confirmAndDeleteGroup, defaultGroup, refreshGroups, renameGroupAndSync } from '../parts/groups/group-actions.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../phone-lists.ts';
import { batchQuery } from '../parts/batch/ids.ts';
import { runBatch } from '../actions.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import '../parts/groups/groups.css';

const ROW_HEIGHT = 60;

function PhoneRow({ phone, selectable, checked, onToggle }: { phone: Phone; selectable: boolean; checked: boolean; onToggle: () => void }) {
  const body = (
    <>
      <span class="pick-row__who">
        <span class="pick-row__name">{phone.name}</span>
        <span class="muted">{phone.phoneNo}</span>
      </span>
      <span class="pick-row__status">{t(`devices.status.${displayStatus(phone)}`)}</span>
    </>
  );
  return selectable ? (
    <label class="pick-row" data-testid="group-phone" data-phone-id={phone.userPhoneId}>
      <input type="checkbox" checked={checked} onChange={onToggle} />
      {body}
    </label>
  ) : (
    <div class="pick-row" data-testid="group-phone" data-phone-id={phone.userPhoneId}>
      {body}
    </div>
  );
}

export default function PhoneGroupSettingPage({ clientNo, query }: PageProps) {
  const id = Number(query.get('id'));
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [groupsLoaded, setGroupsLoaded] = useState(false);
  const { busy, run } = useBusyAction();

  useEffect(() => {
    void refreshGroups().then(() => setGroupsLoaded(true));
    void loadAllPhones();
  }, []);

  const group = groups.value.find((entry) => entry.id === id);
  if (!group) {
    return groupsLoaded ? (
      <div class="centered" role="alert">
        <p>{t('devices.groups.notFound')}</p>
        <button type="button" class="btn" onClick={() => goToPage('manage-group', { replace: true })}>
          {t('devices.groups.backToGroups')}
        </button>
      </div>
    ) : (
      <p class="centered muted">{t('common.loading')}</p>
    );
  }

  const members = allPhones.value.filter((phone) => phone.groupId === group.id);
  const chosen = members.filter((phone) => selected.has(phone.userPhoneId)).map((phone) => phone.userPhoneId);
  const toggle = (phoneId: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(phoneId)) next.add(phoneId);
      return next;
    });

  const removeChosen = async () => {
    const fallback = defaultGroup();
    if (!canEdit(group) || !fallback) return;
    if (!chosen.length) return notify(t('devices.groups.setting.selectFirst'));
    const choice = await openDialog({
      title: t('devices.groups.setting.removeConfirmTitle'),
      message: t('devices.groups.setting.removeConfirm', { count: chosen.length }),
      actions: [{ label: t('common.cancel') }, { label: t('common.confirm'), primary: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    await run(async () => {
      const entries = await runBatch({ kind: 'group', groupId: fallback.id, groupName: fallback.name }, chosen);
      const moved = entries.filter((entry) => entry.success).length;
      notify(t('devices.groups.setting.removed', { count: moved }), moved === entries.length ? 'success' : 'error');
      setSelected(new Set());
    });
  };

  const moveChosen = () => {
    if (!chosen.length) return notify(t('devices.groups.setting.selectFirst'));
    goToPage('move-phone-to-group', { query: batchQuery(null, chosen) });
  };

  return (
    <div class="groups-page groups-page--fill">
      {group.isDefault ? (
        <p class="section-title">{t('devices.groups.defaultHint')}</p>
      ) : (
        <section class="card">
          <GroupNameForm
            key={group.id}
            id="group-setting-name"
            label={t('devices.groups.nameLabel')}
            submitLabel={t('devices.groups.save')}
            initial={group.name}
            onSave={(name) => renameGroupAndSync(group, name)}
          />
        </section>
      )}
      <h2 class="section-title" data-testid="group-phone-count">{t('devices.groups.setting.phones', { count: members.length })}</h2>
      {allPhonesError.value && !allPhonesLoaded.value ? (
        <p class="field__error centered-text" role="alert">{describeError(allPhonesError.value)}</p>
      ) : !allPhonesLoaded.value ? (
        <p class="muted centered-text">{t('common.loading')}</p>
      ) : members.length ? (
        <VirtualGrid
          items={members}
          columns={1}
          gap={0}
          rowHeight={() => ROW_HEIGHT}
          itemKey={(phone) => phone.userPhoneId}
          className="row-list groups-page__list"
          testId="group-phones"
          renderItem={(phone) => (
            <PhoneRow phone={phone} selectable={!group.isDefault} checked={selected.has(phone.userPhoneId)} onToggle={() => toggle(phone.userPhoneId)} />
          )}
        />
      ) : (
        <p class="muted centered-text" data-testid="group-empty">{t('devices.groups.setting.noPhones')}</p>
      )}
      {group.isDefault ? null : (
        <div class="action-bar">
          <button type="button" class="btn" disabled={busy || !chosen.length} onClick={() => void removeChosen()} data-testid="group-remove-phones">
            {t('devices.groups.setting.remove')}
          </button>
          <button type="button" class="btn" disabled={busy || !chosen.length} onClick={moveChosen} data-testid="group-move-phones">
            {t('devices.groups.setting.moveTo')}
          </button>
          <button type="button" class="btn btn--danger" disabled={busy} data-testid="group-setting-delete"
            onClick={() => void confirmAndDeleteGroup(group).then((deleted) => deleted && goBack(clientNo))}>
            {t('devices.groups.deleteGroup')}
          </button>
        </div>
      )}
    </div>
  );
}

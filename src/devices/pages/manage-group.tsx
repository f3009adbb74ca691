/**
 * manageGroup (person layout): the user's groups with their phone counts; create, rename and delete.
 * The default group comes first and offers neither rename nor delete (spec §5).
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { PhoneGroup } from '../api.ts';
import { groups } from '../state.ts';
import { GroupNameForm } from '../parts/groups/group-name-form.tsx';
import { confirmAndDeleteGroup, createGroupAndSync, refreshGroups, renameGroupAndSync } from '../parts/groups/group-actions.ts';
import '../parts/groups/groups.css';

function GroupRow({ group, onRename }: { group: PhoneGroup; onRename: () => void }) {
  return (
    <div class="group-row" data-testid="group-row" data-group-id={group.id} data-default={String(group.isDefault)}>
      <Link class="group-row__main" href={pathTo('phone-group-setting', `id=${group.id}`)} data-testid="group-open">
        <span class="group-row__name" data-testid="group-name">{group.name}</span>
        {group.isDefault ? <span class="group-badge">{t('devices.groups.defaultBadge')}</span> : null}
        <span class="group-row__count" data-testid="group-count">{t('devices.groups.phoneCount', { count: group.phoneCount })}</span>
      </Link>
      {group.isDefault ? null : (
        <span class="group-row__actions">
          <button type="button" class="btn btn--ghost" onClick={onRename} data-testid="group-rename">
            {t('devices.groups.rename')}
          </button>
          <button type="button" class="btn btn--ghost group-row__delete" onClick={() => void confirmAndDeleteGroup(group)} data-testid="group-delete">
            {t('devices.groups.delete')}
          </button>
        </span>
      )}
    </div>
  );
}

export default function ManageGroupPage(_props: PageProps) {
  const [renaming, setRenaming] = useState<number | null>(null);

  useEffect(() => {
    void refreshGroups();
  }, []);

  return (
    <div class="groups-page">
      <section class="card">
        <h2 class="card__title">{t('devices.groups.newGroup')}</h2>
        <GroupNameForm
          id="new-group-name"
          label={t('devices.groups.nameLabel')}
          submitLabel={t('devices.groups.create')}
          clearOnSave
          onSave={async (name) => {
            await createGroupAndSync(name);
          }}
        />
      </section>
      <p class="section-title">{t('devices.groups.defaultHint')}</p>
      <div class="menu" data-testid="group-list">
        {groups.value.map((group) =>
          renaming === group.id && !group.isDefault ? (
            <div key={group.id} class="group-row group-row--editing" data-testid="group-row" data-group-id={group.id}>
              <GroupNameForm
                id="rename-group-name"
                label={t('devices.groups.rename')}
                submitLabel={t('devices.groups.save')}
                initial={group.name}
                onCancel={() => setRenaming(null)}
                onSave={async (name) => {
                  await renameGroupAndSync(group, name);
                  setRenaming(null);
                }}
              />
            </div>
          ) : (
            <GroupRow key={group.id} group={group} onRename={() => setRenaming(group.id)} />
          ),
        )}
      </div>
    </div>
  );
}

/**
 * The group pages' flows around the group actions (actions.ts): the default group is refused here before any call
 * (spec §5: it can be neither renamed nor deleted; the server refuses too), a deletion is confirmed, and each
 * outcome is told.
 */
import { t } from '../../../core/i18n/index.ts';
import { describeError } from '../../../core/errors.ts';
import { openDialog } from '../../../core/ui/dialogs.ts';
import { notify } from '../../../core/ui/notify.ts';
import type { PhoneGroup } from '../../api.ts';
import { addGroup, removeGroup, renameGroupOf } from '../../actions.ts';
import { groups, loadGroups } from '../../state.ts';

export function defaultGroup(): PhoneGroup | undefined {
  return groups.value.find((group) => group.isDefault);
}

/** False (with a notice) for the default group. */
export function canEdit(group: PhoneGroup): boolean {
  if (!group.isDefault) return true;
  notify(t('devices.groups.defaultImmutable'));
  return false;
}

/** Loads the groups; a failure is shown as a notice (the pages keep what they had). */
export async function refreshGroups(): Promise<void> {
  try {
    await loadGroups();
  } catch (error) {
    notify(describeError(error));
  }
}

/** Creates a group and returns its id; a refusal rejects (the form shows it under the field). */
export async function createGroupAndSync(name: string): Promise<number> {
  const id = await addGroup(name);
  notify(t('devices.groups.created'), 'success');
  return id;
}

export async function renameGroupAndSync(group: PhoneGroup, name: string): Promise<void> {
  if (!canEdit(group)) return;
  await renameGroupOf(group, name);
  notify(t('devices.groups.renamed'), 'success');
}

/** Asks first (its phones move to the default group); true when the group was deleted. */
export async function confirmAndDeleteGroup(group: PhoneGroup): Promise<boolean> {
  if (!canEdit(group)) return false;
  const choice = await openDialog({
    title: t('devices.groups.deleteTitle'),
    message: t('devices.groups.deleteMessage', { name: group.name, count: group.phoneCount }),
    actions: [{ label: t('common.cancel') }, { label: t('devices.groups.delete'), danger: true, value: 'delete' }],
  });
  if (choice !== 'delete') return false;
  try {
    await removeGroup(group);
  } catch (error) {
    notify(describeError(error));
    return false;
  }
  notify(t('devices.groups.deleted'), 'success');
  return true;
}

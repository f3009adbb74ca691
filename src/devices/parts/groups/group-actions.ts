/**
 * Group changes with the checks and follow-ups every group page needs: the default group is refused
 * here before any call (spec §5: it can be neither renamed nor deleted; the server refuses too), and
 * after a change the group list and the phones' group fields are brought up to date.
 */
import { t } from '../../../core/i18n/index.ts';
import { describeError } from '../../../core/errors.ts';
import { openDialog } from '../../../core/ui/dialogs.ts';
import { notify } from '../../../core/ui/notify.ts';
import { createGroup, deleteGroup, renameGroup, type PhoneGroup } from '../../api.ts';
import { groupFilter, groups, loadGroups, phones } from '../../state.ts';
import { allPhones, patchEverywhere } from '../batch/all-phones.ts';

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
  const { id } = await createGroup(name);
  groups.value = [...groups.value, { id, name, isDefault: false, phoneCount: 0 }];
  notify(t('devices.groups.created'), 'success');
  void refreshGroups();
  return id;
}

export async function renameGroupAndSync(group: PhoneGroup, name: string): Promise<void> {
  if (!canEdit(group)) return;
  await renameGroup(group.id, name);
  groups.value = groups.value.map((entry) => (entry.id === group.id ? { ...entry, name } : entry));
  const members = [...allPhones.value, ...phones.value].filter((phone) => phone.groupId === group.id).map((phone) => phone.userPhoneId);
  patchEverywhere([...new Set(members)], { groupName: name });
  notify(t('devices.groups.renamed'), 'success');
}

/** Asks first (its phones move to the default group); true when the group was deleted. */
export async function confirmAndDeleteGroup(group: PhoneGroup): Promise<boolean> {
  if (!canEdit(group)) return false;
  const choice = await openDialog({
    title: t('devices.groups.deleteTitle'),
    message: t('devices.groups.deleteMessage', { name: group.name, count: group.phoneCount }),
    actions: [{ label: t('common.cancel') }, { label: t('devices.groups.delete'), primary: true, value: 'delete' }],
  });
  if (choice !== 'delete') return false;
  try {
    await deleteGroup(group.id);
  } catch (error) {
    notify(describeError(error));
    return false;
  }
  const fallback = defaultGroup();
  const members = [...allPhones.value, ...phones.value].filter((phone) => phone.groupId === group.id).map((phone) => phone.userPhoneId);
  if (fallback) patchEverywhere([...new Set(members)], { groupId: fallback.id, groupName: fallback.name });
  // Home must not stay filtered on a group that no longer exists.
  if (groupFilter.value === group.id) groupFilter.value = null;
  groups.value = groups.value.filter((entry) => entry.id !== group.id);
  notify(t('devices.groups.deleted'), 'success');
  void refreshGroups();
  return true;
}

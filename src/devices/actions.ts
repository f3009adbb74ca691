/**
 * What the per-device actions do to the server and to the list: each call, then the local patch or a
 * status refresh, then polling while a phone is operating. Pages and sheets call these, never the API.
 */
import {
  phoneStatuses,
  rebootPhones,
  renamePhone,
  resetPhones,
  screenshotPhones,
  setPhoneResolution,
  setPhonesGroup,
  setPhonesRoot,
} from './api.ts';
import type { BatchEntry } from './device-types.ts';
import { applyStatuses, groups, loadGroups, patchPhones, pollBusyPhones } from './state.ts';

/** After an operation starts, show its state at once and keep it fresh until it ends. */
async function followOperation(entries: BatchEntry[]): Promise<BatchEntry[]> {
  const started = entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId);
  if (started.length) {
    applyStatuses(await phoneStatuses(started).catch(() => []));
    pollBusyPhones();
  }
  return entries;
}

export async function renameDevice(userPhoneId: number, name: string): Promise<void> {
  await renamePhone(userPhoneId, name.trim());
  patchPhones([userPhoneId], { name: name.trim() });
}

export async function rebootDevices(ids: number[], type: 'reboot' | 'quickRestart' = 'reboot'): Promise<BatchEntry[]> {
  return followOperation(await rebootPhones(ids, type));
}

export async function resetDevices(ids: number[]): Promise<BatchEntry[]> {
  return followOperation(await resetPhones(ids));
}

export async function setDevicesRoot(ids: number[], root: boolean): Promise<BatchEntry[]> {
  const entries = await setPhonesRoot(ids, root);
  patchPhones(entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId), { root });
  return entries;
}

export async function setDeviceResolution(userPhoneId: number, width: number, height: number, dpi: number): Promise<void> {
  await setPhoneResolution(userPhoneId, width, height, dpi);
  patchPhones([userPhoneId], { width, height, dpi });
}

export async function moveDevicesToGroup(ids: number[], groupId: number): Promise<BatchEntry[]> {
  const entries = await setPhonesGroup(ids, groupId);
  const moved = entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId);
  const groupName = groups.value.find((group) => group.id === groupId)?.name ?? '';
  patchPhones(moved, { groupId, groupName });
  // Group counts changed.
  await loadGroups().catch(() => {});
  return entries;
}

export async function captureDevices(ids: number[]): Promise<BatchEntry[]> {
  return screenshotPhones(ids);
}

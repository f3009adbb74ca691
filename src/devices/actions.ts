/**
 * Everything the devices domain asks the server to change, for one phone or many: each call, then the change written
 * into the store (phone-store.ts) so every page shows it, then polling while a phone is operating. Pages, sheets and
 * other domains call these, never the API.
 */
import { chunk } from '../../shared/format.ts';
import { ApiError } from '../core/errors.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import {
  createGroup,
  deleteGroup,
  phoneStatuses,
  rebootPhones,
  renameGroup,
  renamePhone,
  resetPhones,
  screenshotPhones,
  setPhoneResolution,
  setPhonesGroup,
  setPhonesRoot,
  type PhoneGroup,
  type PhoneStatus,
} from './api.ts';
import { OPERATION_BATCH_LIMIT, SCREENSHOT_BATCH_LIMIT, type BatchEntry } from '../../shared/device-types.ts';
import { applyStatuses, patchPhones, phonesById } from './phone-store.ts';
import { groupFilter, groups, loadGroups, updateGroups } from './state.ts';
import { pollBusyPhones } from './polling.ts';

/** After an operation starts, show its state at once and keep it fresh until it ends. */
async function followOperation(entries: BatchEntry[]): Promise<BatchEntry[]> {
  const started = succeeded(entries);
  if (started.length) {
    applyStatuses(await phoneStatuses(started).catch(() => []));
    pollBusyPhones();
  }
  return entries;
}

const succeeded = (entries: BatchEntry[]) => entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId);

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
  patchPhones(succeeded(entries), { root });
  return entries;
}

export async function setDeviceResolution(userPhoneId: number, width: number, height: number, dpi: number): Promise<void> {
  await setPhoneResolution(userPhoneId, width, height, dpi);
  patchPhones([userPhoneId], { width, height, dpi });
}

export async function moveDevicesToGroup(ids: number[], groupId: number): Promise<BatchEntry[]> {
  const entries = await setPhonesGroup(ids, groupId);
  const groupName = groups.value.find((group) => group.id === groupId)?.name ?? '';
  patchPhones(succeeded(entries), { groupId, groupName });
  // Group counts changed.
  await loadGroups().catch(() => {});
  return entries;
}

export function captureDevices(ids: number[]): Promise<BatchEntry[]> {
  return screenshotPhones(ids);
}

/** The phones' statuses now, written into the store (a batch page following its operations). */
export async function refreshStatuses(ids: number[]): Promise<PhoneStatus[]> {
  const fresh = await phoneStatuses(ids);
  applyStatuses(fresh);
  return fresh;
}

/** What a batch page runs on the phones it was given. */
export type BatchCall =
  | { kind: 'reboot' }
  | { kind: 'reset' }
  | { kind: 'screenshot' }
  | { kind: 'root'; root: boolean }
  | { kind: 'group'; groupId: number; groupName: string };

/** One part of a batch. A batch page follows its own phones' progress (use-live-statuses.ts), so no polling here. */
async function send(call: BatchCall, ids: number[]): Promise<BatchEntry[]> {
  switch (call.kind) {
    case 'reboot':
    case 'reset': {
      const entries = await (call.kind === 'reboot' ? rebootPhones(ids) : resetPhones(ids));
      patchPhones(succeeded(entries), { businessStatus: 'operating' });
      return entries;
    }
    case 'screenshot':
      return captureDevices(ids);
    case 'root':
      return setDevicesRoot(ids, call.root);
    case 'group': {
      const entries = await setPhonesGroup(ids, call.groupId);
      patchPhones(succeeded(entries), { groupId: call.groupId, groupName: call.groupName });
      return entries;
    }
  }
}

function failedEntries(ids: number[], error: unknown): BatchEntry[] {
  const code = error instanceof ApiError ? error.code : ErrorCode.SERVER_ERROR;
  const msg = error instanceof ApiError ? error.serverMessage : '';
  return ids.map((userPhoneId) => ({ userPhoneId, success: false, code, msg }));
}

/**
 * Runs a batch in parts the server accepts (screenshots 10 a call, the rest 100) and gathers one entry per phone.
 * A part that fails marks its phones failed and the rest go on; only a batch that fails as a whole throws.
 */
export async function runBatch(call: BatchCall, ids: number[]): Promise<BatchEntry[]> {
  const size = call.kind === 'screenshot' ? SCREENSHOT_BATCH_LIMIT : OPERATION_BATCH_LIMIT;
  const entries: BatchEntry[] = [];
  for (const part of chunk(ids, size)) {
    try {
      const reply = await send(call, part);
      // Answers are matched by id, so a reply missing a phone still shows that phone (as failed).
      const byId = new Map(reply.map((entry) => [entry.userPhoneId, entry]));
      for (const id of part) entries.push(byId.get(id) ?? { userPhoneId: id, success: false, code: ErrorCode.SERVER_ERROR, msg: '' });
    } catch (error) {
      if (!entries.length && part.length === ids.length) throw error;
      entries.push(...failedEntries(part, error));
    }
  }
  if (call.kind === 'group') void loadGroups().catch(() => {});
  return entries;
}

/** The phones the store holds in a group. */
const membersOf = (groupId: number) => [...phonesById.value.values()].filter((phone) => phone.groupId === groupId).map((phone) => phone.userPhoneId);

export async function addGroup(name: string): Promise<number> {
  const { id } = await createGroup(name);
  updateGroups((list) => [...list, { id, name, isDefault: false, phoneCount: 0 }]);
  void loadGroups().catch(() => {});
  return id;
}

export async function renameGroupOf(group: PhoneGroup, name: string): Promise<void> {
  await renameGroup(group.id, name);
  updateGroups((list) => list.map((entry) => (entry.id === group.id ? { ...entry, name } : entry)));
  patchPhones(membersOf(group.id), { groupName: name });
}

/** Deletes a group; its phones move to the default group (as the server moves them). */
export async function removeGroup(group: PhoneGroup): Promise<void> {
  await deleteGroup(group.id);
  const fallback = groups.value.find((entry) => entry.isDefault);
  if (fallback) patchPhones(membersOf(group.id), { groupId: fallback.id, groupName: fallback.name });
  // Home must not stay filtered on a group that no longer exists.
  if (groupFilter.value === group.id) groupFilter.value = null;
  updateGroups((list) => list.filter((entry) => entry.id !== group.id));
  void loadGroups().catch(() => {});
}

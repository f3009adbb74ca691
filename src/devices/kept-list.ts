/**
 * Home's list as last known, kept in storage under spec §3's `phoneList` for an offline start: the first screenful of
 * phones, the list's total, the groups with their counts and the unread counts, with the account and client they
 * belong to and when they were saved (docs/decisions.md "Storage keys"). The rules here are pure apart from storage:
 * what is kept is bounded, and what is read back must be well formed, recent, and the same account's on the same
 * client, else it counts as absent. Logout and a client switch remove it with the session's keys (core/storage.ts).
 */
import { read, remove, write, type StoredValues } from '../core/storage.ts';
import { BUSINESS_STATUSES } from '../../shared/contract/device-words.ts';
import { FIRST_PAGE_SIZE } from './first-page.ts';

export type KeptList = StoredValues['phoneList'];

/** The first screenful only: what an offline start shows before anything could be scrolled to. */
export const KEPT_PHONES = FIRST_PAGE_SIZE;
export const KEPT_GROUPS = 50;
/** Characters of the stored JSON (storage quotas count UTF-16 units): well under any browser's quota. */
export const KEPT_MAX_CHARS = 48 * 1024;
/** Older than this, the phones have likely changed past recognition (expired, renewed, moved): not shown. */
export const KEPT_MAX_AGE_MS = 7 * 24 * 3600_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const STATUSES: ReadonlySet<unknown> = new Set(BUSINESS_STATUSES);

function isPhone(value: unknown): boolean {
  return (
    isObject(value) &&
    ['userPhoneId', 'groupId', 'gradeId', 'expireTime', 'width', 'height', 'dpi'].every((field) => isNumber(value[field])) &&
    ['phoneNo', 'name', 'groupName', 'gradeName'].every((field) => isString(value[field])) &&
    STATUSES.has(value.businessStatus) &&
    typeof value.root === 'boolean' &&
    (value.operation === null || (isObject(value.operation) && isString(value.operation.type) && isNumber(value.operation.progress)))
  );
}

function isGroup(value: unknown): boolean {
  return isObject(value) && isNumber(value.id) && isString(value.name) && typeof value.isDefault === 'boolean' && isNumber(value.phoneCount);
}

function isUnread(value: unknown): boolean {
  return value === null || (isObject(value) && isNumber(value.all) && isNumber(value.ai) && isNumber(value.system));
}

/** Whether a stored value has the kept list's shape (another build, a hand edit or a half write may have left another). */
export function isKeptList(value: unknown): value is KeptList {
  return (
    isObject(value) &&
    isString(value.clientNo) &&
    isString(value.userNo) &&
    isNumber(value.savedAt) &&
    isNumber(value.total) &&
    Array.isArray(value.phones) &&
    value.phones.length <= KEPT_PHONES &&
    value.phones.every(isPhone) &&
    Array.isArray(value.groups) &&
    value.groups.length <= KEPT_GROUPS &&
    value.groups.every(isGroup) &&
    isUnread(value.unread)
  );
}

/** The list cut to its bounds: the first phones and groups, fewer phones while the JSON is too long; null when nothing fits. */
export function boundedList(list: KeptList): KeptList | null {
  let kept: KeptList = { ...list, phones: list.phones.slice(0, KEPT_PHONES), groups: list.groups.slice(0, KEPT_GROUPS) };
  while (JSON.stringify(kept).length > KEPT_MAX_CHARS) {
    if (kept.phones.length) kept = { ...kept, phones: kept.phones.slice(0, Math.floor(kept.phones.length / 2)) };
    else if (kept.groups.length) kept = { ...kept, groups: [] };
    else return null;
  }
  return kept;
}

/** Keeps the list (replacing the last one); one that cannot be bounded removes it. Denied or full storage keeps nothing. */
export function keepList(list: KeptList): void {
  const kept = boundedList(list);
  if (kept) write('phoneList', kept);
  else remove('phoneList');
}

/**
 * The kept list of this account on this client, if one is there and recent; one that is malformed or someone else's
 * is removed (it can never be shown).
 */
export function keptListOf(clientNo: string, userNo: string, now = Date.now()): KeptList | null {
  const stored: unknown = read('phoneList');
  if (stored === undefined) return null;
  if (!isKeptList(stored) || stored.clientNo !== clientNo || stored.userNo !== userNo) {
    remove('phoneList');
    return null;
  }
  return now - stored.savedAt > KEPT_MAX_AGE_MS ? null : stored;
}

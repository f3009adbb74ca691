/**
 * Typed access to localStorage under exactly the key names of spec §3 this client uses (docs/decisions.md "Storage keys" says
 * what each holds, and why the others are not needed). Values are JSON; a corrupt or foreign value reads as absent
 * instead of throwing, because a partner webview may share the origin with older builds. The payload types stored
 * here are the replies of the calls that return them, read off the contract (core imports no domain).
 */
import type * as Account from '../../shared/contract/account.ts';
import type * as Client from '../../shared/contract/client.ts';
import type * as Devices from '../../shared/contract/devices.ts';
import type * as Messages from '../../shared/contract/messages.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';

export interface StoredValues {
  clientNo: string;
  userInfo: ReplyOf<typeof Account.getUser>;
  tenantId: number;
  token: string;
  refreshToken: string;
  clientId: number;
  /** Not a §3 key of its own in the spec's list, but the platform travels with tenantId/clientId (client secure data). */
  platform: string;
  aboutAppData: ReplyOf<typeof Client.aboutApp>;
  firstAgreementData: ReplyOf<typeof Client.agreementContent>;
  secondAgreementData: ReplyOf<typeof Client.agreementContent>;
  /** The full function list (spec §6: the permissions are its enabled entries, derived when read). */
  allPermissionList: ReplyOf<typeof Client.clientFunctions>;
  /** The day (yyyy-MM-dd) the expiry reminder was last shown, and that it was. */
  /**
   * Home's list as last known, for an offline start (src/devices/kept-list.ts: its bounds and checks): the first
   * screenful of phones, the list's total, the groups and the unread counts, and whose and when they were.
   */
  phoneList: {
    clientNo: string;
    userNo: string;
    savedAt: number;
    phones: ReplyOf<typeof Devices.listPhones>['list'];
    total: number;
    groups: ReplyOf<typeof Devices.listGroups>;
    unread: ReplyOf<typeof Messages.unreadCounts> | null;
  };
  lastExpireTipDate: string;
  hasExpireReminded: boolean;
  isLogin: boolean;
  isShowVirtualKey: boolean;
  language: string;
}

export type StorageKey = keyof StoredValues;

/**
 * Spec §3 keys this client never writes, so they are not StoredValues keys (write() refuses them at compile time):
 * the phone being opened and the stream's reconnect state live in memory and in the address, and the grant and
 * stream-profile features that would fill the others are not built (docs/decisions.md "Storage keys").
 */
export const UNUSED_SPEC_KEYS = [
  'deviceAuthorization',
  'currentGoInDevice',
  'lostTime',
  'reloadTimes',
  'hasInDeviceIds',
  'activeProfile',
] as const;

// Every access is inside a try: some webviews throw on reading localStorage at all when storage is disabled, and a
// write may meet a full quota or private mode; the app then keeps working from memory.

export function read<K extends StorageKey>(key: K): StoredValues[K] | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as StoredValues[K]);
  } catch {
    return undefined;
  }
}

export function write<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // See above: nothing is kept.
  }
}

export function remove(...keys: StorageKey[]): void {
  try {
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage denied: nothing was kept either.
  }
}

/** What a session owns: cleared on logout and when the client number changes (spec §2, §4). */
export const SESSION_KEYS: StorageKey[] = ['token', 'refreshToken', 'userInfo', 'isLogin', 'phoneList'];

/** What belongs to one client (tenant): cleared with the session when the client number changes. */
export const CLIENT_KEYS: StorageKey[] = [
  'tenantId',
  'clientId',
  'platform',
  'aboutAppData',
  'allPermissionList',
  'firstAgreementData',
  'secondAgreementData',
  'lastExpireTipDate',
  'hasExpireReminded',
];

/** The person's choices: no logout, client switch or cache clearing takes them. */
export const PREFERENCE_KEYS: StorageKey[] = ['language', 'isShowVirtualKey'];

/** Content kept only to show it again sooner or offline, fetched anew when missing: what "clear cache" removes. */
export const CACHE_KEYS: StorageKey[] = ['firstAgreementData', 'secondAgreementData'];

/** Everything tied to a client number; language and the virtual-key preference are the person's, so they stay. */
export function clearSessionData(): void {
  remove('clientNo', ...SESSION_KEYS, ...CLIENT_KEYS);
}

/** isShowVirtualKey is on unless stored false (spec §3). */
export function isShowVirtualKey(): boolean {
  return read('isShowVirtualKey') !== false;
}

/**
 * Typed access to localStorage under exactly the key names of spec §3.
 * Values are JSON; a corrupt or foreign value reads as absent instead of throwing,
 * because a partner webview may share the origin with older builds. The payload types stored here live beside
 * the calls that return them.
 */
import type { AgreementData, UserInfo } from '../account/api.ts';
import type { AboutAppData, ClientFunction } from '../app/client-api.ts';

export interface StoredValues {
  clientNo: string;
  userInfo: UserInfo;
  tenantId: number;
  token: string;
  refreshToken: string;
  clientId: number;
  /** Not a §3 key of its own in the spec's list, but the platform travels with tenantId/clientId (client secure data). */
  platform: string;
  aboutAppData: AboutAppData;
  firstAgreementData: AgreementData;
  secondAgreementData: AgreementData;
  allPermissionList: ClientFunction[];
  phoneList: unknown[];
  deviceAuthorization: unknown;
  currentGoInDevice: unknown;
  lostTime: number;
  reloadTimes: number;
  hasInDeviceIds: unknown[];
  lastExpireTipDate: string;
  hasExpireReminded: boolean;
  isLogin: boolean;
  isShowVirtualKey: boolean;
  activeProfile: string;
  language: string;
}

export type StorageKey = keyof StoredValues;

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some webviews throw on access when storage is disabled.
    return null;
  }
}

export function read<K extends StorageKey>(key: K): StoredValues[K] | undefined {
  const raw = backend()?.getItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return undefined;
  }
}

export function write<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    backend()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or private mode: the app keeps working from memory.
  }
}

export function remove(...keys: StorageKey[]): void {
  const store = backend();
  for (const key of keys) store?.removeItem(key);
}

/** What a session owns: cleared on logout and when the client number changes (spec §2, §4). */
export const SESSION_KEYS: StorageKey[] = ['token', 'refreshToken', 'userInfo', 'isLogin'];

/** What belongs to one client (tenant): cleared with the session when the client number changes. */
export const CLIENT_KEYS: StorageKey[] = [
  'tenantId',
  'clientId',
  'platform',
  'aboutAppData',
  'allPermissionList',
  'firstAgreementData',
  'secondAgreementData',
  'phoneList',
  'deviceAuthorization',
  'currentGoInDevice',
  'hasInDeviceIds',
  'lastExpireTipDate',
  'hasExpireReminded',
  'activeProfile',
];

/** Everything tied to a client number; language and the virtual-key preference are the person's, so they stay. */
export function clearSessionData(): void {
  remove('clientNo', ...SESSION_KEYS, ...CLIENT_KEYS);
}

/** isShowVirtualKey is on unless stored false (spec §3). */
export function isShowVirtualKey(): boolean {
  return read('isShowVirtualKey') !== false;
}

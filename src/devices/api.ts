/** Device, group and grade calls (spec §7 "Devices"; payloads in server/API.md "Devices"). */
import { http } from '../core/http.ts';
import type { BatchEntry, BusinessStatus, Operation, PhoneHardware } from './device-types.ts';

export interface Phone {
  userPhoneId: number;
  phoneNo: string;
  name: string;
  groupId: number;
  groupName: string;
  gradeId: number;
  gradeName: string;
  expireTime: number;
  businessStatus: BusinessStatus;
  root: boolean;
  width: number;
  height: number;
  dpi: number;
  operation: Operation | null;
}

export type SortOrder = 'default' | 'expireAsc' | 'expireDesc';

export interface PhoneQuery {
  pageNo?: number;
  pageSize?: number;
  sort?: SortOrder;
  gradeId?: number;
  groupId?: number;
  keyword?: string;
}

export interface PhonePage {
  list: Phone[];
  total: number;
  serverTime: number;
}

export interface Grade {
  id: number;
  name: string;
  sort: number;
}

export interface PhoneGroup {
  id: number;
  name: string;
  isDefault: boolean;
  phoneCount: number;
}

export interface PhoneStatus {
  userPhoneId: number;
  businessStatus: BusinessStatus;
  operation: Operation | null;
}

const PHONE = '/api/device/user/phone';
const GROUP = '/api/device/phone-group';

export const listPhones = (query: PhoneQuery) => http.get<PhonePage>(`${PHONE}/list`, { ...query }, { allowDuplicate: true });
export const listGrades = () => http.get<Grade[]>('/api/device/grade/list');
export const listGroups = () => http.get<PhoneGroup[]>(`${GROUP}/simple-list`, undefined, { allowDuplicate: true });
export const createGroup = (name: string) => http.post<{ id: number }>(`${GROUP}/create`, { name });
export const renameGroup = (id: number, name: string) => http.put<boolean>(`${GROUP}/update`, { id, name });
export const deleteGroup = (id: number) => http.delete<boolean>(`${GROUP}/delete`, { id });

export const renamePhone = (userPhoneId: number, name: string) => http.put<boolean>(`${PHONE}/rename`, { userPhoneId, name });
export const rebootPhones = (userPhoneIds: number[], type: 'reboot' | 'quickRestart' = 'reboot') =>
  http.put<BatchEntry[]>(`${PHONE}/reboot`, undefined, { params: { userPhoneIds, type } });
export const resetPhones = (userPhoneIds: number[]) => http.put<BatchEntry[]>(`${PHONE}/reset`, undefined, { params: { userPhoneIds } });
export const setPhonesGroup = (userPhoneIds: number[], groupId: number) =>
  http.put<BatchEntry[]>(`${PHONE}/set-group`, { userPhoneIds, groupId });
export const setPhoneResolution = (userPhoneId: number, width: number, height: number, dpi: number) =>
  http.put<boolean>(`${PHONE}/set-resolution`, { userPhoneId, width, height, dpi });
export const setPhonesRoot = (userPhoneIds: number[], root: boolean) => http.put<BatchEntry[]>(`${PHONE}/set-root`, { userPhoneIds, root });
export const screenshotPhones = (userPhoneIds: number[]) => http.post<BatchEntry[]>(`${PHONE}/screenshot`, { userPhoneIds }, { allowDuplicate: true });
export const phoneStatuses = (userPhoneIds: number[]) => http.post<PhoneStatus[]>(`${PHONE}/status`, { userPhoneIds }, { allowDuplicate: true });
export const phoneHardware = (userPhoneIds: number[]) => http.post<PhoneHardware[]>(`${PHONE}/get-extend-batch`, { userPhoneIds });
export const securityToken = (userPhoneId: number) =>
  http.post<{ token: string; expireTime: number }>(`${PHONE}/security-token`, undefined, { params: { userPhoneId, validTime: 86400 } });


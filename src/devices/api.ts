/**
 * Device, group and grade calls (spec §7 "Devices"). Inputs and replies take their types from the contract
 * (shared/contract/devices.ts); pages reach these through the devices store and actions, never directly.
 */
import type * as C from '../../shared/contract/devices.ts';
import type { ReplyOf, RequestOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';
import type { ProgressTaskType } from '../../shared/contract/device-words.ts';

export type Phone = ReplyOf<typeof C.listPhones>['list'][number];
export type PhoneQuery = Partial<Omit<RequestOf<typeof C.listPhones>['query'], 'userPhoneIds'>>;
export type PhonePage = ReplyOf<typeof C.listPhones>;
export type Grade = ReplyOf<typeof C.listGrades>[number];
export type PhoneGroup = ReplyOf<typeof C.listGroups>[number];
export type PhoneStatus = ReplyOf<typeof C.phoneStatuses>[number];

export type { SortOrder } from '../../shared/contract/device-words.ts';

const PHONE = '/api/device/user/phone';

export const listPhones = (query: PhoneQuery) => api(`GET ${PHONE}/list`, { query: { ...query } }, { allowDuplicate: true });
/** These phones only, whatever page of the list they are on. */
export const getPhones = (userPhoneIds: number[]) =>
  api(`GET ${PHONE}/list`, { query: { userPhoneIds, pageSize: userPhoneIds.length } }, { allowDuplicate: true });
export const listGrades = () => api('GET /api/device/grade/list');
export const listGroups = () => api('GET /api/device/phone-group/simple-list', undefined, { allowDuplicate: true });
export const createGroup = (name: string) => api('POST /api/device/phone-group/create', { body: { name } });
export const renameGroup = (id: number, name: string) => api('PUT /api/device/phone-group/update', { body: { id, name } });
export const deleteGroup = (id: number) => api('DELETE /api/device/phone-group/delete', { query: { id } });

export const renamePhone = (userPhoneId: number, name: string) => api(`PUT ${PHONE}/rename`, { body: { userPhoneId, name } });
export const rebootPhones = (userPhoneIds: number[], type: 'reboot' | 'quickRestart' = 'reboot') =>
  api(`PUT ${PHONE}/reboot`, { query: { userPhoneIds, type } });
export const resetPhones = (userPhoneIds: number[]) => api(`PUT ${PHONE}/reset`, { query: { userPhoneIds } });
export const setPhonesGroup = (userPhoneIds: number[], groupId: number) => api(`PUT ${PHONE}/set-group`, { body: { userPhoneIds, groupId } });
export const setPhoneResolution = (userPhoneId: number, width: number, height: number, dpi: number) =>
  api(`PUT ${PHONE}/set-resolution`, { body: { userPhoneId, width, height, dpi } });
export const setPhonesRoot = (userPhoneIds: number[], root: boolean) => api(`PUT ${PHONE}/set-root`, { body: { userPhoneIds, root } });
export const screenshotPhones = (userPhoneIds: number[]) => api(`POST ${PHONE}/screenshot`, { body: { userPhoneIds } }, { allowDuplicate: true });
export const phoneStatuses = (userPhoneIds: number[]) => api(`POST ${PHONE}/status`, { body: { userPhoneIds } }, { allowDuplicate: true });
export const phoneProgress = (userPhoneIds: number[], taskType: ProgressTaskType) =>
  api(`POST ${PHONE}/get-progress`, { body: { userPhoneIds, taskType } }, { allowDuplicate: true });
export type TaskProgress = ReplyOf<typeof C.phoneProgress>[number];
export const phoneHardware = (userPhoneIds: number[]) => api(`POST ${PHONE}/get-extend-batch`, { body: { userPhoneIds } });
export const securityToken = (userPhoneId: number) => api(`POST ${PHONE}/security-token`, { query: { userPhoneId, validTime: 86400 } });

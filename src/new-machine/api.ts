/**
 * New machine, a change of device model (server/API.md "New machine"): the catalogue, a phone's current model, the
 * changes and their record. Inputs and replies take their types from the contract (shared/contract/new-machine.ts).
 */
import type * as C from '../../shared/contract/new-machine.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { MockType } from '../../shared/contract/new-machine-words.ts';
import { api } from '../core/http.ts';

export type MockIdentity = ReplyOf<typeof C.currentModel>;
export type MockModel = ReplyOf<typeof C.listModels>['list'][number];
export type Manufacturer = ReplyOf<typeof C.listManufacturers>['list'][number];
export type MockParamsList = ReplyOf<typeof C.mockParams>['list'];
export type MockLog = ReplyOf<typeof C.mockLogList>['list'][number];

const MOCK = '/api/device/phone-mock-model';

export const currentModel = (userPhoneId: number) => api(`POST ${MOCK}/current`, { body: { userPhoneId } }, { allowDuplicate: true });
export const listManufacturers = () => api(`GET ${MOCK}/list-manufacturer`, {});
export const listModels = (manufacturer: string) => api(`GET ${MOCK}/list`, { query: { manufacturer } });
export const getMockParams = () => api(`GET ${MOCK}/get-mock-params`, {});
export const mockOne = (userPhoneId: number, mockType: MockType) => api(`POST ${MOCK}/mock`, { body: { userPhoneId, mockType } });
export const mockBatch = (userPhoneIds: number[], mockType: MockType) => api(`POST ${MOCK}/batch-mock`, { body: { userPhoneIds, mockType } });
export const mockById = (userPhoneIds: number[], modelId: number) => api(`POST ${MOCK}/mock-by-id`, { body: { userPhoneIds, modelId } });
export const listMockLogs = (pageNo: number, pageSize: number, userPhoneId: number | null) =>
  api(`GET ${MOCK}/mock-log-list`, { query: { pageNo, pageSize, ...(userPhoneId ? { userPhoneId } : {}) } });

/**
 * App batch management (server/API.md "Apps"): the apps of the chosen phones, an operation over them and its
 * progress. Inputs and replies take their types from the contract (shared/contract/apps.ts).
 */
import type * as C from '../../shared/contract/apps.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { AppAction } from '../../shared/contract/app-words.ts';
import { api } from '../core/http.ts';

export type AppList = ReplyOf<typeof C.listApps>;
export type AppSummary = AppList['list'][number];
export type AppOperation = ReplyOf<typeof C.operateApp>;
export type AppOperationItem = AppOperation['items'][number];

const APPS = '/api/device/user/phone/app';

export const listApps = (userPhoneIds: number[]) => api(`GET ${APPS}/list`, { query: { userPhoneIds } }, { allowDuplicate: true });
export const operateApp = (userPhoneIds: number[], packageName: string, action: AppAction) =>
  api(`PUT ${APPS}/operate`, { body: { userPhoneIds, packageName, action } });
export const getAppOperation = (operationId: number) => api(`GET ${APPS}/operation`, { query: { operationId } }, { allowDuplicate: true });

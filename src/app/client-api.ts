/**
 * Calls that describe the client (tenant) the page is scoped to (spec §7, "Authentication and user";
 * shared/contract/client.ts).
 */
import type * as C from '../../shared/contract/client.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { CONFIG_PAGE_SIZE } from '../../shared/contract/client-words.ts';
import { api, type CallOptions } from '../core/http.ts';

export type AboutAppData = ReplyOf<typeof C.aboutApp>;
export type ClientFunction = ReplyOf<typeof C.clientFunctions>[number];
export type ClientSecureData = ReplyOf<typeof C.clientSecureData>;
export type ConfigEntry = ReplyOf<typeof C.configKeyValues>['list'][number];

/** The spec sends the client number upper-cased here. */
export const getClientSecureData = (clientNo: string) =>
  api('GET /api/merchant/client/get-client-secure-data', { query: { clientNo: clientNo.toUpperCase() } });

export const getAboutApp = (clientNo: string, extra?: CallOptions) =>
  api('GET /api/merchant/client/get-about-app', { query: { clientNo } }, extra);

/** With the client number, a backend may answer before the tenant is known (server/API.md "Client and configuration"). */
export const getClientFunctions = (clientNo: string, extra?: CallOptions) =>
  api('GET /api/merchant/client-function/list', { query: { functionType: 1, clientNo } }, extra);

/** Server-configured values by key, all asked for in one page of up to 100 (spec §7). */
export const getConfigKeys = (keys: string[]) =>
  api('POST /api/merchant/config/getKeys', { body: { pageNo: 1, pageSize: CONFIG_PAGE_SIZE, keys } });

/** Calls that describe the client (tenant) the page is scoped to (spec §7, "Authentication and user"). */
import { http, type RequestConfig } from '../core/http.ts';

export interface AboutAppData {
  clientNo?: string;
  clientName: string;
  logoUrl: string;
  version?: string;
  customerServiceUrl?: string;
}

export interface ClientFunction {
  key: string;
  name: string;
  props: Record<string, unknown>;
  enable?: boolean;
}

export interface ClientSecureData {
  tenantId: number;
  clientId: number;
  platform: string;
}

export interface ConfigEntry {
  key: string;
  value: string;
}

/** The spec sends the client number upper-cased here. */
export const getClientSecureData = (clientNo: string) =>
  http.get<ClientSecureData>('/api/merchant/client/get-client-secure-data', { clientNo: clientNo.toUpperCase() });

export const getAboutApp = (clientNo: string, extra?: Partial<RequestConfig>) =>
  http.get<AboutAppData>('/api/merchant/client/get-about-app', { clientNo }, extra);

/** With the client number, a backend may answer before the tenant is known (server/API.md "Client and configuration"). */
export const getClientFunctions = (clientNo: string, extra?: Partial<RequestConfig>) =>
  http.get<ClientFunction[]>('/api/merchant/client-function/list', { functionType: 1, clientNo }, extra);

/** Server-configured values by key (spec §7: pageNo/pageSize 100/keys). */
export const getConfigKeys = (keys: string[]) =>
  http.post<{ list: ConfigEntry[]; total: number }>('/api/merchant/config/getKeys', { pageNo: 1, pageSize: 100, keys });

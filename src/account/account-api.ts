/**
 * The account pages' calls (spec §7; payloads in server/API.md): password and number changes, the
 * profile, agreements, customer service, invitations and ads. Apart from the session's calls (api.ts), so that the
 * entry does not carry them.
 */
import { http } from '../core/http.ts';

export const resetPassword = (mobile: string, code: string, password: string) =>
  http.put<boolean>('/api/merchant/user/reset-password', { mobile, code, password });

export const updateUser = (changes: { nickname?: string; avatar?: string }) =>
  http.put<boolean>('/api/merchant/user/update', changes);

export const updatePassword = (password: string, oldPassword?: string) =>
  http.put<boolean>('/api/merchant/user/update-password', { password, oldPassword });

export const canChangeMobile = () =>
  http.put<{ canChange: boolean; nextChangeTime: number | null }>('/api/merchant/user/can-change-mobile');

export const changeMobile = (oldCode: string, mobile: string, code: string) =>
  http.put<boolean>('/api/merchant/user/change-mobile', { oldCode, mobile, code });

export const unregister = (code: string) => http.put<boolean>('/api/merchant/user/unregister', { code });

/** An agreement as stored under firstAgreementData / secondAgreementData (spec §3). */
export interface AgreementData {
  type: number;
  name: string;
  content: string;
}

export interface AgreementName {
  type: number;
  name: string;
}

export const getAgreementNames = () => http.get<AgreementName[]>('/api/cms/agreement/get-name');

export const getAgreementContent = (type: number) =>
  http.get<AgreementData>('/api/cms/agreement/get-content', { type });

export const getRule = (code: string) =>
  http.get<{ code: string; name: string; content: string }>('/api/cms/agreement/get-rule', { code });

export interface CustomerService {
  url: string;
  phone: string;
  workTime: string;
}

export const getCustomerService = () => http.get<CustomerService>('/api/merchant/customer-service/get');

export const canInputInviteCode = () =>
  http.get<{ canInput: boolean }>('/api/promotion/activity/invite/can-input-code');

export const inputInviteCode = (code: string) =>
  http.post<boolean>('/api/promotion/activity/invite/input-code', { code });

export interface Advertisement {
  id: number;
  adPosition: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
}

/** Ad positions used by this client: 1 home banner, 2 profile banner. */
export const AdPosition = { HOME: 1, PROFILE: 2 } as const;

export const getAdvertisements = (adPositions: number[]) =>
  http.get<Advertisement[]>('/api/cms/advertisement/list-by-adposition', { adPositions, platformNo: 'H5' });

/** Authentication and user calls (spec §7; payloads in server/API.md). */
import { http } from '../core/http.ts';

/** SMS scenes shared with the server (server/API.md). */
export const SmsScene = {
  LOGIN: 1,
  CHANGE_MOBILE_OLD: 2,
  CHANGE_MOBILE_NEW: 3,
  RESET_PASSWORD: 4,
  UNREGISTER: 5,
} as const;

export const sendSmsCode = (mobile: string, scene: number) =>
  http.post<boolean>('/api/merchant/auth/send-sms-code', { mobile, scene });

export const smsLogin = (mobile: string, code: string) =>
  http.post<TokenPair>('/api/merchant/auth/sms-login', { mobile, code });

export const passwordLogin = (mobile: string, password: string) =>
  http.post<TokenPair>('/api/merchant/auth/login', { mobile, password });

export const validateSmsCode = (mobile: string, code: string, scene: number) =>
  http.post<boolean>('/api/merchant/auth/validate-sms-code', { mobile, code, scene });

export const resetPassword = (mobile: string, code: string, password: string) =>
  http.put<boolean>('/api/merchant/user/reset-password', { mobile, code, password });

export const logoutCall = () => http.post<boolean>('/api/merchant/auth/logout');

export const getUser = () => http.get<UserInfo>('/api/merchant/user/get');

/** Spec §1 guest mode: a timed trial without an account. */
export const oneClickLogin = () =>
  http.post<TokenPair & { guest: true; trialExpiresTime: number }>('/api/merchant/auth/one-click-login', {});

/** A code to the logged-in user's own number (number change, account cancellation). */
export const sendSmsCodeToSelf = (scene: number) =>
  http.post<boolean>('/api/merchant/auth/send-sms-code-logging', { scene });

export const updateUser = (changes: { nickname?: string; avatar?: string }) =>
  http.put<boolean>('/api/merchant/user/update', changes);

export const updatePassword = (password: string, oldPassword?: string) =>
  http.put<boolean>('/api/merchant/user/update-password', { password, oldPassword });

export const canChangeMobile = () =>
  http.put<{ canChange: boolean; nextChangeTime: number | null }>('/api/merchant/user/can-change-mobile');

export const changeMobile = (oldCode: string, mobile: string, code: string) =>
  http.put<boolean>('/api/merchant/user/change-mobile', { oldCode, mobile, code });

export const unregister = (code: string) => http.put<boolean>('/api/merchant/user/unregister', { code });

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresTime?: number;
  userId?: number;
}

export interface UserInfo {
  userId?: number;
  userNo: string;
  nickname: string;
  avatar: string;
  mobile: string;
  registerTime: number;
  hasPassword?: boolean;
  /** A guest-trial user (spec §1 guest mode); trialExpiresTime is when the trial ends (ms). */
  guest?: boolean;
  trialExpiresTime?: number;
}

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

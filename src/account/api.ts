/** Authentication and user calls (spec §7; payloads in server/API.md). */
import { http } from '../core/http.ts';
import type { TokenPair, UserInfo } from '../core/storage.ts';

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

export interface AgreementName {
  type: number;
  name: string;
}

export const getAgreementContent = (type: number) =>
  http.get<{ type: number; name: string; content: string }>('/api/cms/agreement/get-content', { type });

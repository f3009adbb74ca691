/**
 * The session's calls (spec §7; payloads in server/API.md): logging in, the user, logging out. They load with the
 * session's actions (state.ts); the account pages' own calls are in account-api.ts, which loads with those pages.
 */
import { http } from '../core/http.ts';

export const smsLogin = (mobile: string, code: string) =>
  http.post<TokenPair>('/api/merchant/auth/sms-login', { mobile, code });

export const passwordLogin = (mobile: string, password: string) =>
  http.post<TokenPair>('/api/merchant/auth/login', { mobile, password });

export const logoutCall = () => http.post<boolean>('/api/merchant/auth/logout');

export const getUser = () => http.get<UserInfo>('/api/merchant/user/get');

/** Spec §1 guest mode: a timed trial without an account. */
export const oneClickLogin = () =>
  http.post<TokenPair & { guest: true; trialExpiresTime: number }>('/api/merchant/auth/one-click-login', {});

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

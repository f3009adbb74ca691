/**
 * The session's calls (spec §7; shared/contract/account.ts): logging in, the user, logging out. They load with the
 * session's actions (state.ts); the account pages' own calls are in account-api.ts, which loads with those pages.
 */
import type * as C from '../../shared/contract/account.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type TokenPair = ReplyOf<typeof C.smsLogin>;
export type UserInfo = ReplyOf<typeof C.getUser>;

export const smsLogin = (mobile: string, code: string) => api('POST /api/merchant/auth/sms-login', { body: { mobile, code } });

export const passwordLogin = (mobile: string, password: string) => api('POST /api/merchant/auth/login', { body: { mobile, password } });

export const logoutCall = () => api('POST /api/merchant/auth/logout');

export const getUser = () => api('GET /api/merchant/user/get');

/** Spec §1 guest mode: a timed trial without an account. */
export const oneClickLogin = () => api('POST /api/merchant/auth/one-click-login', { body: {} });

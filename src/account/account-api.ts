/**
 * The account pages' calls (spec §7; shared/contract/account.ts, client.ts): password and number changes, the
 * profile, agreements, customer service, invitations and ads. Apart from the session's calls (api.ts), so that the
 * entry does not carry them.
 */
import type * as C from '../../shared/contract/client.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

/** An agreement as stored under firstAgreementData / secondAgreementData (spec §3). */
export type AgreementData = ReplyOf<typeof C.agreementContent>;
export type AgreementName = ReplyOf<typeof C.agreementNames>[number];
export type CustomerService = ReplyOf<typeof C.customerService>;
export type Advertisement = ReplyOf<typeof C.advertisements>[number];

export const resetPassword = (mobile: string, code: string, password: string) =>
  api('PUT /api/merchant/user/reset-password', { body: { mobile, code, password } });

export const updateUser = (changes: { nickname?: string; avatar?: string }) => api('PUT /api/merchant/user/update', { body: changes });

export const updatePassword = (password: string, oldPassword?: string) =>
  api('PUT /api/merchant/user/update-password', { body: { password, oldPassword } });

export const canChangeMobile = () => api('PUT /api/merchant/user/can-change-mobile');

export const changeMobile = (oldCode: string, mobile: string, code: string) =>
  api('PUT /api/merchant/user/change-mobile', { body: { oldCode, mobile, code } });

export const unregister = (code: string) => api('PUT /api/merchant/user/unregister', { body: { code } });

export const getAgreementNames = () => api('GET /api/cms/agreement/get-name');

export const getAgreementContent = (type: number) => api('GET /api/cms/agreement/get-content', { query: { type } });

export const getRule = (code: string) => api('GET /api/cms/agreement/get-rule', { query: { code } });

export const getCustomerService = () => api('GET /api/merchant/customer-service/get');

export const canInputInviteCode = () => api('GET /api/promotion/activity/invite/can-input-code');

export const inputInviteCode = (code: string) => api('POST /api/promotion/activity/invite/input-code', { body: { code } });

/** Ad positions used by this client: 1 home banner, 2 profile banner. */
export const AdPosition = { HOME: 1, PROFILE: 2 } as const;

export const getAdvertisements = (adPositions: number[]) =>
  api('GET /api/cms/advertisement/list-by-adposition', { query: { adPositions, platformNo: 'H5' } });

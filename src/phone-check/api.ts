/** The phone check (server/API.md "Phone check"), typed by the contract (shared/contract/phone-check.ts). */
import type * as C from '../../shared/contract/phone-check.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type PhoneCheck = ReplyOf<typeof C.checkPhone>;
export type PhoneCheckItem = PhoneCheck['checks'][number];

export const checkPhone = (userPhoneId: number) => api('GET /api/device/user/phone/check', { query: { userPhoneId } }, { allowDuplicate: true });

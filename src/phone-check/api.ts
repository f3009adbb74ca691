/** The phone check (server/API.md "Phone check"), typed by the contract (src/contract/phone-check.ts). */
import type * as C from '../contract/phone-check.ts';
import type { ReplyOf } from '../contract/endpoint.ts';
import { api } from '../core/http.ts';

export type PhoneCheck = ReplyOf<typeof C.checkPhone>;
export type PhoneCheckItem = PhoneCheck['checks'][number];

export const checkPhone = (userPhoneId: number) => api('GET /api/device/user/phone/check', { query: { userPhoneId } }, { allowDuplicate: true });

/**
 * Verification codes by SMS (spec §5; payloads in server/API.md): sending one and checking it. Used by the login
 * page, so kept apart from the other account calls (account-api.ts), which the login screen does not need.
 */
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

export const validateSmsCode = (mobile: string, code: string, scene: number) =>
  http.post<boolean>('/api/merchant/auth/validate-sms-code', { mobile, code, scene });

/** A code to the logged-in user's own number (number change, account cancellation). */
export const sendSmsCodeToSelf = (scene: number) =>
  http.post<boolean>('/api/merchant/auth/send-sms-code-logging', { scene });

/**
 * Verification codes by SMS (spec §5; shared/contract/account.ts): sending one and checking it. Used by the login
 * page, so kept apart from the other account calls (account-api.ts), which the login screen does not need.
 */
import { api } from '../core/http.ts';

export { SmsScene } from '../../shared/contract/account-words.ts';

export const sendSmsCode = (mobile: string, scene: number) => api('POST /api/merchant/auth/send-sms-code', { body: { mobile, scene } });

export const validateSmsCode = (mobile: string, code: string, scene: number) =>
  api('POST /api/merchant/auth/validate-sms-code', { body: { mobile, code, scene } });

/** A code to the logged-in user's own number (number change, account cancellation). */
export const sendSmsCodeToSelf = (scene: number) => api('POST /api/merchant/auth/send-sms-code-logging', { body: { scene } });

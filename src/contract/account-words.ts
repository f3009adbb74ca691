/**
 * The account vocabulary both sides hold to (server/API.md "Authentication"): plain values, no schema code, so the
 * client may import them at run time. The schemas that use them are in account.ts.
 */

/**
 * What an SMS code is for (a code of one scene never works for another): 1 login, 2 the old number of a change,
 * 3 the new number, 4 reset password, 5 closing the account (unregister).
 */
export const SmsScene = { LOGIN: 1, CHANGE_MOBILE_OLD: 2, CHANGE_MOBILE_NEW: 3, RESET_PASSWORD: 4, UNREGISTER: 5 } as const;
export type SmsSceneValue = (typeof SmsScene)[keyof typeof SmsScene];

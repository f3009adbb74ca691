/**
 * Login, SMS codes, the user, number changes, account closing and invitations (spec §7 "Authentication and user";
 * server/API.md "Authentication", "Accounts"). Server: server/routes/auth.ts, user.ts, user-account.ts, promotion.ts.
 * Client: src/account/api.ts, account-api.ts, sms-api.ts.
 */
import * as v from 'valibot';
import { anything, asPositiveInt, Done, Mobile, Name, Password, SmsCode, Text, TextOrNumber } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { SmsScene } from './account-words.ts';
import type { SmsSceneValue } from './account-words.ts';

const AUTH = '/api/merchant/auth';
const USER = '/api/merchant/user';
const INVITE = '/api/promotion/activity/invite';

const SMS_SCENES: readonly number[] = Object.values(SmsScene);

const Scene = v.pipe(
  anything<number>(),
  v.check((value) => SMS_SCENES.includes(asPositiveInt(value) ?? 0), `must be one of ${SMS_SCENES.join(', ')}`),
  v.transform((value) => asPositiveInt(value) as SmsSceneValue),
);

export const TokenPair = v.strictObject({
  accessToken: v.string(),
  refreshToken: v.string(),
  /** When the access token stops working, ms since epoch. */
  expiresTime: v.number(),
  userId: v.number(),
});

export const UserInfo = v.strictObject({
  userId: v.number(),
  userNo: v.string(),
  /** May be empty: the client then shows the client's name. */
  nickname: v.string(),
  avatar: v.string(),
  /** Empty for a guest. */
  mobile: v.string(),
  registerTime: v.number(),
  /** The client offers "set password" rather than "change password" when this is false. */
  hasPassword: v.boolean(),
  /** A guest-trial user (spec §1 guest mode). */
  guest: v.boolean(),
  /** When a guest's trial ends (ms); absent for a registered user. */
  trialExpiresTime: v.optional(v.number()),
  /** The first-run guide was finished or skipped (always true for a guest, who is never shown it). */
  guideSeen: v.boolean(),
});

export const sendSmsCode = endpoint(`POST ${AUTH}/send-sms-code`, {
  body: v.object({ mobile: Mobile, scene: Scene }),
  reply: Done,
});

/** To the caller's own number (number change, account closing). */
export const sendSmsCodeToSelf = endpoint(`POST ${AUTH}/send-sms-code-logging`, {
  body: v.object({ scene: Scene }),
  reply: Done,
});

/** Checks a code without using it up. */
export const validateSmsCode = endpoint(`POST ${AUTH}/validate-sms-code`, {
  body: v.object({ mobile: Mobile, code: SmsCode, scene: Scene }),
  reply: Done,
});

/** An unknown number is registered. */
export const smsLogin = endpoint(`POST ${AUTH}/sms-login`, {
  body: v.object({ mobile: Mobile, code: SmsCode }),
  reply: TokenPair,
});

export const passwordLogin = endpoint(`POST ${AUTH}/login`, {
  body: v.object({ mobile: Mobile, password: Password }),
  reply: TokenPair,
});

/** A guest trial: an account without a number whose tokens end with the trial. */
export const oneClickLogin = endpoint(`POST ${AUTH}/one-click-login`, {
  body: v.object({}),
  reply: v.strictObject({ ...TokenPair.entries, guest: v.literal(true), trialExpiresTime: v.number() }),
});

/** The token may come in the body or, as one reading of the spec has it, in the query. */
export const refreshToken = endpoint(`POST ${AUTH}/refresh-token`, {
  query: v.object({ refreshToken: v.optional(v.string(), '') }),
  body: v.object({ refreshToken: Text }),
  reply: TokenPair,
});

export const logout = endpoint(`POST ${AUTH}/logout`, { reply: Done });

export const getUser = endpoint(`GET ${USER}/get`, { reply: UserInfo });

/** The first-run guide was finished or skipped: home stops opening it. Idempotent; registered accounts only. */
export const markGuideSeen = endpoint(`POST ${USER}/guide/seen`, { reply: Done });

export const AVATAR_MAX_LENGTH = 512;

function isAvatar(avatar: string): boolean {
  if (avatar === '') return true;
  if (avatar.length > AVATAR_MAX_LENGTH || /\s/.test(avatar)) return false;
  return (avatar.startsWith('/') && !avatar.startsWith('//')) || (/^https?:\/\//i.test(avatar) && URL.canParse(avatar));
}

/** An http(s) URL, a path on this server (e.g. /static/...), or '' to clear it. */
const Avatar = v.pipe(
  anything<string>(),
  v.check((value) => typeof value === 'string' && isAvatar(value.trim()), 'must be an http(s) URL, a path on this server, or empty'),
  v.transform((value) => value.trim()),
);

/** Only the fields present change; both are checked before either is written. */
export const updateUser = endpoint(`PUT ${USER}/update`, {
  body: v.object({ nickname: v.optional(Name), avatar: v.optional(Avatar) }),
  reply: Done,
});

/** Checked against the stored hash as typed; a value that is not a string is a 400. */
const OldPassword = v.optional(Text, '');

/** `oldPassword` is needed only when the account has a password (a change rather than a first setting). */
export const updatePassword = endpoint(`PUT ${USER}/update-password`, {
  body: v.object({ password: Password, oldPassword: OldPassword }),
  reply: Done,
});

/** A forgotten password, proved by a code of the reset-password scene. */
export const resetPassword = endpoint(`PUT ${USER}/reset-password`, {
  body: v.object({ mobile: Mobile, code: SmsCode, password: Password }),
  reply: Done,
});

export const canChangeMobile = endpoint(`PUT ${USER}/can-change-mobile`, {
  reply: v.strictObject({ canChange: v.boolean(), nextChangeTime: v.nullable(v.number()) }),
});

/** `oldCode` proves the current number, `code` the new one; checked in this order. */
export const changeMobile = endpoint(`PUT ${USER}/change-mobile`, {
  body: v.object({ oldCode: SmsCode, mobile: Mobile, code: SmsCode }),
  reply: Done,
});

/** Closes the account, with a code of the cancel-account scene sent to its number. */
export const unregister = endpoint(`PUT ${USER}/unregister`, {
  body: v.object({ code: SmsCode }),
  reply: Done,
});

export const canInputInviteCode = endpoint(`GET ${INVITE}/can-input-code`, {
  reply: v.strictObject({ canInput: v.boolean() }),
});

/** The inviter's userNo; a number is read as its text. */
export const inputInviteCode = endpoint(`POST ${INVITE}/input-code`, {
  body: v.object({ code: v.pipe(TextOrNumber, v.trim()) }),
  reply: Done,
});

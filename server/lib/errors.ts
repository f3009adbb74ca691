import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../shared/error-codes.ts';
import type { RuleKey } from '../../shared/validate.ts';

// THE server's wording of every code it answers with (shared/error-codes.ts, shared with the client). The client
// translates by code; these texts are what another client shows, and the client also recognises some of them, so
// their wording must not drift.

export const ERROR_MESSAGES = {
  [ErrorCode.UNAUTHORIZED]: 'Login expired, please log in again',
  [ErrorCode.FORBIDDEN]: 'The screenshot link is invalid or has expired',
  [ErrorCode.NOT_FOUND]: 'Interface does not exist',
  [ErrorCode.PAYLOAD_TOO_LARGE]: 'Request body too large',
  [ErrorCode.SERVER_ERROR]: 'System exception',
  [ErrorCode.TOO_MANY_REQUESTS]: 'Please do not operate frequently',
  [ErrorCode.SERVICE_UNAVAILABLE]: 'No service available',
  [ErrorCode.CLIENT_NOT_FOUND]: 'Client does not exist',
  [ErrorCode.LOGIN_FAILED]: 'Incorrect mobile number or password',
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'No account uses this mobile number',
  [ErrorCode.ACCOUNT_EXPIRED]: 'Account information expired, please try again',
  [ErrorCode.SMS_CODE_WRONG]: 'Verification code is incorrect',
  [ErrorCode.SMS_CODE_EXPIRED]: 'Verification code has expired',
  [ErrorCode.SMS_SEND_FAILED]: 'Failed to send the verification code',
  [ErrorCode.SMS_SEND_TOO_FREQUENT]: 'Please do not operate frequently',
  [ErrorCode.TRIAL_ENDED]: 'The trial has ended, please log in',
  [ErrorCode.GUEST_NOT_ALLOWED]: 'This feature needs a registered account',
  [ErrorCode.MOBILE_ALREADY_BOUND]: 'This mobile number is already bound to another account',
  [ErrorCode.OLD_PASSWORD_WRONG]: 'The current password is incorrect',
  [ErrorCode.INVITE_CODE_INVALID]: 'The invite code is not valid',
  [ErrorCode.INVITE_NOT_ALLOWED]: 'This account cannot enter an invite code',
  [ErrorCode.DEVICE_NOT_EXIST]: 'The device does not exist',
  [ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES]: 'Validity under 10 minutes',
  [ErrorCode.DEVICE_BUSY]: 'The device is operating, try again later',
  [ErrorCode.DEVICE_EXPIRED]: 'The device has expired',
  [ErrorCode.DEVICE_MAINTENANCE]: 'The device is under maintenance',
  [ErrorCode.DEVICE_OFFLINE]: 'The device is offline',
  [ErrorCode.RESOLUTION_INVALID]: 'Unsupported resolution',
  [ErrorCode.DEVICE_FAULT]: 'Device malfunction, please contact support',
  [ErrorCode.DEVICE_NOT_CONNECTED]: 'The device is not connected',
  [ErrorCode.DEVICE_REPLACING]: 'The device is being replaced',
  [ErrorCode.DEVICE_MIGRATED]: 'The device has been migrated or transferred, please contact support',
  [ErrorCode.DEVICE_CLONING]: 'The device is being cloned',
  [ErrorCode.REPLACE_FAILED]: 'Replacement failed',
  [ErrorCode.RESTART_FAILED]: 'Restart failed',
  [ErrorCode.COMMAND_EXCEPTION]: 'Command execution exception',
  [ErrorCode.TOKEN_FETCH_FAILED]: 'Token fetch failed: the phone is being reset, try again shortly',
  [ErrorCode.GROUP_NOT_EXIST]: 'The group does not exist',
  [ErrorCode.GROUP_DEFAULT_IMMUTABLE]: 'The default group cannot be modified or deleted',
  [ErrorCode.GROUP_NAME_DUPLICATE]: 'A group with this name already exists',
  [ErrorCode.STOCK_INSUFFICIENT]: 'Stock insufficient for this phone type, please contact support',
  [ErrorCode.PACKAGE_NOT_EXIST]: 'The package does not exist',
  [ErrorCode.QUANTITY_INVALID]: 'An order has 1-20 phones',
  [ErrorCode.UPGRADE_REMAINING_TOO_SHORT]: 'A phone needs at least 1 day remaining to upgrade',
  [ErrorCode.UPGRADE_NOT_HIGHER]: "The target grade must be higher than the phone's grade",
  [ErrorCode.UPGRADE_TOO_LONG]: 'The upgraded duration must be under 999 days',
  [ErrorCode.RENEW_TOO_LONG]: 'The renewed validity must be under 999 days',
  [ErrorCode.UPGRADE_AUTHORIZED]: 'An authorized phone cannot be upgraded',
  [ErrorCode.REMAINING_TIME_INSUFFICIENT]: 'Remaining time insufficient: the phone has less than 1 day left to upgrade',
  [ErrorCode.ORDER_NOT_EXIST]: 'The order does not exist',
  [ErrorCode.ORDER_STATE_INVALID]: 'The order cannot do this in its current state',
  [ErrorCode.ORDER_ALREADY_PAID]: 'The order has already been paid',
  [ErrorCode.PAYMENT_METHOD_INVALID]: 'Unsupported payment method',
  [ErrorCode.COUPON_UNAVAILABLE]: 'Coupon is not available or not yet usable',
  [ErrorCode.CODE_COUNT_MISMATCH]: 'The number of codes must equal the number of selected phones',
  [ErrorCode.CODE_FORMAT_INVALID]: 'An activation code is 12 letters or digits',
  [ErrorCode.REDEEM_CODE_INVALID]: 'A redeem code is 1-20 letters or digits',
  [ErrorCode.REDEEM_CODE_USED]: 'This redeem code has already been used',
  [ErrorCode.ACTIVATION_RENEWAL_ONLY]: 'This activation code supports renewal only',
  [ErrorCode.ACTIVATION_PURCHASE_ONLY]: 'This activation code supports purchase only',
  [ErrorCode.ACTIVATION_NOT_BOUND]: 'The activation code is not bound to a cloud phone you selected',
  [ErrorCode.GRANT_DAYS_INVALID]: 'Grant days must be a whole number from 1 to 999',
  [ErrorCode.GRANT_DAYS_OVER_REMAINING]: "Grant days cannot exceed the phone's remaining time",
  [ErrorCode.GRANT_LIMIT_REACHED]: 'This account already holds the most authorized phones it may',
  [ErrorCode.GRANT_TARGET_NOT_FOUND]: 'The account to authorize does not exist',
  [ErrorCode.GRANT_SELF]: 'A phone cannot be authorized to its own account',
  [ErrorCode.GRANT_CODE_INVALID]: 'The authorization code is invalid or has expired',
  [ErrorCode.GRANT_CODE_USED]: 'The authorization code has already been used',
  [ErrorCode.GRANT_PHONE_SHARED]: 'A phone with a share link cannot be authorized',
  [ErrorCode.GRANT_PHONE_AUTHORIZED]: 'The phone is already authorized',
  [ErrorCode.GRANT_NOT_EXIST]: 'The authorization does not exist',
  [ErrorCode.GRANT_AGREEMENT_REQUIRED]: 'Please read and accept the authorization agreement',
  [ErrorCode.SHARE_ROOM_FULL]: 'The room is full',
  [ErrorCode.SHARE_BLOCKED]: 'You are currently blocked',
  [ErrorCode.SHARE_ENDED]: 'Screen interaction has ended',
  [ErrorCode.SHARE_PHONE_AUTHORIZED]: 'An authorized phone cannot be shared',
  [ErrorCode.SHARE_VIEWER_NOT_EXIST]: 'The viewer does not exist',
  [ErrorCode.TRANSFER_AUTHORIZED]: 'An authorized phone cannot be transferred',
  [ErrorCode.TRANSFER_TIME_TOO_SHORT]: 'The phone has too little time left to be transferred',
  [ErrorCode.TRANSFER_USER_DAY_LIMIT]: "You have reached today's transfer limit",
  [ErrorCode.TRANSFER_PHONE_DAY_LIMIT]: "This phone has reached today's transfer limit",
  [ErrorCode.TRANSFER_TOO_FREQUENT]: 'This phone was transferred too recently',
  [ErrorCode.TRANSFER_TARGET_NOT_FOUND]: 'The receiving account does not exist',
  [ErrorCode.TRANSFER_SELF]: 'A phone cannot be transferred to its own account',
  [ErrorCode.FILE_TOO_MANY]: 'Cannot select more than 3 files',
  [ErrorCode.FILE_TOO_LARGE]: 'Single file exceeds 2GB, upload cancelled',
  [ErrorCode.FILE_TYPE_INVALID]: 'Only .apk files can be uploaded',
  [ErrorCode.FILE_SHA512_MISMATCH]: 'File sha512 check failed',
  [ErrorCode.FILE_PARSE_ERROR]: 'Package parse error, please reselect',
  [ErrorCode.FILE_INSTALLING]: 'A file being installed cannot be deleted',
  [ErrorCode.FILE_UPLOAD_TIMEOUT]: 'Upload timeout',
  [ErrorCode.FILE_QUOTA_EXCEEDED]: 'Your uploaded files have reached their storage limit',
  [ErrorCode.FILE_NOT_EXIST]: 'The file does not exist',
  [ErrorCode.FILE_INCOMPLETE]: 'The file has not been uploaded completely',
  [ErrorCode.APP_ALREADY_EXISTS]: 'Application already exists',
  [ErrorCode.APP_NOT_INSTALLED]: 'The application is not installed on this phone',
  [ErrorCode.APP_SYSTEM_UNINSTALL]: 'A system application cannot be uninstalled',
  [ErrorCode.APP_PHONE_AUTHORIZED]: 'The applications of an authorized phone cannot be managed',
  [ErrorCode.APP_OPERATION_NOT_EXIST]: 'The operation does not exist',
  [ErrorCode.SYNC_AUTHORIZED]: 'Authorized device does not support sync',
  [ErrorCode.SYNC_COUNT_INVALID]: 'Group control takes 2 to 20 devices',
  [ErrorCode.SYNC_MAIN_NOT_MEMBER]: 'The main-control device must be one of the synced devices',
  [ErrorCode.SYNC_ALREADY_SYNCED]: 'The device is already in group control',
  [ErrorCode.SYNC_MAIN_CANNOT_LEAVE]: 'The main-control device cannot leave sync',
  [ErrorCode.SYNC_NOT_EXIST]: 'The group control does not exist',
  [ErrorCode.REPLACE_STATUS_NOT_ALLOWED]: 'The phone cannot be replaced in its current status',
  [ErrorCode.REPLACE_TIME_TOO_SHORT]: 'The phone has too little time left to be replaced',
  [ErrorCode.REPLACE_TOO_FREQUENT]: 'This phone was replaced too recently',
  [ErrorCode.REPLACE_AUTHORIZED]: 'An authorized phone cannot be replaced',
  [ErrorCode.TEMPLATE_MAX_LIMIT]: 'You have reached the maximum number of clone templates',
  [ErrorCode.TEMPLATE_DAY_LIMIT]: "You have reached today's clone template limit",
  [ErrorCode.TEMPLATE_TIME_TOO_SHORT]: 'Remaining time insufficient to create a clone template',
  [ErrorCode.TEMPLATE_NOT_EXIST]: 'The clone template does not exist',
  [ErrorCode.TEMPLATE_NOT_READY]: 'The clone template is not ready',
  [ErrorCode.TEMPLATE_EXPIRED]: 'The clone template has expired',
  [ErrorCode.CLONE_BATCH_LIMIT]: 'Too many devices to clone at once',
  [ErrorCode.CLONE_DAY_LIMIT]: "You have reached today's clone limit",
  [ErrorCode.CLONE_TIME_TOO_SHORT]: 'Remaining time insufficient to be cloned',
  [ErrorCode.CLONE_PHONE_AUTHORIZED]: 'An authorized device cannot be cloned or used as a template',
  [ErrorCode.CLONE_ORDER_NOT_EXIST]: 'The clone order does not exist',
  [ErrorCode.MOCK_MODEL_NOT_EXIST]: 'The device model does not exist',
  [ErrorCode.MOCK_PHONE_AUTHORIZED]: 'The model of an authorized phone cannot be changed',
  [ErrorCode.MOCK_TYPE_INVALID]: 'The type of change is not valid',
  [ErrorCode.AI_QUESTION_INVALID]: 'Please enter a question of at most 500 characters',
  [ErrorCode.AI_CONVERSATION_NOT_EXIST]: 'The conversation does not exist',
  [ErrorCode.FEEDBACK_TYPE_REQUIRED]: 'Please choose a feedback type',
  [ErrorCode.FEEDBACK_CONTENT_REQUIRED]: 'Please enter the feedback content',
  [ErrorCode.FEEDBACK_CONTENT_TOO_LONG]: 'The feedback content can be at most 500 characters',
  [ErrorCode.MESSAGE_NOT_EXIST]: 'The message does not exist',
} as const;
export type CatalogCode = keyof typeof ERROR_MESSAGES;

/** A code answered for a second cause, worded for that cause. */
const OTHER_CAUSES = {
  missingTenant: { code: ErrorCode.BAD_REQUEST, msg: MISSING_TENANT_MESSAGE },
  paymentNotExist: { code: ErrorCode.ORDER_NOT_EXIST, msg: 'The payment does not exist' },
  phonesChanged: { code: ErrorCode.ORDER_STATE_INVALID, msg: 'The phones of this order have changed, please place a new order' },
  redeemCodeUnknown: { code: ErrorCode.REDEEM_CODE_INVALID, msg: 'The redeem code is not valid' },
} as const;

/**
 * The server's wording of each input rule (mobile, SMS code, password, names; spec §5), keyed like the client's
 * validation (shared/validate.ts).
 */
const RULE_MESSAGES: Record<RuleKey, string> = {
  'validate.mobileRequired': 'Please enter the mobile number',
  'validate.mobileInvalid': 'Phone no is incorrect',
  'validate.codeRequired': 'Please enter the verification code',
  'validate.codeInvalid': 'Verification code must be 4-6 digits',
  'validate.passwordRequired': 'Please enter the password',
  'validate.passwordInvalid': 'Password must be 6-20 letters and digits',
  'validate.passwordsDiffer': 'Two consecutive passwords do not match',
  'validate.nameRequired': 'Please enter a name',
  'validate.nameInvalidCharacters': 'Name contains control, invisible or text-direction characters',
  'validate.nameTooLong': 'Name must be at most 20 characters',
};

// The streaming sockets' texts (their own messages and close reasons, not the envelope) are part of their protocol,
// which the client reads too: STREAM_MESSAGES in shared/contract/stream-protocol.ts.

/** Plain-text answers of the pages outside the API (no envelope). */
export const PAGE_MESSAGES = {
  notFound: 'Not found',
  forbidden: 'Forbidden',
  paymentNotExist: 'This payment does not exist',
  returnAddressInvalid: 'The return address must be a page of this app',
} as const;

/**
 * A business failure raised anywhere below a route; app.ts turns it into the envelope with HTTP 200,
 * so deep helpers (validation, SMS checks) can stop a request without threading results back up.
 */
export class ApiError extends Error {
  readonly code: number;
  /** The envelope's `data` (null unless a refusal carries details, e.g. MOBILE_CHANGE_TOO_SOON's nextChangeTime). */
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** The failure of `code` in its catalogue wording; `data` travels in the envelope (e.g. the phone that was refused). */
export function apiError(code: CatalogCode, data: unknown = null): ApiError {
  return new ApiError(code, ERROR_MESSAGES[code], data);
}

export function otherCause(cause: keyof typeof OTHER_CAUSES): ApiError {
  const { code, msg } = OTHER_CAUSES[cause];
  return new ApiError(code, msg);
}

/** BAD_REQUEST names what is wrong with the input, so its text is written where the input is read. */
export function badRequest(detail: string): ApiError {
  return new ApiError(ErrorCode.BAD_REQUEST, detail);
}

/** The server's wording of an input rule key (RULE_MESSAGES), or undefined for any other text. */
export function ruleMessage(text: string): string | undefined {
  return Object.hasOwn(RULE_MESSAGES, text) ? RULE_MESSAGES[text as RuleKey] : undefined;
}

/**
 * A throttled request (throttles.ts, sms-code.ts): `data.retryAfterSeconds` says how long to wait, rounded up to a
 * whole second, and envelope.ts repeats it in a Retry-After header.
 */
export function throttledError(code: CatalogCode, waitMs: number): ApiError {
  return apiError(code, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** The text names the UTC day; `data` carries the exact time for the client to show in its own zone. */
export function mobileChangeTooSoonError(nextChangeTime: number): ApiError {
  const date = new Date(nextChangeTime).toISOString().slice(0, 10);
  return new ApiError(ErrorCode.MOBILE_CHANGE_TOO_SOON, `The mobile number can be changed again after ${date}`, { nextChangeTime });
}

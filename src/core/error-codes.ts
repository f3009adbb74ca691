/**
 * Numeric reply codes of the API envelope `{code, msg, data}` (spec §7, §8).
 * Shared by the client (core/errors.ts maps each to translated text) and the
 * reference server (which answers with them), so both sides name one catalogue.
 * Another backend may send other codes: core/errors.ts also matches messages.
 */
export const ErrorCode = {
  SUCCESS: 0,
  /** Client-side only: an identical request is still in flight (spec §5, §8). */
  DUPLICATE_REQUEST: -1,
  /** Client-side only: the reply did not arrive (offline, DNS, reset). */
  NETWORK: -2,
  /** Client-side only: the 5 s request timeout elapsed. */
  TIMEOUT: -3,

  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,

  // Client (tenant) lookup
  CLIENT_NOT_FOUND: 1_002_000_001,
  // Accounts and verification (spec §5, §8)
  MOBILE_INVALID: 1_002_001_001,
  PASSWORD_INVALID: 1_002_001_002,
  LOGIN_FAILED: 1_002_001_003,
  ACCOUNT_EXPIRED: 1_002_001_004,
  ACCOUNT_NOT_FOUND: 1_002_001_005,
  SMS_CODE_INVALID: 1_002_002_001,
  SMS_CODE_WRONG: 1_002_002_002,
  SMS_CODE_EXPIRED: 1_002_002_003,
  SMS_SEND_FAILED: 1_002_002_004,
  SMS_SEND_TOO_FREQUENT: 1_002_002_005,
  PASSWORDS_DIFFER: 1_002_002_006,
  // Accounts: guest trial, profile, number change, invite
  TRIAL_ENDED: 1_002_003_001,
  GUEST_NOT_ALLOWED: 1_002_003_002,
  MOBILE_ALREADY_BOUND: 1_002_003_003,
  MOBILE_CHANGE_TOO_SOON: 1_002_003_004,
  OLD_PASSWORD_WRONG: 1_002_003_005,
  INVITE_CODE_INVALID: 1_002_003_006,
  INVITE_NOT_ALLOWED: 1_002_003_007,
  NAME_INVALID: 1_002_003_008,
  // Devices: phones, groups, batch operations
  DEVICE_NOT_EXIST: 1_003_001_001,
  DEVICE_VALIDITY_UNDER_10_MINUTES: 1_003_001_002,
  DEVICE_BUSY: 1_003_001_003,
  DEVICE_EXPIRED: 1_003_001_004,
  DEVICE_MAINTENANCE: 1_003_001_005,
  DEVICE_OFFLINE: 1_003_001_006,
  BATCH_LIMIT_EXCEEDED: 1_003_001_007,
  RESOLUTION_INVALID: 1_003_001_008,
  /** The phone's host reports a hardware or system fault (its list status shows `maintenance`). */
  DEVICE_FAULT: 1_003_001_009,
  /** The phone's host has lost its link to the platform (its list status shows `offline`). */
  DEVICE_NOT_CONNECTED: 1_003_001_010,
  DEVICE_REPLACING: 1_003_001_011,
  DEVICE_MIGRATED: 1_003_001_012,
  /** A reboot, quick restart or reset was attempted on a faulty phone and did not complete. */
  RESTART_FAILED: 1_003_001_013,
  /** A setting applied by a command on the phone (root, resolution) failed on a faulty phone. */
  COMMAND_EXCEPTION: 1_003_001_014,
  /** The stream token cannot be issued: the phone's instance is being rebuilt by a reset. */
  TOKEN_FETCH_FAILED: 1_003_001_015,
  GROUP_NOT_EXIST: 1_003_002_001,
  GROUP_DEFAULT_IMMUTABLE: 1_003_002_002,
  GROUP_NAME_DUPLICATE: 1_003_002_003,
  // Commerce: orders, payments, coupons, codes
  STOCK_INSUFFICIENT: 1_004_001_001,
  PACKAGE_NOT_EXIST: 1_004_001_002,
  QUANTITY_INVALID: 1_004_001_003,
  UPGRADE_REMAINING_TOO_SHORT: 1_004_001_004,
  UPGRADE_NOT_HIGHER: 1_004_001_005,
  UPGRADE_TOO_LONG: 1_004_001_006,
  UPGRADE_AUTHORIZED: 1_004_001_007,
  RENEW_TOO_LONG: 1_004_001_008,
  /** An upgrade is paid after its phone fell under the 1 day an upgrade needs (spec §9). */
  REMAINING_TIME_INSUFFICIENT: 1_004_001_009,
  ORDER_NOT_EXIST: 1_004_002_001,
  ORDER_STATE_INVALID: 1_004_002_002,
  ORDER_ALREADY_PAID: 1_004_002_003,
  PAYMENT_METHOD_INVALID: 1_004_002_004,
  COUPON_UNAVAILABLE: 1_004_003_001,
  CODE_COUNT_MISMATCH: 1_004_004_001,
  CODE_FORMAT_INVALID: 1_004_004_002,
  REDEEM_CODE_INVALID: 1_004_004_003,
  REDEEM_CODE_USED: 1_004_004_004,
  /** Activation outcomes narrower than their spec §4 state `specMismatch` (the reply's per-code errorCode). */
  ACTIVATION_RENEWAL_ONLY: 1_004_004_005,
  ACTIVATION_PURCHASE_ONLY: 1_004_004_006,
  ACTIVATION_NOT_BOUND: 1_004_004_007,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The message the reference server sends when the tenant-id header is missing (spec §8: a 400 about a missing tenant logs out). */
export const MISSING_TENANT_MESSAGE = 'Tenant identifier missing from the request';

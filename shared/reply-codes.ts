/**
 * The reply codes one by one, which shared/error-codes.ts exports as the `ErrorCode` namespace. One export per code
 * (not one object) lets the bundler keep in the first screen only the few the http client and boot compare with.
 */
export const SUCCESS = 0;
/** Client-side only: an identical request is still in flight (spec §5, §8). */
export const DUPLICATE_REQUEST = -1;
/** Client-side only: the reply did not arrive (offline, DNS, reset). */
export const NETWORK = -2;
/** Client-side only: the 5 s request timeout elapsed. */
export const TIMEOUT = -3;

export const BAD_REQUEST = 400;
export const UNAUTHORIZED = 401;
export const FORBIDDEN = 403;
export const NOT_FOUND = 404;
export const METHOD_NOT_ALLOWED = 405;
export const PAYLOAD_TOO_LARGE = 413;
export const TOO_MANY_REQUESTS = 429;
export const SERVER_ERROR = 500;
export const NOT_IMPLEMENTED = 501;
export const BAD_GATEWAY = 502;
export const SERVICE_UNAVAILABLE = 503;
export const GATEWAY_TIMEOUT = 504;

// Client (tenant) lookup
export const CLIENT_NOT_FOUND = 1_002_000_001;
// Accounts and verification (spec §5, §8)
export const MOBILE_INVALID = 1_002_001_001;
export const PASSWORD_INVALID = 1_002_001_002;
export const LOGIN_FAILED = 1_002_001_003;
export const ACCOUNT_EXPIRED = 1_002_001_004;
export const ACCOUNT_NOT_FOUND = 1_002_001_005;
export const SMS_CODE_INVALID = 1_002_002_001;
export const SMS_CODE_WRONG = 1_002_002_002;
export const SMS_CODE_EXPIRED = 1_002_002_003;
export const SMS_SEND_FAILED = 1_002_002_004;
export const SMS_SEND_TOO_FREQUENT = 1_002_002_005;
export const PASSWORDS_DIFFER = 1_002_002_006;
// Accounts: guest trial, profile, number change, invite
export const TRIAL_ENDED = 1_002_003_001;
export const GUEST_NOT_ALLOWED = 1_002_003_002;
export const MOBILE_ALREADY_BOUND = 1_002_003_003;
export const MOBILE_CHANGE_TOO_SOON = 1_002_003_004;
export const OLD_PASSWORD_WRONG = 1_002_003_005;
export const INVITE_CODE_INVALID = 1_002_003_006;
export const INVITE_NOT_ALLOWED = 1_002_003_007;
export const NAME_INVALID = 1_002_003_008;
// Devices: phones, groups, batch operations
export const DEVICE_NOT_EXIST = 1_003_001_001;
export const DEVICE_VALIDITY_UNDER_10_MINUTES = 1_003_001_002;
export const DEVICE_BUSY = 1_003_001_003;
export const DEVICE_EXPIRED = 1_003_001_004;
export const DEVICE_MAINTENANCE = 1_003_001_005;
export const DEVICE_OFFLINE = 1_003_001_006;
export const BATCH_LIMIT_EXCEEDED = 1_003_001_007;
export const RESOLUTION_INVALID = 1_003_001_008;
/** The phone's host reports a hardware or system fault (its list status shows `maintenance`). */
export const DEVICE_FAULT = 1_003_001_009;
/** The phone's host has lost its link to the platform (its list status shows `offline`). */
export const DEVICE_NOT_CONNECTED = 1_003_001_010;
export const DEVICE_REPLACING = 1_003_001_011;
export const DEVICE_MIGRATED = 1_003_001_012;
/** A reboot, quick restart or reset was attempted on a faulty phone and did not complete. */
export const RESTART_FAILED = 1_003_001_013;
/** A setting applied by a command on the phone (root, resolution) failed on a faulty phone. */
export const COMMAND_EXCEPTION = 1_003_001_014;
/** The stream token cannot be issued: the phone's instance is being rebuilt by a reset. */
export const TOKEN_FETCH_FAILED = 1_003_001_015;
/** A template is being cloned onto the phone: it takes nothing else until the clone ends. */
export const DEVICE_CLONING = 1_003_001_016;
/** A replacement did not complete: the phone is back as it was (spec §8 "replacement failed"). */
export const REPLACE_FAILED = 1_003_001_017;
export const GROUP_NOT_EXIST = 1_003_002_001;
export const GROUP_DEFAULT_IMMUTABLE = 1_003_002_002;
export const GROUP_NAME_DUPLICATE = 1_003_002_003;
// Commerce: orders, payments, coupons, codes
export const STOCK_INSUFFICIENT = 1_004_001_001;
export const PACKAGE_NOT_EXIST = 1_004_001_002;
export const QUANTITY_INVALID = 1_004_001_003;
export const UPGRADE_REMAINING_TOO_SHORT = 1_004_001_004;
export const UPGRADE_NOT_HIGHER = 1_004_001_005;
export const UPGRADE_TOO_LONG = 1_004_001_006;
export const UPGRADE_AUTHORIZED = 1_004_001_007;
export const RENEW_TOO_LONG = 1_004_001_008;
/** An upgrade is paid after its phone fell under the 1 day an upgrade needs (spec §9). */
export const REMAINING_TIME_INSUFFICIENT = 1_004_001_009;
export const ORDER_NOT_EXIST = 1_004_002_001;
export const ORDER_STATE_INVALID = 1_004_002_002;
export const ORDER_ALREADY_PAID = 1_004_002_003;
export const PAYMENT_METHOD_INVALID = 1_004_002_004;
export const COUPON_UNAVAILABLE = 1_004_003_001;
export const CODE_COUNT_MISMATCH = 1_004_004_001;
export const CODE_FORMAT_INVALID = 1_004_004_002;
export const REDEEM_CODE_INVALID = 1_004_004_003;
export const REDEEM_CODE_USED = 1_004_004_004;
/** Activation outcomes narrower than their spec §4 state `specMismatch` (the reply's per-code errorCode). */
export const ACTIVATION_RENEWAL_ONLY = 1_004_004_005;
export const ACTIVATION_PURCHASE_ONLY = 1_004_004_006;
export const ACTIVATION_NOT_BOUND = 1_004_004_007;
// Grants (authorisation to another account, by account or by code)
export const GRANT_DAYS_INVALID = 1_003_003_001;
export const GRANT_DAYS_OVER_REMAINING = 1_003_003_002;
/** The grantee already holds the most authorised phones an account may (20). */
export const GRANT_LIMIT_REACHED = 1_003_003_003;
export const GRANT_TARGET_NOT_FOUND = 1_003_003_004;
export const GRANT_SELF = 1_003_003_005;
export const GRANT_CODE_INVALID = 1_003_003_006;
export const GRANT_CODE_USED = 1_003_003_007;
/** A phone with a live share link cannot be authorised (spec §4, mutual exclusions). */
export const GRANT_PHONE_SHARED = 1_003_003_008;
/** The phone already has a live grant or an unredeemed grant code. */
export const GRANT_PHONE_AUTHORIZED = 1_003_003_009;
export const GRANT_NOT_EXIST = 1_003_003_010;
/** A grant is made only with its agreement ticked (spec §5). */
export const GRANT_AGREEMENT_REQUIRED = 1_003_003_011;
// Screen sharing by link
export const SHARE_ROOM_FULL = 1_003_004_001;
export const SHARE_BLOCKED = 1_003_004_002;
/** The link was ended, replaced, expired or never existed: one answer, so a token reveals nothing. */
export const SHARE_ENDED = 1_003_004_003;
/** A phone with a grant or a grant code cannot be shared (spec §4, mutual exclusions). */
export const SHARE_PHONE_AUTHORIZED = 1_003_004_004;
export const SHARE_VIEWER_NOT_EXIST = 1_003_004_005;
// Transfers to another account
export const TRANSFER_AUTHORIZED = 1_003_005_001;
export const TRANSFER_TIME_TOO_SHORT = 1_003_005_002;
export const TRANSFER_USER_DAY_LIMIT = 1_003_005_003;
export const TRANSFER_PHONE_DAY_LIMIT = 1_003_005_004;
export const TRANSFER_TOO_FREQUENT = 1_003_005_005;
export const TRANSFER_TARGET_NOT_FOUND = 1_003_005_006;
export const TRANSFER_SELF = 1_003_005_007;
// Files uploaded to install on phones (spec §8 "Files")
export const FILE_TOO_MANY = 1_003_008_001;
export const FILE_TOO_LARGE = 1_003_008_002;
/** Not an Android package by its name (spec §5: the extension must be valid). */
export const FILE_TYPE_INVALID = 1_003_008_003;
export const FILE_SHA512_MISMATCH = 1_003_008_004;
export const FILE_PARSE_ERROR = 1_003_008_005;
/** A file one of whose phones is installing it cannot be deleted (spec §5). */
export const FILE_INSTALLING = 1_003_008_006;
export const FILE_UPLOAD_TIMEOUT = 1_003_008_007;
/** The account's stored uploads would pass its quota. */
export const FILE_QUOTA_EXCEEDED = 1_003_008_008;
export const FILE_NOT_EXIST = 1_003_008_009;
/** The bytes are not all in yet: the check waits for the last one. */
export const FILE_INCOMPLETE = 1_003_008_010;
// Apps (batch management by package name; server/API.md "Apps")
export const APP_ALREADY_EXISTS = 1_003_006_001;
export const APP_NOT_INSTALLED = 1_003_006_002;
/** Built-in apps are part of the phone's system: they start and stop, they are never removed. */
export const APP_SYSTEM_UNINSTALL = 1_003_006_003;
/** A phone lent to the caller (a grant) is the owner's to install on and remove from. */
export const APP_PHONE_AUTHORIZED = 1_003_006_004;
export const APP_OPERATION_NOT_EXIST = 1_003_006_005;
// Group control (sync mode)
/** A phone lent to the caller by a grant cannot join a sync group (spec: "authorised device does not support sync"). */
export const SYNC_AUTHORIZED = 1_003_007_001;
/** A sync group holds 2 to 20 phones (the main-control window's limit). */
export const SYNC_COUNT_INVALID = 1_003_007_002;
export const SYNC_MAIN_NOT_MEMBER = 1_003_007_003;
/** The phone already follows or leads another sync group. */
export const SYNC_ALREADY_SYNCED = 1_003_007_004;
export const SYNC_MAIN_CANNOT_LEAVE = 1_003_007_005;
export const SYNC_NOT_EXIST = 1_003_007_006;
// Replacement of phones (spec §4 replace types, §9 PHONE_REPLACE_* keys; server/API.md "Replacement")
/** The phone's business status is one the tenant's PHONE_REPLACE_BUSINESS_STATUS_LIMIT names. */
export const REPLACE_STATUS_NOT_ALLOWED = 1_003_009_001;
/** Less validity left than PHONE_REPLACE_PHONE_EXPIRE_TIME_LIMIT hours. */
export const REPLACE_TIME_TOO_SHORT = 1_003_009_002;
/** Replaced less than PHONE_REPLACE_PHONE_FREQUENCY_LIMIT hours ago. */
export const REPLACE_TOO_FREQUENT = 1_003_009_003;
/** A phone lent to the caller (a grant) is its owner's to replace. */
export const REPLACE_AUTHORIZED = 1_003_009_004;
// Clones and clone templates (server/API.md "Clones and templates")
/** The account keeps as many templates as the tenant allows (PHONE_TEMPLATE_BY_USER_MAX_NUM_LIMIT). */
export const TEMPLATE_MAX_LIMIT = 1_003_010_001;
export const TEMPLATE_DAY_LIMIT = 1_003_010_002;
/** The source phone has fewer hours left than PHONE_TEMPLATE_BY_EXPIRE_TIME_LIMIT (spec §8 "remaining time insufficient"). */
export const TEMPLATE_TIME_TOO_SHORT = 1_003_010_003;
/** No such template of the caller's: another account's, removed, or none at all. */
export const TEMPLATE_NOT_EXIST = 1_003_010_004;
/** The template is still being created, or its creation failed: it cannot be cloned. */
export const TEMPLATE_NOT_READY = 1_003_010_005;
export const TEMPLATE_EXPIRED = 1_003_010_006;
export const CLONE_BATCH_LIMIT = 1_003_010_007;
export const CLONE_DAY_LIMIT = 1_003_010_008;
/** A target phone has fewer hours left than PHONE_CLONE_BY_EXPIRE_TIME_LIMIT (spec §8 "remaining time insufficient"). */
export const CLONE_TIME_TOO_SHORT = 1_003_010_009;
/** A phone lent to the caller by a grant is its owner's to take a template from or clone onto. */
export const CLONE_PHONE_AUTHORIZED = 1_003_010_010;
export const CLONE_ORDER_NOT_EXIST = 1_003_010_011;
// New machine: change of device model (server/API.md "New machine")
/** No model of the server's catalogue has that id. */
export const MOCK_MODEL_NOT_EXIST = 1_003_011_001;
/** A phone lent to the caller (a grant) is its owner's to change. */
export const MOCK_PHONE_AUTHORIZED = 1_003_011_002;
/** The type of change is none of ALL, IMEI, WLAN_MAC, ANDROID_ID, SERIAL_NO. */
export const MOCK_TYPE_INVALID = 1_003_011_003;
// AI assistant (server/API.md "Assistant")
/** The question is empty or longer than 500 characters. */
export const AI_QUESTION_INVALID = 1_005_001_001;
/** No such conversation or answer of the caller's (another user's reads the same). */
export const AI_CONVERSATION_NOT_EXIST = 1_005_001_002;
/** Spec §5: the feedback type must be chosen (one of FEEDBACK_TYPES). */
export const FEEDBACK_TYPE_REQUIRED = 1_005_001_003;
/** Spec §5: the feedback content must not be empty. */
export const FEEDBACK_CONTENT_REQUIRED = 1_005_001_004;
export const FEEDBACK_CONTENT_TOO_LONG = 1_005_001_005;
// Message centre (server/API.md "Messages")
/** No such message of the caller's: another account's, or none at all. */
export const MESSAGE_NOT_EXIST = 1_006_001_001;

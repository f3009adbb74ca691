import { positiveInteger, readSettings, setting, type ValuesOf } from './environment.ts';

// What the server refuses to do too often and how much analytics it keeps (throttles.ts uses them), as rows of the
// configuration table (server/configuration.ts): each number, its variable and what it limits. The descriptions are
// the README's words; the configuration-table test holds the two equal.

export const LIMIT_SETTINGS = {
  loginAccountMaxFailures: setting('LOGIN_ACCOUNT_MAX_FAILURES', positiveInteger, 5,
    'wrong passwords of one account (tenant + mobile, registered or not) before a lock; after half of them each failure makes the next try wait 2 s, doubling; a successful login resets it'),
  loginAddressMaxFailures: setting('LOGIN_ADDRESS_MAX_FAILURES', positiveInteger, 50,
    'wrong passwords from one client address, whatever the accounts, before the address is locked (the same growing waits)'),
  codeAccountMaxFailures: setting('CODE_ACCOUNT_MAX_FAILURES', positiveInteger, 20,
    "unknown activation, redeem and grant codes, and unknown accounts named as a grantee or a transfer's receiver, tried by one account before a lock (the same growing waits)"),
  codeAddressMaxFailures: setting('CODE_ADDRESS_MAX_FAILURES', positiveInteger, 50, 'the same from one client address'),
  lockSeconds: setting('THROTTLE_LOCK_SECONDS', positiveInteger, 15 * 60, 'how long a lock of the four above lasts'),
  smsAddressPerHour: setting('SMS_ADDRESS_LIMIT_PER_HOUR', positiveInteger, 30,
    'SMS codes one client address may have sent in any hour, to all numbers (per number, tenant, scene and address: one a minute, ten a day)'),
  smsAddressGroupPerHour: setting('SMS_ADDRESS_GROUP_LIMIT_PER_HOUR', positiveInteger, 100,
    'the same for one address group: an IPv4 /24 (IPv6 clients are counted by their /64 throughout)'),
  smsPrefixPerHour: setting('SMS_PREFIX_LIMIT_PER_HOUR', positiveInteger, 50,
    "SMS codes sent to the numbers of one 7-digit prefix of a tenant in any hour (never refusing the owner's device or a number's first code of the hour)"),
  smsGlobalPerHour: setting('SMS_GLOBAL_LIMIT_PER_HOUR', positiveInteger, 1000,
    "SMS codes the whole server sends in any hour; past four fifths of it only the owner's device (3 a number and address group) and a number's first code of the hour (up to the remaining fifth in all) go, from the reserve (sms-send-limits.ts); others answer \"code send failed\""),
  smsReserveGroupPerHour: setting('SMS_RESERVE_GROUP_LIMIT_PER_HOUR', positiveInteger, 20,
    "first codes of the hour one address group may take from that reserve in any hour (the owner's codes are not counted)"),
  guestAddressPerHour: setting('GUEST_ADDRESS_LIMIT_PER_HOUR', positiveInteger, 10, 'guest trials one client address may start in any hour'),
  guestDevicePerHour: setting('GUEST_DEVICE_LIMIT_PER_HOUR', positiveInteger, 3, 'guest trials one device (its `fingerprint-id` header) may start in any hour'),
  shareJoinAddressPerHour: setting('SHARE_JOIN_ADDRESS_LIMIT_PER_HOUR', positiveInteger, 120,
    'joins of screen-share links from one client address in any hour (a link cannot be flooded with viewers)'),
  analyticsAddressPerMinute: setting('ANALYTICS_ADDRESS_LIMIT_PER_MINUTE', positiveInteger, 60,
    'analytics sends (each at most 50 events) one client address may make in any minute'),
  analyticsAddressGroupPerMinute: setting('ANALYTICS_ADDRESS_GROUP_LIMIT_PER_MINUTE', positiveInteger, 240, 'the same for one address group (IPv4 /24, IPv6 /64)'),
  analyticsPropertiesMaxBytes: setting('ANALYTICS_PROPERTIES_MAX_BYTES', positiveInteger, 2048,
    "UTF-8 bytes of one analytics event's properties as stored JSON; the first properties that fit are kept, the rest dropped (data/analytics.ts)"),
  analyticsTenantEventsPerDay: setting('ANALYTICS_TENANT_EVENTS_PER_DAY', positiveInteger, 200_000,
    'analytics events stored per tenant per UTC day; the events of sends past it are answered as taken and dropped'),
  analyticsRetentionDays: setting('ANALYTICS_RETENTION_DAYS', positiveInteger, 30,
    'days an analytics event is kept after it was received; a sweep at start and each hour deletes older ones'),
  assistantUserPerMinute: setting('ASSISTANT_QUESTIONS_PER_MINUTE', positiveInteger, 20,
    'questions one user may ask the assistant in any minute (each answer holds a stream and searches the help pages)'),
  assistantAddressPerMinute: setting('ASSISTANT_ADDRESS_QUESTIONS_PER_MINUTE', positiveInteger, 60,
    'questions to the assistant from one client address in any minute, whoever asks: guests need no account, so a script starting trials would otherwise get a fresh allowance with each'),
  assistantFeedbackUserPerHour: setting('ASSISTANT_FEEDBACK_PER_HOUR', positiveInteger, 10,
    'feedback messages one user may send the assistant in any hour (each is stored for the operators to read)'),
};

/** The numbers, one per row above. */
export type Limits = ValuesOf<typeof LIMIT_SETTINGS>;

/** Every limit at its default: the rows read from an empty environment. */
export const DEFAULT_LIMITS: Limits = readSettings(LIMIT_SETTINGS, {}).values;

/** Each limit's environment variable, by name (derived from the rows). */
export const LIMIT_ENV: Record<string, keyof Limits> = Object.fromEntries(
  Object.entries(LIMIT_SETTINGS).map(([key, row]) => [row.name, key as keyof Limits]),
);

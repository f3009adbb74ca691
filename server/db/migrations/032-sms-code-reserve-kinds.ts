import type { Migration } from './migration.ts';

export const migration032: Migration = {
  version: 32,
  name: "SMS codes: the reserve's first codes of the hour told from the owner's, and the index of their server total",
  // `reserved` now holds the share a code was sent from (data/sms-codes.ts SmsShare): 0 the open share, 1 the reserve
  // as a number's first code of the hour, 2 the reserve as the owner's. Codes marked 1 before this version count as
  // first codes of the hour, which errs toward refusing strangers for at most an hour. The first codes of the hour
  // have a server-wide total (lib/sms-send-limits.ts), read newest first from this index.
  sql: `
      CREATE INDEX sms_codes_first_of_hour ON sms_codes (created_at) WHERE reserved = 1;
  `,
};

import type { Migration } from './migration.ts';

export const migration031: Migration = {
  version: 31,
  name: 'SMS codes: the share of the server cap each was sent from',
  // `reserved` holds the share a code was sent from (data/sms-codes.ts SmsShare): 0 the open share, 1 the reserve as a
  // number's first code of the hour, 2 the reserve as the owner's. The reserve is counted per address group, per
  // number and group, and for first codes in total (lib/sms-send-limits.ts); codes sent before this version count as
  // the open share's.
  sql: `
      ALTER TABLE sms_codes ADD COLUMN reserved INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX sms_codes_reserved ON sms_codes (client_address, created_at) WHERE reserved = 1;
      CREATE INDEX sms_codes_first_of_hour ON sms_codes (created_at) WHERE reserved = 1;
      CREATE INDEX sms_codes_number ON sms_codes (tenant_id, mobile, created_at);
  `,
};

import type { Migration } from './migration.ts';

export const migration031: Migration = {
  version: 31,
  name: "SMS codes: whether each was sent from the reserve past the server cap's open share",
  // The reserve is counted per number and address group (lib/sms-send-limits.ts), so its sends must be told apart
  // from the open share's. Codes sent before this version count as the open share's.
  sql: `
      ALTER TABLE sms_codes ADD COLUMN reserved INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX sms_codes_reserved ON sms_codes (client_address, created_at) WHERE reserved = 1;
      CREATE INDEX sms_codes_number ON sms_codes (tenant_id, mobile, created_at);
  `,
};

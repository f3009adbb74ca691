import type { Migration } from './migration.ts';

export const migration008: Migration = {
  version: 8,
  name: 'SMS codes: the address that asked for each, for the per-requester and per-address send limits',
  // Codes sent before this version have no known address; they count as one unknown requester ('').
  sql: `
      ALTER TABLE sms_codes ADD COLUMN client_address TEXT NOT NULL DEFAULT '';
      CREATE INDEX sms_codes_requester ON sms_codes (tenant_id, mobile, scene, client_address, created_at);
      CREATE INDEX sms_codes_address ON sms_codes (client_address, created_at);
      CREATE INDEX sms_codes_created ON sms_codes (created_at);
      DROP INDEX sms_codes_daily;
  `,
};

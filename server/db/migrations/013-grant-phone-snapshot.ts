import type { Migration } from './migration.ts';

export const migration013: Migration = {
  version: 13,
  name: "grants keep the phone's number and name as they were when granted",
  // A grant's records outlive the phone's ownership: once the phone changes hands, its new owner's renaming is not
  // the old owner's business, so the records read these columns (data/grants.ts) rather than the phone's row.
  // Existing grants take the phone's number and name as they are now.
  sql: `
      ALTER TABLE phone_grants ADD COLUMN phone_no TEXT NOT NULL DEFAULT '';
      ALTER TABLE phone_grants ADD COLUMN phone_name TEXT NOT NULL DEFAULT '';
      UPDATE phone_grants SET
        phone_no = (SELECT phone_no FROM phones WHERE phones.id = phone_grants.phone_id),
        phone_name = (SELECT name FROM phones WHERE phones.id = phone_grants.phone_id);
  `,
};

import type { Migration } from './migration.ts';

export const migration027: Migration = {
  version: 27,
  name: 'users: when the first-run guide was seen',
  // NULL while the account has yet to finish or skip the home guide (server/API.md "First-run guide"). Only sign-up
  // (sms-login of a new number) writes NULL. The default 0, "seen before there was a guide", covers the accounts
  // that exist when this runs (they have used the app already, an upgrade does not greet them with a first-run
  // tour), the seeded demo users and guests; and an insert that names no guide (the seed on an older schema) works.
  sql: `
      ALTER TABLE users ADD COLUMN guide_seen_at INTEGER DEFAULT 0;
  `,
};

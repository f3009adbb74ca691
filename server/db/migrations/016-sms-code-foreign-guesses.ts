import type { Migration } from './migration.ts';

export const migration016: Migration = {
  version: 16,
  name: 'wrong guesses of an SMS code from other addresses than its requester, counted apart',
  // `attempts` now counts wrong guesses from the address that asked for the code only; guesses from any other
  // address count in `foreign_attempts`, so a stranger's five wrong guesses void the code for strangers, not for its
  // owner (lib/sms-code.ts). Versions 13-15 are other changes'; this one is independent of them.
  sql: `
      ALTER TABLE sms_codes ADD COLUMN foreign_attempts INTEGER NOT NULL DEFAULT 0;
  `,
};

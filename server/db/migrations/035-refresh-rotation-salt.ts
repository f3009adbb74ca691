import type { Migration } from './migration.ts';

const addSalt = 'ALTER TABLE sessions ADD COLUMN rotation_salt TEXT;';

export const migration035: Migration = {
  version: 35,
  name: 'Sessions: the salt a refresh token was rotated with, while its new pair may still be given again',
  // The pair a refresh token rotates into is derived from that token, the rotating device, this salt and a server
  // key (lib/tokens.ts), so every instance sharing the database gives the same pair again within the reuse interval.
  // The salt goes once that pair is used or its chain ends, so an old token alone can never be walked forward.
  sql: addSalt,
  postgres: addSalt,
};

import type { Migration } from './migration.ts';

export const migration007: Migration = {
  version: 7,
  name: 'stream security tokens belong to the login session that asked for them',
  // Tokens issued before this version have no session and no longer open a stream (they lived 24 h at most).
  sql: `
      ALTER TABLE phone_security_tokens ADD COLUMN session_id INTEGER REFERENCES sessions(id) ON DELETE CASCADE;
      CREATE INDEX phone_security_tokens_session ON phone_security_tokens (session_id);
  `,
};

import type { Migration } from './migration.ts';

export const migration010: Migration = {
  version: 10,
  name: 'phone access for grantees and share viewers; stream tokens carry the role they were issued for',
  // A row lets someone who does not own a phone open its stream: a grant (the owner lends it to another account)
  // or a share (a viewer who joined the owner's share link). The owner at the time is recorded, so a transfer ends
  // it, as does the phone's expiry (expires_at never outlives the phone) or an explicit revocation. The stream
  // reads `permission` on every re-check, so a change (the owner moving a grantee to view) reaches open sockets.
  sql: `
      CREATE TABLE phone_access (
        id INTEGER PRIMARY KEY,
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('grant', 'share')),
        permission TEXT NOT NULL CHECK (permission IN ('view', 'control')),
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX phone_access_user ON phone_access (user_id, phone_id);
      CREATE INDEX phone_access_phone ON phone_access (phone_id);
      ALTER TABLE phone_security_tokens ADD COLUMN access_id INTEGER REFERENCES phone_access(id) ON DELETE CASCADE;
  `,
};

import type { Migration } from './migration.ts';

export const migration011: Migration = {
  version: 11,
  name: 'live grid tickets',
  // One ticket opens one live-grid socket (API.md "Live grid") for the user who asked, as long as the login session
  // that asked is live: stored as a digest like every token. Version 10 is another change's; the two are independent.
  sql: `
      CREATE TABLE grid_tickets (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        ticket_hash TEXT NOT NULL UNIQUE,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX grid_tickets_expiry ON grid_tickets (expires_at);
      CREATE INDEX grid_tickets_session ON grid_tickets (session_id);
  `,
};

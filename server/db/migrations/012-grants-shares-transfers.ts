import type { Migration } from './migration.ts';

export const migration012: Migration = {
  version: 12,
  name: 'grants, screen shares and their viewers, transfer orders',
  // Three ways a phone reaches someone else (spec §1, §3, §4), in one migration because their rules read each
  // other's rows: a phone with a live share link cannot be granted, one with a grant (or an unredeemed grant code)
  // cannot be shared, an authorised phone cannot be transferred, and a transfer ends the shares and grants on the
  // phones it moves (server/data/phone-exclusions.ts holds those cross-reads).
  //
  // Secrets (grant codes, share tokens, viewer keys) are stored as SHA-256 digests only, like session tokens.
  sql: `
      -- A grant lends a phone to another account of the tenant: by account (grantee known at once) or by code
      -- (grantee set on redemption). Its access row (phone_access, kind 'grant') is what the stream reads.
      -- expires_at = min(created_at + days, the phone's expiry): the grant never outlives its phone.
      CREATE TABLE phone_grants (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode TEXT NOT NULL CHECK (mode IN ('account', 'code')),
        permission TEXT NOT NULL CHECK (permission IN ('view', 'control')),
        days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 999),
        code_hash TEXT UNIQUE,
        -- The code's last characters, so the owner can tell codes apart in the records without the code itself.
        code_hint TEXT,
        grantee_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        access_id INTEGER REFERENCES phone_access(id) ON DELETE SET NULL,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        redeemed_at INTEGER,
        -- Set when the owner revokes it or a transfer moves the phone; an expired grant is told by expires_at.
        ended_at INTEGER,
        end_reason TEXT CHECK (end_reason IN ('revoked', 'transferred')),
        CHECK ((mode = 'code') = (code_hash IS NOT NULL)),
        CHECK (mode = 'code' OR grantee_id IS NOT NULL)
      );
      CREATE INDEX phone_grants_phone ON phone_grants (phone_id);
      CREATE INDEX phone_grants_owner ON phone_grants (owner_id, id);
      CREATE INDEX phone_grants_grantee ON phone_grants (grantee_id, id);

      -- A share link of a phone: one live link per phone (creating one ends the previous).
      CREATE TABLE phone_shares (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        permission TEXT NOT NULL CHECK (permission IN ('view', 'control')),
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        ended_at INTEGER,
        end_reason TEXT CHECK (end_reason IN ('replaced', 'ended', 'transferred'))
      );
      CREATE INDEX phone_shares_phone ON phone_shares (phone_id, id);
      CREATE INDEX phone_shares_owner ON phone_shares (owner_id, id);

      -- Someone who opened a share link: with an account (user_id) or without one (only a display name). The
      -- browser holds the viewer key (its digest here), which authenticates its stream socket and its rejoin.
      CREATE TABLE share_viewers (
        id INTEGER PRIMARY KEY,
        share_id INTEGER NOT NULL REFERENCES phone_shares(id) ON DELETE CASCADE,
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        display_name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        permission TEXT NOT NULL CHECK (permission IN ('view', 'control')),
        state TEXT NOT NULL CHECK (state IN ('enabled', 'disabled', 'cancelled', 'shielded', 'unblocked')),
        control_requested_at INTEGER,
        joined_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX share_viewers_share ON share_viewers (share_id, id);

      -- A transfer moves 1-5 phones from one account to another of the same tenant; each phone has its item.
      CREATE TABLE transfer_orders (
        id INTEGER PRIMARY KEY,
        order_no TEXT NOT NULL UNIQUE,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        from_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        to_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX transfer_orders_from ON transfer_orders (from_user_id, id);
      CREATE INDEX transfer_orders_to ON transfer_orders (to_user_id, id);
      CREATE TABLE transfer_items (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES transfer_orders(id) ON DELETE CASCADE,
        phone_id INTEGER NOT NULL REFERENCES phones(id) ON DELETE CASCADE,
        phone_no TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('waiting', 'transferring', 'failed', 'success')),
        reason_code INTEGER,
        finished_at INTEGER
      );
      CREATE INDEX transfer_items_order ON transfer_items (order_id);
      CREATE INDEX transfer_items_phone ON transfer_items (phone_id, finished_at);
  `,
};

import type { Migration } from './migration.ts';

export const migration014: Migration = {
  version: 14,
  name: 'share viewers: when each was last seen (joined, or a socket open)',
  // A viewer is in the room while seen within the grace period (data/shares.ts): joins that never open a socket stop
  // holding places, and nothing depends on timers that a restart loses. Existing rows start unseen: after the
  // migration nobody counts as in the room until they join or connect again.
  sql: `
      ALTER TABLE share_viewers ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
  `,
};

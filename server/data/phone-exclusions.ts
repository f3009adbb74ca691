import type { Db } from '../lib/types.ts';

// What grants, shares and transfers read of each other (migration 012; spec §4 "Mutual exclusions", §6): a phone with
// a live share link cannot be granted, a phone with a live grant or an unredeemed grant code cannot be shared, an
// authorised phone cannot be transferred (nor upgraded or synced), and a transfer ends every share and grant of the
// phones it moves. "Live" always includes "still owned by whoever made it": a transfer ends it even before the
// rows are marked.

/** The phone has a share link that is not ended, not expired, and was made by its current owner. */
export async function phoneHasLiveShare(db: Db, phoneId: number, now: number): Promise<boolean> {
  return (
    await db.value(`SELECT 1 FROM phone_shares s JOIN phones p ON p.id = s.phone_id
       WHERE s.phone_id = ? AND s.ended_at IS NULL AND s.expires_at > ? AND s.owner_id = p.user_id LIMIT 1`, phoneId, now) !== undefined
  );
}

/**
 * The phone is authorised: it has a grant (by account, or a code, redeemed or not) that is not ended, not expired,
 * and was made by its current owner.
 */
export async function phoneIsAuthorized(db: Db, phoneId: number, now: number): Promise<boolean> {
  return (
    await db.value(`SELECT 1 FROM phone_grants g JOIN phones p ON p.id = g.phone_id
       WHERE g.phone_id = ? AND g.ended_at IS NULL AND g.expires_at > ? AND g.owner_id = p.user_id LIMIT 1`, phoneId, now) !== undefined
  );
}

/**
 * A transfer moved the phone: its live shares and grants end (with their viewers, their pending control requests, and
 * the access rows), marked as ended
 * by the transfer. Those already expired stay as they are: they ended by themselves, and their records say so. Run
 * inside the transfer's transaction; the stream re-check then closes the sockets they opened.
 */
export async function endPhoneSharing(db: Db, phoneId: number, now: number): Promise<void> {
  const liveShares = 'SELECT id FROM phone_shares WHERE phone_id = ? AND ended_at IS NULL AND expires_at > ?';
  const liveGrants = 'SELECT id FROM phone_grants WHERE phone_id = ? AND ended_at IS NULL AND expires_at > ?';
  await db.run(`UPDATE share_viewers SET state = 'cancelled', control_requested_at = NULL, updated_at = ?
     WHERE state IN ('enabled', 'disabled', 'unblocked') AND share_id IN (${liveShares})`, now, phoneId, now);
  await db.run(`UPDATE phone_shares SET ended_at = ?, end_reason = 'transferred' WHERE id IN (${liveShares})`, now, phoneId, now);
  await db.run(`UPDATE phone_access SET revoked_at = ? WHERE revoked_at IS NULL AND id IN (SELECT access_id FROM phone_grants WHERE id IN (${liveGrants}))`, now, phoneId, now);
  await db.run(`UPDATE phone_grants SET ended_at = ?, end_reason = 'transferred' WHERE id IN (${liveGrants})`, now, phoneId, now);
}

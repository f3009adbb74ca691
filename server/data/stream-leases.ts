import type { Db } from '../lib/types.ts';

// Which instance renders each owner's phones (stream_leases, migration 34): claimed by the instance a socket for them
// reaches first, renewed while it holds sockets for them, lapsing when it stops renewing (server/stream/stream-owner.ts).

/**
 * Takes the owner's lease for `instance` unless another instance holds one still running (`force`: even then, when
 * that one cannot be reached), and answers the holder's address either way.
 */
export async function claimLease(db: Db, userId: number, instance: string, now: number, until: number, force = false): Promise<string> {
  return await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO stream_leases (user_id, instance_url, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET instance_url = excluded.instance_url, expires_at = excluded.expires_at
       WHERE stream_leases.instance_url = excluded.instance_url OR stream_leases.expires_at <= ? OR ?`,
      userId, instance, until, now, force,
    );
    return await tx.value('SELECT instance_url FROM stream_leases WHERE user_id = ?', userId) as string;
  });
}

/** Extends this instance's leases of the owners given to `until`. */
export async function renewLeases(db: Db, instance: string, userIds: number[], until: number): Promise<void> {
  if (!userIds.length) return;
  await db.run(`UPDATE stream_leases SET expires_at = ? WHERE instance_url = ? AND ${db.dialect.inList('user_id')}`, until, instance, userIds);
}

/** Gives up this instance's leases of the owners given, or all of them (a stop). */
export async function releaseLeases(db: Db, instance: string, userIds?: number[]): Promise<void> {
  if (userIds === undefined) await db.run('DELETE FROM stream_leases WHERE instance_url = ?', instance);
  else if (userIds.length) await db.run(`DELETE FROM stream_leases WHERE instance_url = ? AND ${db.dialect.inList('user_id')}`, instance, userIds);
}

/** Whose phones a socket is for: the phone's owner, or a live-grid ticket's holder. */
export async function phoneOwner(db: Db, userPhoneId: number): Promise<number | undefined> {
  return await db.value('SELECT user_id FROM phones WHERE id = ?', userPhoneId) as number | undefined;
}

export async function gridTicketOwner(db: Db, ticketHash: string): Promise<number | undefined> {
  return await db.value('SELECT user_id FROM grid_tickets WHERE ticket_hash = ?', ticketHash) as number | undefined;
}

import type { Db } from '../lib/types.ts';

// The network check's open line sockets (line_sockets, migration 37), one row each, whatever instance holds it: the
// caps per address and per address group count them all, so they hold for the whole deployment. A row is taken when
// its socket is admitted and deleted when it closes; it carries when it stops counting in any case (its socket's
// longest life, and a little), so the rows of an instance that died expire by themselves.

/**
 * The admissions of line sockets run one after another across every instance: each counts the rows of its address
 * then adds its own, and two counted at once could both take the last place.
 */
export const LINE_SOCKETS_QUEUE = 'line-sockets';

export interface LineSocketClaim {
  /** Which instance holds the socket (a name of the running service's own), for giving all its rows up at a stop. */
  instance: string;
  address: string;
  addressGroup: string;
}

export interface LineSocketLimits {
  perAddress: number;
  perGroup: number;
}

/** A place taken (its row's id), or which cap the address is at. */
export type LineSocketOutcome = { id: number } | { full: 'address' | 'group' };

/** The new row's id, or which cap the address is at. Rows expired at `now` are deleted first, so never counted. */
export async function claimLineSocket(
  db: Db,
  claim: LineSocketClaim,
  limits: LineSocketLimits,
  now: number,
  until: number,
): Promise<LineSocketOutcome> {
  return await db.transaction<LineSocketOutcome>(async (tx) => {
    await tx.run('DELETE FROM line_sockets WHERE expires_at <= ?', now);
    // Every row of the address is in the address's group, so one read of the group counts both.
    const held = await tx.get<{ group_held: number; address_held: number | null }>(
      `SELECT COUNT(*) AS group_held, SUM(CASE WHEN address = ? THEN 1 ELSE 0 END) AS address_held
       FROM line_sockets WHERE address_group = ?`,
      claim.address, claim.addressGroup,
    );
    if ((held?.address_held ?? 0) >= limits.perAddress) return { full: 'address' };
    if ((held?.group_held ?? 0) >= limits.perGroup) return { full: 'group' };
    const inserted = await tx.run(
      'INSERT INTO line_sockets (instance, address, address_group, expires_at) VALUES (?, ?, ?, ?) RETURNING id',
      claim.instance, claim.address, claim.addressGroup, until,
    );
    return { id: Number(inserted.lastId) };
  }, { queue: LINE_SOCKETS_QUEUE });
}

/** The socket closed (or never opened): its place is free. */
export async function releaseLineSocket(db: Db, id: number): Promise<void> {
  await db.run('DELETE FROM line_sockets WHERE id = ?', id);
}

/** Every row of the instance (its service stops). */
export async function releaseInstanceLineSockets(db: Db, instance: string): Promise<void> {
  await db.run('DELETE FROM line_sockets WHERE instance = ?', instance);
}

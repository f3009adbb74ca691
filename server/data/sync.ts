import type { SyncMemberState } from '../../shared/contract/sync-words.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneRow } from './phones.ts';
import { mapInOrder } from '../lib/in-order.ts';

// Group control (migration 018: sync_groups, sync_members). A member counts only while its phone is still owned by
// the group's owner; a transfer also takes the phone out of its group at once (releaseFromSync).

export interface SyncGroupRow {
  id: number;
  tenant_id: number;
  user_id: number;
  main_phone_id: number;
  created_at: number;
}

export type SyncMemberRow = PhoneRow & { group_id: number; position: number; state: SyncMemberState; failed_at: number | null };

export async function insertSyncGroup(db: Db, group: { tenantId: number; userId: number; mainId: number; createdAt: number }, phoneIds: number[]): Promise<number> {
  const id = Number(
    (await db.run('INSERT INTO sync_groups (tenant_id, user_id, main_phone_id, created_at) VALUES (?, ?, ?, ?) RETURNING id', 
      group.tenantId,
      group.userId,
      group.mainId,
      group.createdAt,
    )).lastId,
  );
  await mapInOrder(phoneIds, async (phoneId, position) => await db.run('INSERT INTO sync_members (phone_id, group_id, position) VALUES (?, ?, ?)', phoneId, id, position));
  return id;
}

export async function findSyncGroup(db: Db, groupId: number): Promise<SyncGroupRow | undefined> {
  return await db.get('SELECT * FROM sync_groups WHERE id = ?', groupId) as SyncGroupRow | undefined;
}

/** The group the phone is a live member of (its owner is the group's), or undefined. */
export async function syncGroupOfPhone(db: Db, phoneId: number): Promise<SyncGroupRow | undefined> {
  return await db.get(`SELECT g.* FROM sync_members m JOIN sync_groups g ON g.id = m.group_id JOIN phones p ON p.id = m.phone_id
     WHERE m.phone_id = ? AND p.user_id = g.user_id`, phoneId) as SyncGroupRow | undefined;
}

/** The live members with their phones, main first, then in the order they were chosen. */
export async function syncMembers(db: Db, groupId: number): Promise<SyncMemberRow[]> {
  return await db.all(`SELECT p.*, m.group_id, m.position, m.state, m.failed_at FROM sync_members m
     JOIN sync_groups g ON g.id = m.group_id JOIN phones p ON p.id = m.phone_id
     WHERE m.group_id = ? AND p.user_id = g.user_id
     ORDER BY p.id = g.main_phone_id DESC, m.position`, groupId) as SyncMemberRow[];
}

/** Memberships of phones that changed hands since they joined: they no longer hold their phone in the group. */
export async function dropStaleSyncMembers(db: Db, phoneIds: number[]): Promise<void> {
  for (const id of phoneIds) await db.run('DELETE FROM sync_members WHERE phone_id = ? AND group_id IN (SELECT g.id FROM sync_groups g JOIN phones p ON p.id = ? WHERE p.user_id != g.user_id)', id, id);
}

export async function setSyncMain(db: Db, groupId: number, mainId: number): Promise<void> {
  await db.run('UPDATE sync_groups SET main_phone_id = ? WHERE id = ?', mainId, groupId);
}

export async function deleteSyncMember(db: Db, groupId: number, phoneId: number): Promise<void> {
  await db.run('DELETE FROM sync_members WHERE group_id = ? AND phone_id = ?', groupId, phoneId);
}

export async function deleteSyncGroup(db: Db, groupId: number): Promise<void> {
  await db.run('DELETE FROM sync_groups WHERE id = ?', groupId);
}

/**
 * A phone leaving its owner (a transfer) leaves its group at once: the group it led ends, and so does one left with
 * fewer than `minPhones` (the others return to individual mode).
 */
export async function releaseFromSync(db: Db, phoneId: number, minPhones: number): Promise<void> {
  const group = await db.get('SELECT g.* FROM sync_members m JOIN sync_groups g ON g.id = m.group_id WHERE m.phone_id = ?', phoneId) as
    | SyncGroupRow
    | undefined;
  if (!group) return;
  if (group.main_phone_id === phoneId) return await deleteSyncGroup(db, group.id);
  await deleteSyncMember(db, group.id, phoneId);
  if ((await syncMembers(db, group.id)).length < minPhones) await deleteSyncGroup(db, group.id);
}

/**
 * The stream's lookup on every input: the group a main-control phone leads and its followers, or null when it leads
 * none. Indexed queries, so mirroring needs no cache to keep in step with the API's changes.
 */
export async function syncGroupLedBy(db: Db, mainPhoneId: number): Promise<{ group: SyncGroupRow; followers: SyncMemberRow[] } | null> {
  const group = await db.get('SELECT g.* FROM sync_groups g JOIN phones p ON p.id = g.main_phone_id WHERE g.main_phone_id = ? AND p.user_id = g.user_id', mainPhoneId) as SyncGroupRow | undefined;
  if (!group) return null;
  return { group, followers: (await syncMembers(db, group.id)).filter((member) => member.id !== mainPhoneId) };
}

/** Records what the stream saw of a follower; writes only when it changed (most input changes nothing here). */
export async function setSyncMemberState(db: Db, phoneId: number, state: SyncMemberState, at: number): Promise<void> {
  await db.run('UPDATE sync_members SET state = ?, failed_at = ? WHERE phone_id = ? AND state != ?', state, state === 'failed' ? at : null, phoneId, state);
}

import type { SyncMemberState } from '../../shared/contract/sync-words.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneRow } from './phones.ts';
import { statement } from './statements.ts';

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

export function insertSyncGroup(db: Db, group: { tenantId: number; userId: number; mainId: number; createdAt: number }, phoneIds: number[]): number {
  const id = Number(
    statement(db, 'INSERT INTO sync_groups (tenant_id, user_id, main_phone_id, created_at) VALUES (?, ?, ?, ?)').run(
      group.tenantId,
      group.userId,
      group.mainId,
      group.createdAt,
    ).lastInsertRowid,
  );
  const member = statement(db, 'INSERT INTO sync_members (phone_id, group_id, position) VALUES (?, ?, ?)');
  phoneIds.forEach((phoneId, position) => member.run(phoneId, id, position));
  return id;
}

export function findSyncGroup(db: Db, groupId: number): SyncGroupRow | undefined {
  return statement(db, 'SELECT * FROM sync_groups WHERE id = ?').get(groupId) as SyncGroupRow | undefined;
}

/** The group the phone is a live member of (its owner is the group's), or undefined. */
export function syncGroupOfPhone(db: Db, phoneId: number): SyncGroupRow | undefined {
  return statement(
    db,
    `SELECT g.* FROM sync_members m JOIN sync_groups g ON g.id = m.group_id JOIN phones p ON p.id = m.phone_id
     WHERE m.phone_id = ? AND p.user_id = g.user_id`,
  ).get(phoneId) as SyncGroupRow | undefined;
}

/** The live members with their phones, main first, then in the order they were chosen. */
export function syncMembers(db: Db, groupId: number): SyncMemberRow[] {
  return statement(
    db,
    `SELECT p.*, m.group_id, m.position, m.state, m.failed_at FROM sync_members m
     JOIN sync_groups g ON g.id = m.group_id JOIN phones p ON p.id = m.phone_id
     WHERE m.group_id = ? AND p.user_id = g.user_id
     ORDER BY p.id = g.main_phone_id DESC, m.position`,
  ).all(groupId) as SyncMemberRow[];
}

/** Memberships of phones that changed hands since they joined: they no longer hold their phone in the group. */
export function dropStaleSyncMembers(db: Db, phoneIds: number[]): void {
  const drop = statement(
    db,
    'DELETE FROM sync_members WHERE phone_id = ? AND group_id IN (SELECT g.id FROM sync_groups g JOIN phones p ON p.id = ? WHERE p.user_id != g.user_id)',
  );
  for (const id of phoneIds) drop.run(id, id);
}

export function setSyncMain(db: Db, groupId: number, mainId: number): void {
  statement(db, 'UPDATE sync_groups SET main_phone_id = ? WHERE id = ?').run(mainId, groupId);
}

export function deleteSyncMember(db: Db, groupId: number, phoneId: number): void {
  statement(db, 'DELETE FROM sync_members WHERE group_id = ? AND phone_id = ?').run(groupId, phoneId);
}

export function deleteSyncGroup(db: Db, groupId: number): void {
  statement(db, 'DELETE FROM sync_groups WHERE id = ?').run(groupId);
}

/**
 * A phone leaving its owner (a transfer) leaves its group at once: the group it led ends, and so does one left with
 * fewer than `minPhones` (the others return to individual mode).
 */
export function releaseFromSync(db: Db, phoneId: number, minPhones: number): void {
  const group = statement(db, 'SELECT g.* FROM sync_members m JOIN sync_groups g ON g.id = m.group_id WHERE m.phone_id = ?').get(phoneId) as
    | SyncGroupRow
    | undefined;
  if (!group) return;
  if (group.main_phone_id === phoneId) return deleteSyncGroup(db, group.id);
  deleteSyncMember(db, group.id, phoneId);
  if (syncMembers(db, group.id).length < minPhones) deleteSyncGroup(db, group.id);
}

/**
 * The stream's lookup on every input: the group a main-control phone leads and its followers, or null when it leads
 * none. Indexed queries, so mirroring needs no cache to keep in step with the API's changes.
 */
export function syncGroupLedBy(db: Db, mainPhoneId: number): { group: SyncGroupRow; followers: SyncMemberRow[] } | null {
  const group = statement(
    db,
    'SELECT g.* FROM sync_groups g JOIN phones p ON p.id = g.main_phone_id WHERE g.main_phone_id = ? AND p.user_id = g.user_id',
  ).get(mainPhoneId) as SyncGroupRow | undefined;
  if (!group) return null;
  return { group, followers: syncMembers(db, group.id).filter((member) => member.id !== mainPhoneId) };
}

/** Records what the stream saw of a follower; writes only when it changed (most input changes nothing here). */
export function setSyncMemberState(db: Db, phoneId: number, state: SyncMemberState, at: number): void {
  statement(db, 'UPDATE sync_members SET state = ?, failed_at = ? WHERE phone_id = ? AND state != ?').run(state, state === 'failed' ? at : null, phoneId, state);
}

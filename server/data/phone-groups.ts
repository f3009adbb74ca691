import type { Db } from '../lib/types.ts';
import { moveGroupPhones } from './phones.ts';

// Phone groups: each user has exactly one default group, stored with an empty name (its display name follows the
// request's language), and any number of named ones.

export interface GroupRow {
  id: number;
  user_id: number;
  name: string;
  is_default: number;
  created_at: number;
}

export type ListedGroupRow = Pick<GroupRow, 'id' | 'name' | 'is_default'> & { phone_count: number };

/**
 * The user's default group, created on first need. Lazy creation covers every way a user comes to exist
 * (seed, sms-login registration, guest trial, users made before migration 4) without touching those paths;
 * the partial unique index makes two concurrent first calls agree on one row.
 */
export async function ensureDefaultGroup(db: Db, userId: number, now: number): Promise<number> {
  const existing = await db.value('SELECT id FROM phone_groups WHERE user_id = ? AND is_default = TRUE', userId) as number | undefined;
  if (existing !== undefined) return existing;
  await db.run("INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, '', TRUE, ?) ON CONFLICT DO NOTHING", userId, now);
  return await db.value('SELECT id FROM phone_groups WHERE user_id = ? AND is_default = TRUE', userId) as number;
}

export async function findGroupOfUser(db: Db, id: number, userId: number): Promise<GroupRow | undefined> {
  return await db.get('SELECT * FROM phone_groups WHERE id = ? AND user_id = ?', id, userId) as GroupRow | undefined;
}

/** Whether another of the user's named groups has this name, ignoring ASCII case. */
export async function groupNameTaken(db: Db, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  return await db.value('SELECT 1 FROM phone_groups WHERE user_id = ? AND is_default = FALSE AND name = ? COLLATE NOCASE AND id IS DISTINCT FROM CAST(? AS BIGINT)', userId, name, exceptId) !== undefined;
}

/** The user's groups, the default first, each with its number of phones. */
export async function listGroups(db: Db, userId: number): Promise<ListedGroupRow[]> {
  return await db.all(`SELECT g.id, g.name, g.is_default, (SELECT COUNT(*) FROM phones p WHERE p.group_id = g.id) AS phone_count
     FROM phone_groups g WHERE g.user_id = ? ORDER BY g.is_default DESC, g.id`, userId) as ListedGroupRow[];
}

export async function insertGroup(db: Db, userId: number, name: string, now: number): Promise<number> {
  return Number((await db.run('INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, FALSE, ?) RETURNING id', userId, name, now)).lastId);
}

export async function renameGroup(db: Db, id: number, name: string): Promise<void> {
  await db.run('UPDATE phone_groups SET name = ? WHERE id = ?', name, id);
}

/** The group's phones move to the default group in the same transaction, so no phone is ever without a group. */
export async function deleteGroup(db: Db, group: Pick<GroupRow, 'id' | 'user_id'>, now: number): Promise<void> {
  await db.transaction(async (db) => {
    await moveGroupPhones(db, group.id, await ensureDefaultGroup(db, group.user_id, now));
    await db.run('DELETE FROM phone_groups WHERE id = ?', group.id);
  });
}

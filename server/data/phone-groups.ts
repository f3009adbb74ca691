import type { Db } from '../lib/types.ts';
import { moveGroupPhones } from './phones.ts';
import { immediate, plucked, statement } from './statements.ts';

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
export function ensureDefaultGroup(db: Db, userId: number, now: number): number {
  const select = plucked(db, 'SELECT id FROM phone_groups WHERE user_id = ? AND is_default = 1');
  const existing = select.get(userId) as number | undefined;
  if (existing !== undefined) return existing;
  statement(db, "INSERT OR IGNORE INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, '', 1, ?)").run(userId, now);
  return select.get(userId) as number;
}

export function findGroupOfUser(db: Db, id: number, userId: number): GroupRow | undefined {
  return statement(db, 'SELECT * FROM phone_groups WHERE id = ? AND user_id = ?').get(id, userId) as GroupRow | undefined;
}

/** Whether another of the user's named groups has this name, ignoring ASCII case. */
export function groupNameTaken(db: Db, userId: number, name: string, exceptId: number | null): boolean {
  return plucked(db, 'SELECT 1 FROM phone_groups WHERE user_id = ? AND is_default = 0 AND name = ? COLLATE NOCASE AND id IS NOT ?').get(userId, name, exceptId) !== undefined;
}

/** The user's groups, the default first, each with its number of phones. */
export function listGroups(db: Db, userId: number): ListedGroupRow[] {
  return statement(
    db,
    `SELECT g.id, g.name, g.is_default, (SELECT COUNT(*) FROM phones p WHERE p.group_id = g.id) AS phone_count
     FROM phone_groups g WHERE g.user_id = ? ORDER BY g.is_default DESC, g.id`,
  ).all(userId) as ListedGroupRow[];
}

export function insertGroup(db: Db, userId: number, name: string, now: number): number {
  return Number(statement(db, 'INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, 0, ?)').run(userId, name, now).lastInsertRowid);
}

export function renameGroup(db: Db, id: number, name: string): void {
  statement(db, 'UPDATE phone_groups SET name = ? WHERE id = ?').run(name, id);
}

/** The group's phones move to the default group in the same transaction, so no phone is ever without a group. */
export function deleteGroup(db: Db, group: Pick<GroupRow, 'id' | 'user_id'>, now: number): void {
  immediate(db, () => {
    moveGroupPhones(db, group.id, ensureDefaultGroup(db, group.user_id, now));
    statement(db, 'DELETE FROM phone_groups WHERE id = ?').run(group.id);
  });
}

import { ErrorCode } from '../../src/core/error-codes.ts';
import { ApiError } from './envelope.ts';
import type { Db, Language, UserRow } from './types.ts';

// Phone groups (API.md "Devices"): every user has exactly one default group, stored with an empty name because its
// display name follows the request's language.

export const DEFAULT_GROUP_NAMES: Record<Language, string> = { 'zh-CN': '默认分组', 'en-US': 'Default group' };

export const GROUP_NOT_EXIST = 'The group does not exist';
export const GROUP_DEFAULT_IMMUTABLE = 'The default group cannot be modified or deleted';
export const GROUP_NAME_DUPLICATE = 'A group with this name already exists';

export interface GroupRow {
  id: number;
  user_id: number;
  name: string;
  is_default: number;
  created_at: number;
}

export function groupDisplayName(group: Pick<GroupRow, 'name' | 'is_default'>, language: Language): string {
  return group.is_default === 1 ? DEFAULT_GROUP_NAMES[language] : group.name;
}

/**
 * The user's default group, created on first need. Lazy creation covers every way a user comes to exist
 * (seed, sms-login registration, guest trial, users made before migration 4) without touching those paths;
 * the partial unique index makes two concurrent first calls agree on one row.
 */
export function ensureDefaultGroup(db: Db, userId: number, now: number): number {
  const select = db.prepare('SELECT id FROM phone_groups WHERE user_id = ? AND is_default = 1').pluck();
  const existing = select.get(userId) as number | undefined;
  if (existing !== undefined) return existing;
  db.prepare("INSERT OR IGNORE INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, '', 1, ?)").run(userId, now);
  return select.get(userId) as number;
}

/** The caller's group, or GROUP_NOT_EXIST (another user's group looks exactly like a missing one). */
export function loadOwnedGroup(db: Db, user: UserRow, id: number | null): GroupRow {
  const row = id === null ? undefined : (db.prepare('SELECT * FROM phone_groups WHERE id = ? AND user_id = ?').get(id, user.id) as GroupRow | undefined);
  if (!row) throw new ApiError(ErrorCode.GROUP_NOT_EXIST, GROUP_NOT_EXIST);
  return row;
}

/**
 * Names are unique per user regardless of ASCII case, and may not be a display name of the default group in any
 * language: two "Default group" entries in the picker could not be told apart.
 */
export function assertGroupNameFree(db: Db, userId: number, name: string, exceptId: number | null): void {
  const reserved = Object.values(DEFAULT_GROUP_NAMES).some((n) => n.toLowerCase() === name.toLowerCase());
  const taken = db
    .prepare('SELECT 1 FROM phone_groups WHERE user_id = ? AND is_default = 0 AND name = ? COLLATE NOCASE AND id IS NOT ?')
    .pluck()
    .get(userId, name, exceptId);
  if (reserved || taken) throw new ApiError(ErrorCode.GROUP_NAME_DUPLICATE, GROUP_NAME_DUPLICATE);
}

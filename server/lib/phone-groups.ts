import { flag } from '../db/dialect.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { lookalikeKey } from '../../shared/name-lookalike.ts';
import { DEFAULT_GROUP_NAMES as DEFAULT_NAMES } from '../../shared/contract/device-words.ts';
import { findGroupOfUser, groupNameTaken } from '../data/phone-groups.ts';
import type { GroupRow } from '../data/phone-groups.ts';
import { apiError } from './errors.ts';
import type { Db, Language, UserRow } from './types.ts';

// Phone groups (API.md "Devices"; spec §5: the default group cannot be deleted or modified). The default group is
// stored with an empty name because its display name follows the request's language.

export const DEFAULT_GROUP_NAMES: Record<Language, string> = DEFAULT_NAMES;

export function groupDisplayName(group: Pick<GroupRow, 'name' | 'is_default'>, language: Language): string {
  return flag(group.is_default) ? DEFAULT_GROUP_NAMES[language] : group.name;
}

/** The caller's group, or GROUP_NOT_EXIST (another user's group looks exactly like a missing one). */
export async function loadOwnedGroup(db: Db, user: UserRow, id: number | null): Promise<GroupRow> {
  const row = id === null ? undefined : await findGroupOfUser(db, id, user.id);
  if (!row) throw apiError(ErrorCode.GROUP_NOT_EXIST);
  return row;
}

/** The default group is never renamed or deleted. */
export function requireNamedGroup(group: GroupRow): void {
  if (flag(group.is_default)) throw apiError(ErrorCode.GROUP_DEFAULT_IMMUTABLE);
}

/** The default group's names as a reader sees them: a name with the same look-alike key passes for it. */
const RESERVED_KEYS = new Set(Object.values(DEFAULT_GROUP_NAMES).map(lookalikeKey));

/**
 * Names are unique per user regardless of ASCII case, and may not look like a display name of the default group in
 * any language (compared by lookalikeKey: "Default\u00A0group", "ＤＥＦＡＵＬＴ ＧＲＯＵＰ", a Cyrillic "е" or "默認分組" are
 * the reserved name to whoever reads the picker, so two such entries could not be told apart).
 */
export async function assertGroupNameFree(db: Db, userId: number, name: string, exceptId: number | null): Promise<void> {
  const reserved = RESERVED_KEYS.has(lookalikeKey(name));
  if (reserved || await groupNameTaken(db, userId, name, exceptId)) throw apiError(ErrorCode.GROUP_NAME_DUPLICATE);
}

/** A concurrent create/rename can slip past assertGroupNameFree; the unique index still refuses it. */
export function duplicateGuard(error: unknown): never {
  if (error instanceof Error && /UNIQUE constraint failed: phone_groups/.test(error.message)) throw apiError(ErrorCode.GROUP_NAME_DUPLICATE);
  throw error;
}

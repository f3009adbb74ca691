import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ApiError, ok } from '../lib/envelope.ts';
import {
  assertGroupNameFree,
  ensureDefaultGroup,
  GROUP_DEFAULT_IMMUTABLE,
  GROUP_NAME_DUPLICATE,
  groupDisplayName,
  loadOwnedGroup,
} from '../lib/phone-groups.ts';
import type { GroupRow } from '../lib/phone-groups.ts';
import { asPositiveInt, languageOf, readBody, requireName } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Phone groups (API.md "Devices"; spec §5: the default group cannot be deleted or modified). Mirrors the group calls
// of src/devices/api.ts.

const GROUP = '/api/device/phone-group';

function immutable(group: GroupRow): void {
  if (group.is_default === 1) throw new ApiError(ErrorCode.GROUP_DEFAULT_IMMUTABLE, GROUP_DEFAULT_IMMUTABLE);
}

/** A concurrent create/rename can slip past assertGroupNameFree; the unique index still refuses it. */
function duplicateGuard(error: unknown): never {
  if (error instanceof Error && /UNIQUE constraint failed: phone_groups/.test(error.message)) {
    throw new ApiError(ErrorCode.GROUP_NAME_DUPLICATE, GROUP_NAME_DUPLICATE);
  }
  throw error;
}

export function phoneGroupRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  const list = db.prepare(
    `SELECT g.id, g.name, g.is_default, (SELECT COUNT(*) FROM phones p WHERE p.group_id = g.id) AS phone_count
     FROM phone_groups g WHERE g.user_id = ? ORDER BY g.is_default DESC, g.id`,
  );

  routes.get(`${GROUP}/simple-list`, tenant, auth, (c) => {
    const user = c.get('user');
    ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    const rows = list.all(user.id) as Array<GroupRow & { phone_count: number }>;
    return ok(
      c,
      rows.map((row) => ({ id: row.id, name: groupDisplayName(row, language), isDefault: row.is_default === 1, phoneCount: row.phone_count })),
    );
  });

  routes.post(`${GROUP}/create`, tenant, auth, async (c) => {
    const name = requireName((await readBody(c)).name);
    const user = c.get('user');
    const id = db.transaction(() => {
      // Created here too, so the first group a new user makes is never mistaken for (or listed before) the default.
      ensureDefaultGroup(db, user.id, deps.now());
      assertGroupNameFree(db, user.id, name, null);
      try {
        return Number(db.prepare('INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, 0, ?)').run(user.id, name, deps.now()).lastInsertRowid);
      } catch (error) {
        return duplicateGuard(error);
      }
    }).immediate();
    return ok(c, { id });
  });

  // Input first, then the group: an invalid name is NAME_INVALID even for the default group.
  routes.put(`${GROUP}/update`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const name = requireName(body.name);
    const user = c.get('user');
    const group = loadOwnedGroup(db, user, asPositiveInt(body.id));
    immutable(group);
    assertGroupNameFree(db, user.id, name, group.id);
    try {
      db.prepare('UPDATE phone_groups SET name = ? WHERE id = ?').run(name, group.id);
    } catch (error) {
      duplicateGuard(error);
    }
    return ok(c, true);
  });

  // The group's phones move to the default group in the same transaction, so no phone is ever without a group.
  routes.delete(`${GROUP}/delete`, tenant, auth, (c) => {
    const user = c.get('user');
    const group = loadOwnedGroup(db, user, asPositiveInt(c.req.query('id')));
    immutable(group);
    db.transaction(() => {
      const defaultId = ensureDefaultGroup(db, user.id, deps.now());
      db.prepare('UPDATE phones SET group_id = ? WHERE group_id = ?').run(defaultId, group.id);
      db.prepare('DELETE FROM phone_groups WHERE id = ?').run(group.id);
    }).immediate();
    return ok(c, true);
  });

  return routes;
}

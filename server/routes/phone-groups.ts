import { Hono } from 'hono';
import { deleteGroup, ensureDefaultGroup, insertGroup, listGroups, renameGroup } from '../data/phone-groups.ts';
import { immediate } from '../data/statements.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { assertGroupNameFree, duplicateGuard, groupDisplayName, loadOwnedGroup, requireNamedGroup } from '../lib/phone-groups.ts';
import { asPositiveInt, languageOf, readBody, requireName } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Phone groups (API.md "Devices"; spec §5: the default group cannot be deleted or modified). Mirrors the group calls
// of src/devices/api.ts.

const GROUP = '/api/device/phone-group';

export function phoneGroupRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.get(`${GROUP}/simple-list`, tenant, auth, (c) => {
    const user = c.get('user');
    ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    return ok(
      c,
      listGroups(db, user.id).map((row) => ({ id: row.id, name: groupDisplayName(row, language), isDefault: row.is_default === 1, phoneCount: row.phone_count })),
    );
  });

  routes.post(`${GROUP}/create`, tenant, auth, async (c) => {
    const name = requireName((await readBody(c)).name);
    const user = c.get('user');
    const id = immediate(db, () => {
      // Created here too, so the first group a new user makes is never mistaken for (or listed before) the default.
      ensureDefaultGroup(db, user.id, deps.now());
      assertGroupNameFree(db, user.id, name, null);
      try {
        return insertGroup(db, user.id, name, deps.now());
      } catch (error) {
        return duplicateGuard(error);
      }
    });
    return ok(c, { id });
  });

  // Input first, then the group: an invalid name is NAME_INVALID even for the default group.
  routes.put(`${GROUP}/update`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const name = requireName(body.name);
    const user = c.get('user');
    const group = loadOwnedGroup(db, user, asPositiveInt(body.id));
    requireNamedGroup(group);
    assertGroupNameFree(db, user.id, name, group.id);
    try {
      renameGroup(db, group.id, name);
    } catch (error) {
      duplicateGuard(error);
    }
    return ok(c, true);
  });

  // Its phones move to the default group first (deleteGroup), so no phone is ever without a group.
  routes.delete(`${GROUP}/delete`, tenant, auth, (c) => {
    const group = loadOwnedGroup(db, c.get('user'), asPositiveInt(c.req.query('id')));
    requireNamedGroup(group);
    deleteGroup(db, group, deps.now());
    return ok(c, true);
  });

  return routes;
}

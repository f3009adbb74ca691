import { Hono } from 'hono';
import { deleteGroup, ensureDefaultGroup, insertGroup, listGroups, renameGroup } from '../data/phone-groups.ts';
import { immediate } from '../data/statements.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import * as contract from '../../shared/contract/devices.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { assertGroupNameFree, duplicateGuard, groupDisplayName, loadOwnedGroup, requireNamedGroup } from '../lib/phone-groups.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Phone groups (shared/contract/devices.ts; spec §5: the default group cannot be deleted or modified).

export function phoneGroupRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.listGroups, guard, (c) => {
    const user = c.get('user');
    ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    return listGroups(db, user.id).map((row) => ({ id: row.id, name: groupDisplayName(row, language), isDefault: row.is_default === 1, phoneCount: row.phone_count }));
  });

  contractRoute(routes, deps, contract.createGroup, guard, (c, { body }) => {
    const { name } = body;
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
    return { id };
  });

  // Input first, then the group: an invalid name is NAME_INVALID even for the default group.
  contractRoute(routes, deps, contract.renameGroup, guard, (c, { body }) => {
    const { name } = body;
    const user = c.get('user');
    const group = loadOwnedGroup(db, user, body.id);
    requireNamedGroup(group);
    assertGroupNameFree(db, user.id, name, group.id);
    try {
      renameGroup(db, group.id, name);
    } catch (error) {
      duplicateGuard(error);
    }
    return true;
  });

  // Its phones move to the default group first (deleteGroup), so no phone is ever without a group.
  contractRoute(routes, deps, contract.deleteGroup, guard, (c, { query }) => {
    const group = loadOwnedGroup(db, c.get('user'), query.id);
    requireNamedGroup(group);
    deleteGroup(db, group, deps.now());
    return true;
  });

  return routes;
}

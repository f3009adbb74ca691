import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import { deleteGroup, ensureDefaultGroup, insertGroup, listGroups, renameGroup } from '../data/phone-groups.ts';
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

  contractRoute(routes, deps, contract.listGroups, guard, async (c) => {
    const user = c.get('user');
    await ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    return (await listGroups(db, user.id)).map((row) => ({ id: row.id, name: groupDisplayName(row, language), isDefault: flag(row.is_default), phoneCount: row.phone_count }));
  });

  contractRoute(routes, deps, contract.createGroup, guard, async (c, { body }) => {
    const { name } = body;
    const user = c.get('user');
    const id = await db.transaction(async (db) => {
      // Created here too, so the first group a new user makes is never mistaken for (or listed before) the default.
      await ensureDefaultGroup(db, user.id, deps.now());
      await assertGroupNameFree(db, user.id, name, null);
      try {
        return await insertGroup(db, user.id, name, deps.now());
      } catch (error) {
        return duplicateGuard(error);
      }
    });
    return { id };
  });

  // Input first, then the group: an invalid name is NAME_INVALID even for the default group.
  contractRoute(routes, deps, contract.renameGroup, guard, async (c, { body }) => {
    const { name } = body;
    const user = c.get('user');
    const group = await loadOwnedGroup(db, user, body.id);
    requireNamedGroup(group);
    await assertGroupNameFree(db, user.id, name, group.id);
    try {
      await renameGroup(db, group.id, name);
    } catch (error) {
      duplicateGuard(error);
    }
    return true;
  });

  // Its phones move to the default group first (deleteGroup), so no phone is ever without a group.
  contractRoute(routes, deps, contract.deleteGroup, guard, async (c, { query }) => {
    const group = await loadOwnedGroup(db, c.get('user'), query.id);
    requireNamedGroup(group);
    await deleteGroup(db, group, deps.now());
    return true;
  });

  return routes;
}

import { Hono } from 'hono';
import * as contract from '../../shared/contract/new-machine.ts';
import type { BatchEntry } from '../../shared/device-types.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { changeModels, currentIdentity, manufacturers, mockLogPage, mockParams, models, type ChangeRequest } from '../lib/new-machine.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';
import type { PhoneRestarted } from './phone-operations.ts';

// New machine, a change of device model (shared/contract/new-machine.ts); the rules are in lib/new-machine.ts.

/** `phoneRestarted` hears of each phone whose change started (after the commit): its screen reboots with the new identity. */
export function phoneMockModelRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  async function change(user: UserRow, request: ChangeRequest): Promise<BatchEntry[]> {
    const results = await changeModels(db, user, request, deps.now());
    for (const result of results) if (result.success) phoneRestarted?.(result.userPhoneId, 'newMachine');
    return results;
  }

  contractRoute(routes, deps, contract.currentModel, guard, async (c, { body }) => await currentIdentity(db, c.get('user'), body.userPhoneId, deps.now()));
  contractRoute(routes, deps, contract.listManufacturers, guard, () => manufacturers());
  contractRoute(routes, deps, contract.listModels, guard, (_c, { query }) => models(query.manufacturer));
  contractRoute(routes, deps, contract.mockParams, guard, () => mockParams());
  contractRoute(routes, deps, contract.mockOne, guard, async (c, { body }) => (await change(c.get('user'), { ids: [body.userPhoneId], type: body.mockType }))[0]!);
  contractRoute(routes, deps, contract.mockBatch, guard, async (c, { body }) => await change(c.get('user'), { ids: body.userPhoneIds, type: body.mockType }));
  contractRoute(routes, deps, contract.mockById, guard, async (c, { body }) => await change(c.get('user'), { ids: body.userPhoneIds, type: 'ALL', modelId: body.modelId }));
  contractRoute(routes, deps, contract.mockLogList, guard, async (c, { query }) => await mockLogPage(db, c.get('user'), query));

  return routes;
}

import { Hono } from 'hono';
import * as contract from '../../shared/contract/devices.ts';
import type { OperationType } from '../../shared/contract/device-words.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { startOperations, taskProgress } from '../lib/phone-operations.ts';
import { loadOwnedPhones } from '../lib/phones.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Reboot, quick restart and reset, and their progress (shared/contract/devices.ts); the rules are in lib/phone-operations.ts.

type BatchEntries = ReplyInput<typeof contract.resetPhones>;

export type PhoneRestarted = (userPhoneId: number, kind: OperationType) => void;

/** `phoneRestarted` hears of each phone whose operation started (after the commit; refused phones are left out). */
export function phoneOperationRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  async function start(user: UserRow, ids: number[], type: OperationType): Promise<BatchEntries> {
    const results = await startOperations(db, user, ids, type, deps.now());
    for (const result of results) if (result.success) phoneRestarted?.(result.userPhoneId, type);
    return results;
  }

  contractRoute(routes, deps, contract.rebootPhones, guard, async (c, { query }) => await start(c.get('user'), query.userPhoneIds, query.type));

  contractRoute(routes, deps, contract.resetPhones, guard, async (c, { query }) => await start(c.get('user'), query.userPhoneIds, 'reset'));

  contractRoute(routes, deps, contract.phoneProgress, guard, async (c, { body }) => {
    const { taskType } = body;
    const now = deps.now();
    return (await loadOwnedPhones(db, c.get('user'), body.userPhoneIds)).map((phone) => ({
      userPhoneId: phone.id,
      taskType,
      ...taskProgress(phone, taskType, now),
    }));
  });

  return routes;
}

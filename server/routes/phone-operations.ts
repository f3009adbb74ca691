import { Hono } from 'hono';
import { OPERATION_TYPES, PROGRESS_TASK_TYPES, type BatchEntry, type OperationType } from '../../src/devices/device-types.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { badRequest } from '../lib/errors.ts';
import { startOperations, taskProgress } from '../lib/phone-operations.ts';
import { loadOwnedPhones } from '../lib/phones.ts';
import { asString, readBody, requirePhoneIds } from '../lib/request.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Reboot, quick restart and reset, and their progress (API.md "Devices"); the rules are in lib/phone-operations.ts.

const PHONE = '/api/device/user/phone';
const MAX_OPERATION_BATCH = 100;
const MAX_PROGRESS_BATCH = 200;
const REBOOT_TYPES: readonly OperationType[] = ['reboot', 'quickRestart'];

export type PhoneRestarted = (userPhoneId: number, kind: OperationType) => void;

/** `phoneRestarted` hears of each phone whose operation started (after the commit; refused phones are left out). */
export function phoneOperationRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  function start(user: UserRow, ids: number[], type: OperationType): BatchEntry[] {
    const results = startOperations(db, user, ids, type, deps.now());
    for (const result of results) if (result.success) phoneRestarted?.(result.userPhoneId, type);
    return results;
  }

  routes.put(`${PHONE}/reboot`, tenant, auth, (c) => {
    const ids = requirePhoneIds(c.req.queries('userPhoneIds'), MAX_OPERATION_BATCH);
    const type = (c.req.query('type') ?? '').trim() || 'reboot';
    if (!REBOOT_TYPES.includes(type as OperationType)) throw badRequest(`type must be one of ${REBOOT_TYPES.join(', ')}`);
    return ok(c, start(c.get('user'), ids, type as OperationType));
  });

  routes.put(`${PHONE}/reset`, tenant, auth, (c) => {
    const ids = requirePhoneIds(c.req.queries('userPhoneIds'), MAX_OPERATION_BATCH);
    return ok(c, start(c.get('user'), ids, 'reset'));
  });

  routes.post(`${PHONE}/get-progress`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const ids = requirePhoneIds(body.userPhoneIds, MAX_PROGRESS_BATCH);
    const taskType = asString(body.taskType).trim();
    if (!taskType) throw badRequest('taskType is required');
    if (!PROGRESS_TASK_TYPES.includes(taskType)) throw badRequest(`taskType must be one of ${PROGRESS_TASK_TYPES.join(', ')}`);
    const now = deps.now();
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    return ok(
      c,
      phones.map((phone) => ({
        userPhoneId: phone.id,
        taskType,
        ...((OPERATION_TYPES as readonly string[]).includes(taskType) ? taskProgress(phone, taskType, now) : { progress: 0, status: 'none' as const }),
      })),
    );
  });

  return routes;
}

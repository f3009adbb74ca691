import { Hono } from 'hono';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { batchFailure, batchSuccess, currentOperation, DEFAULT_RESOLUTION, loadOwnedPhones, operationRefusal, requirePhoneIds } from '../lib/phones.ts';
import type { OperationType, PhoneRow } from '../lib/phones.ts';
import { asString, readBody } from '../lib/request.ts';
import type { AppEnv, Db, Deps, UserRow } from '../lib/types.ts';

// Reboot, quick restart and reset (API.md "Devices"). An operation is only a stored type and start time: the
// phone is `operating` while the clock is inside its duration, so there is no timer to lose on a restart.

const PHONE = '/api/device/user/phone';
const MAX_OPERATION_BATCH = 100;
const MAX_PROGRESS_BATCH = 200;
const REBOOT_TYPES: readonly OperationType[] = ['reboot', 'quickRestart'];
const OPERATION_TYPES: readonly string[] = ['reboot', 'quickRestart', 'reset'];

/**
 * Checks every id first (one foreign id refuses the whole batch, nothing started), then starts the operation on each
 * phone that can take it. Afterwards the phone is online: a restart ends an offline spell or a control or sync
 * session. Only `trial` is kept, since it describes the rental rather than the running system.
 * Reset applies its effects at the start (root off, default resolution): nothing has to be written when it ends,
 * and no setting can change meanwhile because a busy phone refuses set-root and set-resolution.
 */
function startOperation(db: Db, user: UserRow, ids: number[], type: OperationType, now: number) {
  return db.transaction(() => {
    const phones = loadOwnedPhones(db, user, ids);
    const start = db.prepare(
      `UPDATE phones SET operation_type = ?, operation_started_at = ?, status = CASE WHEN status = 'trial' THEN 'trial' ELSE 'online' END
       WHERE id = ?`,
    );
    const reset = db.prepare('UPDATE phones SET root = 0, width = ?, height = ?, dpi = ? WHERE id = ?');
    return phones.map((phone) => {
      const refusal = operationRefusal(phone, now);
      if (refusal) return batchFailure(phone.id, refusal);
      start.run(type, now, phone.id);
      if (type === 'reset') reset.run(DEFAULT_RESOLUTION.width, DEFAULT_RESOLUTION.height, DEFAULT_RESOLUTION.dpi, phone.id);
      return batchSuccess(phone.id);
    });
  }).immediate();
}

export type PhoneRestarted = (userPhoneId: number, kind: OperationType) => void;

type TaskStatus = 'none' | 'running' | 'done';

/** Progress of the operation types; other task types of spec §4 (clone, replace...) do not exist yet: `none`. */
function taskProgress(phone: PhoneRow, taskType: string, now: number): { progress: number; status: TaskStatus } {
  if (phone.operation_type !== taskType) return { progress: 0, status: 'none' };
  const running = currentOperation(phone, now);
  return running ? { progress: running.progress, status: 'running' } : { progress: 100, status: 'done' };
}

/** `phoneRestarted` hears of each phone whose operation started (after the commit; refused phones are left out). */
export function phoneOperationRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  function start(user: UserRow, ids: number[], type: OperationType) {
    const results = startOperation(db, user, ids, type, deps.now());
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
    const now = deps.now();
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    return ok(
      c,
      phones.map((phone) => ({
        userPhoneId: phone.id,
        taskType,
        ...(OPERATION_TYPES.includes(taskType) ? taskProgress(phone, taskType, now) : { progress: 0, status: 'none' as const }),
      })),
    );
  });

  return routes;
}

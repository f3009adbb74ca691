import { OPERATION_TASK, type ProgressTaskType } from '../../shared/contract/device-words.ts';
import type { BatchEntry, OperationType } from '../../shared/device-types.ts';
import { resetSettings, startOperation } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { batchFailure, batchSuccess, currentOperation, loadOwnedPhones, operationRefusal } from './phones.ts';
import type { Db, UserRow } from './types.ts';
import { DEFAULT_RESOLUTION } from '../../shared/device-types.ts';
import { mapInOrder } from './in-order.ts';

// Reboot, quick restart and reset (API.md "Devices"). An operation is only a stored type and start time: the
// phone is `operating` while the clock is inside its duration, so there is no timer to lose on a restart.

/**
 * Checks every id first (one foreign id refuses the whole batch, nothing started), then starts the operation on each
 * phone that can take it. Afterwards the phone is online: a restart ends an offline spell or a control or sync
 * session. Only `trial` is kept, since it describes the rental rather than the running system.
 * Reset applies its effects at the start (root off, default resolution): nothing has to be written when it ends,
 * and no setting can change meanwhile because a busy phone refuses set-root and set-resolution.
 */
export async function startOperations(db: Db, user: UserRow, ids: number[], type: OperationType, now: number): Promise<BatchEntry[]> {
  return await db.transaction(async (db) =>
    (await mapInOrder((await loadOwnedPhones(db, user, ids)), async (phone) => {
      const refusal = operationRefusal(phone, now, 'restart');
      if (refusal) return batchFailure(phone.id, refusal);
      await startOperation(db, phone.id, type, now);
      if (type === 'reset') await resetSettings(db, phone.id, DEFAULT_RESOLUTION);
      return batchSuccess(phone.id);
    })),
  );
}

export type TaskStatus = 'none' | 'running' | 'done';

/**
 * A task's progress on a phone, from its last operation (device-words.ts OPERATION_TASK): `running` with how far,
 * `done` once it ended, `none` when its last operation was another task. CLONE_TEMPLATE_FINISH is the end of taking a
 * template: `done` once the phone's last template was taken, `running` meanwhile.
 */
export function taskProgress(phone: PhoneRow, taskType: ProgressTaskType, now: number): { progress: number; status: TaskStatus } {
  const type = phone.operation_type;
  const ofTask = type !== null && (OPERATION_TASK[type] === taskType || (taskType === 'CLONE_TEMPLATE_FINISH' && type === 'template'));
  if (!ofTask) return { progress: 0, status: 'none' };
  const running = currentOperation(phone, now);
  return running ? { progress: running.progress, status: 'running' } : { progress: 100, status: 'done' };
}

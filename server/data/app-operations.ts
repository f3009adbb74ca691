import type { AppAction, AppItemStatus } from '../../shared/contract/app-words.ts';
import type { Db } from '../lib/types.ts';

// App batch operations and their per-phone items (migration 017; lib/app-operations.ts has the rules).

export interface AppOperationRow {
  id: number;
  tenant_id: number;
  user_id: number;
  package_name: string;
  action: AppAction;
  created_at: number;
}

export interface AppOperationItemRow {
  id: number;
  operation_id: number;
  phone_id: number;
  phone_no: string;
  name: string;
  status: AppItemStatus;
  reason_code: number | null;
  started_at: number;
  ends_at: number;
  finished_at: number | null;
}

export async function insertAppOperation(db: Db, operation: Omit<AppOperationRow, 'id'>): Promise<number> {
  return Number(
    (await db.run('INSERT INTO app_operations (tenant_id, user_id, package_name, action, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', 
      operation.tenant_id,
      operation.user_id,
      operation.package_name,
      operation.action,
      operation.created_at,
    )).lastId,
  );
}

export async function insertAppOperationItem(db: Db, item: Omit<AppOperationItemRow, 'id'>): Promise<void> {
  await db.run(`INSERT INTO app_operation_items (operation_id, phone_id, phone_no, name, status, reason_code, started_at, ends_at, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, item.operation_id, item.phone_id, item.phone_no, item.name, item.status, item.reason_code, item.started_at, item.ends_at, item.finished_at);
}

/** The user's operation, or undefined (another user's answers as none). */
export async function findUserAppOperation(db: Db, operationId: number, userId: number): Promise<AppOperationRow | undefined> {
  return await db.get('SELECT * FROM app_operations WHERE id = ? AND user_id = ?', operationId, userId) as AppOperationRow | undefined;
}

export async function appOperationItems(db: Db, operationId: number): Promise<AppOperationItemRow[]> {
  return await db.all('SELECT * FROM app_operation_items WHERE operation_id = ? ORDER BY id', operationId) as AppOperationItemRow[];
}

/** The user's operations with an item still running. */
export async function runningAppOperations(db: Db, userId: number): Promise<AppOperationRow[]> {
  return await db.all(`SELECT o.* FROM app_operations o WHERE o.user_id = ?
       AND EXISTS (SELECT 1 FROM app_operation_items i WHERE i.operation_id = o.id AND i.status = 'running') ORDER BY o.id`, userId) as AppOperationRow[];
}

export async function finishAppOperationItem(db: Db, itemId: number, status: 'success' | 'failed', reasonCode: number | null, finishedAt: number): Promise<void> {
  await db.run("UPDATE app_operation_items SET status = ?, reason_code = ?, finished_at = ? WHERE id = ? AND status = 'running'", status,
    reasonCode,
    finishedAt,
    itemId,
  );
}

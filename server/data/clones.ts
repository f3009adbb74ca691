import { TEMPLATE_DELETING_MS } from '../../shared/contract/clone-words.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneAppRow } from './phone-apps.ts';
import { insertWithFreshNumber, statement } from './statements.ts';

// Clone templates and clone orders (migration 022). A template's state is derived by lib/clones.ts from these rows
// and the clock.

export interface TemplateRow {
  id: number;
  user_id: number;
  name: string;
  source_phone_id: number;
  source_phone_name: string;
  size: number;
  root: number;
  width: number;
  height: number;
  dpi: number;
  created_at: number;
  duration_ms: number;
  expires_at: number;
  fail_code: number;
  deleted_at: number | null;
}

export type NewTemplate = Omit<TemplateRow, 'id' | 'fail_code' | 'deleted_at'> & { fail_code?: number };
export type TemplateAppRow = Omit<PhoneAppRow, 'phone_id' | 'installed_at'> & { template_id: number };

export function insertTemplate(db: Db, row: NewTemplate, apps: PhoneAppRow[]): number {
  const id = Number(
    statement(
      db,
      `INSERT INTO clone_templates (user_id, name, source_phone_id, source_phone_name, size, root, width, height, dpi, created_at, duration_ms, expires_at, fail_code)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.user_id, row.name, row.source_phone_id, row.source_phone_name, row.size, row.root, row.width, row.height, row.dpi, row.created_at, row.duration_ms, row.expires_at, row.fail_code ?? 0)
      .lastInsertRowid,
  );
  const insertApp = statement(
    db,
    `INSERT INTO clone_template_apps (template_id, package_name, label, version_name, version_code, icon_png, size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const app of apps) insertApp.run(id, app.package_name, app.label, app.version_name, app.version_code, app.icon_png, app.size_bytes);
  return id;
}

export function templateById(db: Db, id: number): TemplateRow | undefined {
  return statement(db, 'SELECT * FROM clone_templates WHERE id = ?').get(id) as TemplateRow | undefined;
}

/**
 * The user's templates still listed, newest first: not deleted, or deleted within the last TEMPLATE_DELETING_MS
 * (shown as being deleted). Removed ones stay in the table for the clone orders that name them, never read here.
 */
export function listedTemplatesOfUser(db: Db, userId: number, now: number): TemplateRow[] {
  // Two parts rather than an OR, so that each reads the index on (user_id, deleted_at) and nothing else.
  return statement(
    db,
    `SELECT * FROM clone_templates WHERE user_id = @userId AND deleted_at IS NULL
     UNION ALL SELECT * FROM clone_templates WHERE user_id = @userId AND deleted_at > @deletedAfter
     ORDER BY created_at DESC, id DESC`,
  ).all({ userId, deletedAfter: now - TEMPLATE_DELETING_MS }) as TemplateRow[];
}

/** Templates the user keeps now (creating or ready: not deleted, not failed, being made or not yet expired). */
export function keptTemplateCount(db: Db, userId: number, now: number): number {
  return (statement(
    db,
    `SELECT COUNT(*) AS n FROM clone_templates
     WHERE user_id = ? AND deleted_at IS NULL AND fail_code = 0 AND (? < created_at + duration_ms OR ? < expires_at)`,
  ).get(userId, now, now) as { n: number }).n;
}

export function templatesCreatedSince(db: Db, userId: number, since: number): number {
  return (statement(db, 'SELECT COUNT(*) AS n FROM clone_templates WHERE user_id = ? AND created_at >= ?').get(userId, since) as { n: number }).n;
}

export function templateApps(db: Db, templateId: number): TemplateAppRow[] {
  return statement(db, 'SELECT * FROM clone_template_apps WHERE template_id = ? ORDER BY rowid').all(templateId) as TemplateAppRow[];
}

export function appCounts(db: Db, templateIds: number[]): Map<number, number> {
  const rows = statement(
    db,
    'SELECT template_id, COUNT(*) AS n FROM clone_template_apps WHERE template_id IN (SELECT value FROM json_each(?)) GROUP BY template_id',
  ).all(JSON.stringify(templateIds)) as Array<{ template_id: number; n: number }>;
  return new Map(rows.map((row) => [row.template_id, row.n]));
}

export function failTemplate(db: Db, id: number, code: number): void {
  statement(db, 'UPDATE clone_templates SET fail_code = ? WHERE id = ? AND fail_code = 0').run(code, id);
}

export function markTemplateDeleted(db: Db, id: number, now: number): void {
  statement(db, 'UPDATE clone_templates SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(now, id);
}

/** Replaces the phone's installed apps by the template's (their running marks go with the old ones). */
export function replaceInstalledApps(db: Db, phoneId: number, templateId: number, now: number): void {
  statement(db, 'DELETE FROM phone_running_apps WHERE phone_id = ?').run(phoneId);
  statement(db, 'DELETE FROM phone_apps WHERE phone_id = ?').run(phoneId);
  statement(
    db,
    `INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at)
     SELECT ?, package_name, label, version_name, version_code, icon_png, size_bytes, ? FROM clone_template_apps WHERE template_id = ? ORDER BY rowid`,
  ).run(phoneId, now, templateId);
}

export interface CloneOrderRow {
  id: number;
  order_no: string;
  user_id: number;
  template_id: number;
  template_name: string;
  created_at: number;
}

export interface CloneItemRow {
  order_id: number;
  phone_id: number;
  phone_name: string;
  fail_code: number;
}

/** Inserts the order and its phones; `orderNo` draws its number (again on a collision). */
export function insertCloneOrder(
  db: Db,
  order: Omit<CloneOrderRow, 'id' | 'order_no'>,
  phones: Array<{ id: number; name: string }>,
  orderNo: () => string,
): CloneOrderRow {
  const insert = statement(db, 'INSERT INTO clone_orders (order_no, user_id, template_id, template_name, created_at) VALUES (?, ?, ?, ?, ?)');
  const id = insertWithFreshNumber('clone_orders.order_no', () =>
    Number(insert.run(orderNo(), order.user_id, order.template_id, order.template_name, order.created_at).lastInsertRowid),
  );
  const item = statement(db, 'INSERT INTO clone_order_items (order_id, phone_id, phone_name) VALUES (?, ?, ?)');
  for (const phone of phones) item.run(id, phone.id, phone.name);
  return statement(db, 'SELECT * FROM clone_orders WHERE id = ?').get(id) as CloneOrderRow;
}

export function cloneOrderByNo(db: Db, userId: number, orderNo: string): CloneOrderRow | undefined {
  return statement(db, 'SELECT * FROM clone_orders WHERE order_no = ? AND user_id = ?').get(orderNo, userId) as CloneOrderRow | undefined;
}

export function cloneItems(db: Db, orderId: number): CloneItemRow[] {
  return statement(db, 'SELECT * FROM clone_order_items WHERE order_id = ? ORDER BY rowid').all(orderId) as CloneItemRow[];
}

/** Phones the user had cloned since then (each phone of each order counts once). */
export function clonesSince(db: Db, userId: number, since: number): number {
  return (statement(
    db,
    'SELECT COUNT(*) AS n FROM clone_order_items i JOIN clone_orders o ON o.id = i.order_id WHERE o.user_id = ? AND o.created_at >= ?',
  ).get(userId, since) as { n: number }).n;
}

import { TEMPLATE_DELETING_MS } from '../../shared/contract/clone-words.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneAppRow } from './phone-apps.ts';
import { insertWithFreshNumber } from './statements.ts';

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

export async function insertTemplate(db: Db, row: NewTemplate, apps: PhoneAppRow[]): Promise<number> {
  const id = Number(
    (await db.run(`INSERT INTO clone_templates (user_id, name, source_phone_id, source_phone_name, size, root, width, height, dpi, created_at, duration_ms, expires_at, fail_code)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, row.user_id, row.name, row.source_phone_id, row.source_phone_name, row.size, row.root, row.width, row.height, row.dpi, row.created_at, row.duration_ms, row.expires_at, row.fail_code ?? 0))
      .lastId,
  );
  for (const [position, app] of apps.entries()) {
    await db.run(`INSERT INTO clone_template_apps (template_id, package_name, label, version_name, version_code, icon_png, size_bytes, position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, app.package_name, app.label, app.version_name, app.version_code, app.icon_png, app.size_bytes, position);
  }
  return id;
}

export async function templateById(db: Db, id: number): Promise<TemplateRow | undefined> {
  return await db.get('SELECT * FROM clone_templates WHERE id = ?', id) as TemplateRow | undefined;
}

/**
 * The user's templates still listed, newest first: not deleted, or deleted within the last TEMPLATE_DELETING_MS
 * (shown as being deleted). Removed ones stay in the table for the clone orders that name them, never read here.
 */
export async function listedTemplatesOfUser(db: Db, userId: number, now: number): Promise<TemplateRow[]> {
  // Two parts rather than an OR, so that each reads the index on (user_id, deleted_at) and nothing else.
  return await db.all(`SELECT * FROM clone_templates WHERE user_id = @userId AND deleted_at IS NULL
     UNION ALL SELECT * FROM clone_templates WHERE user_id = @userId AND deleted_at > @deletedAfter
     ORDER BY created_at DESC, id DESC`, { userId, deletedAfter: now - TEMPLATE_DELETING_MS }) as TemplateRow[];
}

/** Templates the user keeps now (creating or ready: not deleted, not failed, being made or not yet expired). */
export async function keptTemplateCount(db: Db, userId: number, now: number): Promise<number> {
  return (await db.get(`SELECT COUNT(*) AS n FROM clone_templates
     WHERE user_id = ? AND deleted_at IS NULL AND fail_code = 0 AND (? < created_at + duration_ms OR ? < expires_at)`, userId, now, now) as { n: number }).n;
}

export async function templatesCreatedSince(db: Db, userId: number, since: number): Promise<number> {
  return (await db.get('SELECT COUNT(*) AS n FROM clone_templates WHERE user_id = ? AND created_at >= ?', userId, since) as { n: number }).n;
}

export async function templateApps(db: Db, templateId: number): Promise<TemplateAppRow[]> {
  return await db.all('SELECT * FROM clone_template_apps WHERE template_id = ? ORDER BY position', templateId) as TemplateAppRow[];
}

export async function appCounts(db: Db, templateIds: number[]): Promise<Map<number, number>> {
  const rows = await db.all(`SELECT template_id, COUNT(*) AS n FROM clone_template_apps WHERE ${db.dialect.inList('template_id')} GROUP BY template_id`, templateIds) as Array<{ template_id: number; n: number }>;
  return new Map(rows.map((row) => [row.template_id, row.n]));
}

export async function failTemplate(db: Db, id: number, code: number): Promise<void> {
  await db.run('UPDATE clone_templates SET fail_code = ? WHERE id = ? AND fail_code = 0', code, id);
}

export async function markTemplateDeleted(db: Db, id: number, now: number): Promise<void> {
  await db.run('UPDATE clone_templates SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL', now, id);
}

/** Replaces the phone's installed apps by the template's (their running marks go with the old ones). */
export async function replaceInstalledApps(db: Db, phoneId: number, templateId: number, now: number): Promise<void> {
  await db.run('DELETE FROM phone_running_apps WHERE phone_id = ?', phoneId);
  await db.run('DELETE FROM phone_apps WHERE phone_id = ?', phoneId);
  await db.run(`INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at)
     SELECT ?, package_name, label, version_name, version_code, icon_png, size_bytes, ? FROM clone_template_apps WHERE template_id = ? ORDER BY position`, phoneId, now, templateId);
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
export async function insertCloneOrder(
  db: Db,
  order: Omit<CloneOrderRow, 'id' | 'order_no'>,
  phones: Array<{ id: number; name: string }>,
  orderNo: () => string,
): Promise<CloneOrderRow> {
  const id = await insertWithFreshNumber(db, 'clone_orders.order_no', async (db) =>
    Number((await db.run('INSERT INTO clone_orders (order_no, user_id, template_id, template_name, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', orderNo(), order.user_id, order.template_id, order.template_name, order.created_at)).lastId),
  );
  for (const [position, phone] of phones.entries()) {
    await db.run('INSERT INTO clone_order_items (order_id, phone_id, phone_name, position) VALUES (?, ?, ?, ?)', id, phone.id, phone.name, position);
  }
  return await db.get('SELECT * FROM clone_orders WHERE id = ?', id) as CloneOrderRow;
}

export async function cloneOrderByNo(db: Db, userId: number, orderNo: string): Promise<CloneOrderRow | undefined> {
  return await db.get('SELECT * FROM clone_orders WHERE order_no = ? AND user_id = ?', orderNo, userId) as CloneOrderRow | undefined;
}

export async function cloneItems(db: Db, orderId: number): Promise<CloneItemRow[]> {
  return await db.all('SELECT * FROM clone_order_items WHERE order_id = ? ORDER BY position', orderId) as CloneItemRow[];
}

/** Phones the user had cloned since then (each phone of each order counts once). */
export async function clonesSince(db: Db, userId: number, since: number): Promise<number> {
  return (await db.get('SELECT COUNT(*) AS n FROM clone_order_items i JOIN clone_orders o ON o.id = i.order_id WHERE o.user_id = ? AND o.created_at >= ?', userId, since) as { n: number }).n;
}

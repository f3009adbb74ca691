import { flag } from '../db/dialect.ts';
import { CLONE_LIMIT_DEFAULTS, CLONE_LIMIT_KEYS, TEMPLATE_BASE_BYTES, TEMPLATE_DELETING_MS, TEMPLATE_LIFE_DAYS, type CloneLimitName, type TemplateState } from '../../shared/contract/clone-words.ts';
import type * as contract from '../../shared/contract/clones.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import {
  appCounts, cloneItems, cloneOrderByNo, clonesSince, failTemplate, insertCloneOrder, insertTemplate, markTemplateDeleted, replaceInstalledApps,
  keptTemplateCount, listedTemplatesOfUser, templateById, templatesCreatedSince, type CloneOrderRow, type TemplateRow,
} from '../data/clones.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import { findPhone, phonesOfUser, setResolution, setRoot, startOperation, type PhoneRow } from '../data/phones.ts';
import { configPositiveInt } from './config.ts';
import { apiError, type CatalogCode } from './errors.ts';
import { newOrderNo } from './orders.ts';
import { installedApps } from './phone-apps.ts';
import { businessStatus, currentOperation, OPERATION_DURATION_MS, operationRefusal } from './phones.ts';
import { startOfDay } from './transfers.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { HOUR_MS, DAY_MS } from '../../shared/contract/time-units.ts';
import { mapInOrder } from './in-order.ts';

// Clone templates and clones (server/API.md "Clones and templates"). Taking a template is the `template` operation
// on its source phone; cloning is the `clone` operation on each target, whose effects (the template's apps and
// settings) are applied at its start, as a reset's are. A template's state is derived from its row and the clock.

export type CloneLimits = Record<CloneLimitName, number>;
export type TemplateReply = ReplyInput<typeof contract.createTemplate>;
export type CloneOrderReply = ReplyInput<typeof contract.clonePhones>;

/**
 * The tenant's PHONE_TEMPLATE_* and PHONE_CLONE_* config keys (spec §9), each falling back to its default when
 * missing or malformed.
 */
export async function cloneLimits(db: Db, tenantId: number): Promise<CloneLimits> {
  const entries = (await mapInOrder(Object.entries(CLONE_LIMIT_KEYS), async ([name, key]) => [name, await configPositiveInt(db, tenantId, key, CLONE_LIMIT_DEFAULTS[name as CloneLimitName])]));
  return Object.fromEntries(entries) as CloneLimits;
}

/** The template's state now (clone-words.ts TEMPLATE_STATES). */
export function templateState(row: TemplateRow, now: number): TemplateState {
  if (row.deleted_at !== null) return now - row.deleted_at < TEMPLATE_DELETING_MS ? 'deleting' : 'removed';
  if (row.fail_code) return 'failed';
  if (now < row.created_at + row.duration_ms) return 'creating';
  if (now >= row.expires_at) return 'expired';
  return 'ready';
}

/**
 * A template being created fails when its source stops being able to give it: a fault on its host, offline, or no
 * longer the account's. Checked whenever it is read while creating (the page asks every second meanwhile).
 */
async function creationFailure(db: Db, row: TemplateRow): Promise<CatalogCode | null> {
  const source = await findPhone(db, row.source_phone_id);
  if (!source || source.user_id !== row.user_id) return ErrorCode.DEVICE_NOT_EXIST;
  if (source.fault === 'malfunction') return ErrorCode.DEVICE_FAULT;
  if (source.fault === 'disconnected') return ErrorCode.DEVICE_NOT_CONNECTED;
  if (source.status === 'offline') return ErrorCode.DEVICE_OFFLINE;
  return null;
}

/** The row as it stands now, failed first if its source gave out meanwhile. */
async function settled(db: Db, row: TemplateRow, now: number): Promise<TemplateRow> {
  if (templateState(row, now) !== 'creating') return row;
  const failure = await creationFailure(db, row);
  if (!failure) return row;
  await failTemplate(db, row.id, failure);
  return { ...row, fail_code: failure };
}

function describe(row: TemplateRow, appCount: number, now: number): TemplateReply {
  const state = templateState(row, now);
  const progress = state === 'creating' ? Math.min(99, Math.floor(((now - row.created_at) * 100) / row.duration_ms)) : state === 'failed' ? 0 : 100;
  return {
    templateId: row.id,
    name: row.name,
    sourcePhoneId: row.source_phone_id,
    sourcePhoneName: row.source_phone_name,
    size: row.size,
    appCount,
    state,
    progress,
    failCode: row.fail_code,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    daysLeft: Math.max(0, Math.ceil((row.expires_at - now) / DAY_MS)),
  };
}

export async function listTemplates(deps: Pick<Deps, 'db' | 'now'>, user: UserRow): Promise<ReplyInput<typeof contract.listTemplates>> {
  const { db } = deps;
  const now = deps.now();
  const rows = (await mapInOrder((await listedTemplatesOfUser(db, user.id, now)), async (row) => await settled(db, row, now)));
  const counts = await appCounts(db, rows.map((row) => row.id));
  return { list: rows.map((row) => describe(row, counts.get(row.id) ?? 0, now)), limits: await cloneLimits(db, user.tenant_id), serverTime: now };
}

/** A phone id the caller asked for that is not theirs: lent to them (its owner's to clone), or as if none. */
async function notOwned(db: Db, user: UserRow, id: number, now: number): Promise<never> {
  const lent = (await accessiblePhone(db, user.id, user.tenant_id, id, now))?.access.kind === 'grant';
  throw apiError(lent ? ErrorCode.CLONE_PHONE_AUTHORIZED : ErrorCode.DEVICE_NOT_EXIST, { userPhoneId: id });
}

/** Why the phone cannot take a template or a clone now (its state, then its validity), or null. */
function phoneRefusal(phone: PhoneRow, now: number, minHours: number, tooShort: CatalogCode): CatalogCode | null {
  const refusal = operationRefusal(phone, now, 'command');
  if (refusal) return refusal;
  if (phone.expire_time - now < minHours * HOUR_MS) return tooShort;
  return null;
}

/**
 * Takes a template from one of the caller's phones. The limits count the templates kept (creating or ready) and
 * those created today (the product's day, UTC+8, as the transfers' limits). A source found offline at the start
 * gives a failed template: the snapshot could not be read (spec §4 "creation failed"), and the phone stays as it is.
 */
export async function createTemplate(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, userPhoneId: number, name: string): Promise<TemplateReply> {
  const { db } = deps;
  return await db.transaction(async (db) => {
    const now = deps.now();
    const limits = await cloneLimits(db, user.tenant_id);
    const phone = (await phonesOfUser(db, user.id, user.tenant_id, [userPhoneId]))[0] ?? await notOwned(db, user, userPhoneId, now);
    const refusal = phoneRefusal(phone, now, limits.templateExpireHours, ErrorCode.TEMPLATE_TIME_TOO_SHORT);
    if (refusal) throw apiError(refusal, { userPhoneId });
    if (await keptTemplateCount(db, user.id, now) >= limits.templateMax) throw apiError(ErrorCode.TEMPLATE_MAX_LIMIT, { max: limits.templateMax });
    if (await templatesCreatedSince(db, user.id, startOfDay(now)) >= limits.templateDay) throw apiError(ErrorCode.TEMPLATE_DAY_LIMIT, { max: limits.templateDay });
    const offline = businessStatus(phone, now) === 'offline';
    const apps = await installedApps(db, phone.id);
    const id = await insertTemplate(
      db,
      {
        user_id: user.id, name, source_phone_id: phone.id, source_phone_name: phone.name,
        size: TEMPLATE_BASE_BYTES + apps.reduce((sum, app) => sum + app.size_bytes, 0),
        root: phone.root, width: phone.width, height: phone.height, dpi: phone.dpi,
        created_at: now, duration_ms: OPERATION_DURATION_MS.template, expires_at: now + TEMPLATE_LIFE_DAYS * DAY_MS,
        fail_code: offline ? ErrorCode.DEVICE_OFFLINE : 0,
      },
      apps,
    );
    if (!offline) await startOperation(db, phone.id, 'template', now);
    return describe((await templateById(db, id))!, apps.length, now);
  });
}

/** The caller's template, not removed nor being removed; anything else does not exist for them. */
async function ownTemplate(db: Db, user: UserRow, id: number, now: number): Promise<TemplateRow> {
  const row = await templateById(db, id);
  if (!row || row.user_id !== user.id || row.deleted_at !== null) throw apiError(ErrorCode.TEMPLATE_NOT_EXIST);
  return await settled(db, row, now);
}

/** A template in any state may be deleted: one being created stops being listed, its source finishes on its own. */
export async function deleteTemplate(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, id: number): Promise<void> {
  const { db } = deps;
  await db.transaction(async (db) => {
    const now = deps.now();
    await ownTemplate(db, user, id, now);
    await markTemplateDeleted(db, id, now);
  });
}

async function describeOrder(db: Db, order: CloneOrderRow, now: number): Promise<CloneOrderReply> {
  const items = (await mapInOrder((await cloneItems(db, order.id)), async (item) => {
    const phone = await findPhone(db, item.phone_id);
    // Its clone is the phone's operation started with the order; once that is over (or another followed), it is done.
    const running = phone && phone.operation_type === 'clone' && phone.operation_started_at === order.created_at ? currentOperation(phone, now) : null;
    const status = item.fail_code ? ('failed' as const) : running ? ('cloning' as const) : ('done' as const);
    return { userPhoneId: item.phone_id, phoneName: item.phone_name, status, progress: running ? running.progress : status === 'done' ? 100 : 0, code: item.fail_code };
  }));
  return { orderNo: order.order_no, templateId: order.template_id, templateName: order.template_name, createdAt: order.created_at, items };
}

/**
 * Clones a ready template onto the caller's phones: the batch and today's count first (the request is refused whole
 * when it would pass them), then every phone; one refused phone refuses the request with its id. Each phone then
 * starts its `clone` operation with the template's apps and settings in place (its own installed apps are gone).
 */
export async function clonePhones(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, templateId: number, ids: number[]): Promise<CloneOrderReply> {
  const { db } = deps;
  return await db.transaction(async (db) => {
    const now = deps.now();
    const limits = await cloneLimits(db, user.tenant_id);
    const template = await ownTemplate(db, user, templateId, now);
    const state = templateState(template, now);
    if (state === 'expired') throw apiError(ErrorCode.TEMPLATE_EXPIRED);
    if (state !== 'ready') throw apiError(ErrorCode.TEMPLATE_NOT_READY);
    if (ids.length > limits.cloneBatch) throw apiError(ErrorCode.CLONE_BATCH_LIMIT, { max: limits.cloneBatch });
    if (await clonesSince(db, user.id, startOfDay(now)) + ids.length > limits.cloneDay) throw apiError(ErrorCode.CLONE_DAY_LIMIT, { max: limits.cloneDay });
    const owned = new Map((await phonesOfUser(db, user.id, user.tenant_id, ids)).map((row) => [row.id, row]));
    const phones = (await mapInOrder(ids, async (id) => {
      const phone = owned.get(id) ?? await notOwned(db, user, id, now);
      const refusal = phoneRefusal(phone, now, limits.cloneExpireHours, ErrorCode.CLONE_TIME_TOO_SHORT)
        ?? (businessStatus(phone, now) === 'offline' ? ErrorCode.DEVICE_OFFLINE : null);
      if (refusal) throw apiError(refusal, { userPhoneId: id });
      return phone;
    }));
    const order = await insertCloneOrder(db, { user_id: user.id, template_id: template.id, template_name: template.name, created_at: now }, phones, () => `CL${newOrderNo(now)}`);
    for (const phone of phones) {
      await startOperation(db, phone.id, 'clone', now);
      await replaceInstalledApps(db, phone.id, template.id, now);
      await setRoot(db, phone.id, flag(template.root));
      await setResolution(db, phone.id, { width: template.width, height: template.height, dpi: template.dpi });
    }
    return await describeOrder(db, order, now);
  });
}

export async function cloneOrder(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, orderNo: string): Promise<CloneOrderReply> {
  const order = await cloneOrderByNo(deps.db, user.id, orderNo);
  if (!order) throw apiError(ErrorCode.CLONE_ORDER_NOT_EXIST);
  return await describeOrder(deps.db, order, deps.now());
}

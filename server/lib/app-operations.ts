import { ErrorCode } from '../../shared/error-codes.ts';
import { appOperationStatus, type AppAction } from '../../shared/contract/app-words.ts';
import type * as contract from '../../shared/contract/apps.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import {
  appOperationItems, findUserAppOperation, finishAppOperationItem, insertAppOperation, insertAppOperationItem, runningAppOperations,
  type AppOperationItemRow, type AppOperationRow,
} from '../data/app-operations.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import { deleteInstalledApp, markAppRunning, markAppStopped } from '../data/phone-apps.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { apiError, ERROR_MESSAGES, type CatalogCode } from './errors.ts';
import { appsOfPhones, findApp, runningPackages, type AppChange } from './phone-apps.ts';
import { businessStatus, loadOwnedPhones, operationRefusal } from './phones.ts';
import type { Db, Deps, UserRow } from './types.ts';

// App batch management (server/API.md "Apps"): the apps of the chosen phones, and operations that start, stop or
// uninstall one package on each. A real phone takes a minute or two per item; this server takes a few seconds, kept
// as each item's end time: an item is settled (checked again, done, told to the stream) when something reads it
// after that time, or by the timer the route sets, whichever comes first.

/** How long one phone takes, by action; each next phone of a batch ends a little later, so results arrive one by one. */
export const APP_ACTION_MS: Record<AppAction, number> = { start: 2500, stop: 1500, uninstall: 3000 };
export const APP_ITEM_STAGGER_MS = 400;

type AppDeps = Pick<Deps, 'db' | 'now' | 'appsChanged'>;

/** The union of the apps of the caller's phones (any id not the caller's refuses the whole call, like device calls). */
export async function listPhoneApps(deps: AppDeps, user: UserRow, ids: number[]): Promise<ReplyInput<typeof contract.listApps>> {
  await settleUserOperations(deps, user);
  const phones = await loadOwnedPhones(deps.db, user, ids);
  const apps = await appsOfPhones(deps.db, ids);
  const running = await runningPackages(deps.db, phones);
  const union = new Map<string, ReplyInput<typeof contract.listApps>['list'][number]>();
  for (const phone of phones) {
    for (const app of apps.get(phone.id) ?? []) {
      const entry = union.get(app.packageName) ?? { ...app, phones: [] };
      entry.phones.push({ userPhoneId: phone.id, running: running.get(phone.id)?.has(app.packageName) ?? false });
      union.set(app.packageName, entry);
    }
  }
  // Installed apps first (what a user manages most), then by label.
  const list = [...union.values()].sort((a, b) => Number(a.system) - Number(b.system) || a.label.localeCompare(b.label));
  return { userPhoneIds: ids, list };
}

/** Why the phone cannot take the action now: its state (device rules of lib/phones.ts), then the package. */
async function itemRefusal(db: Db, phone: PhoneRow, packageName: string, action: AppAction, now: number): Promise<CatalogCode | null> {
  const state = operationRefusal(phone, now, 'command') ?? (businessStatus(phone, now) === 'offline' ? ErrorCode.DEVICE_OFFLINE : null);
  if (state) return state;
  const app = await findApp(db, phone.id, packageName);
  if (!app) return ErrorCode.APP_NOT_INSTALLED;
  if (action === 'uninstall' && app.system) return ErrorCode.APP_SYSTEM_UNINSTALL;
  return null;
}

/** An asked id that is not the caller's phone: lent to the caller (its owner's to manage), or as if it did not exist. */
async function notOwnedRefusal(db: Db, user: UserRow, id: number, now: number): Promise<CatalogCode> {
  return (await accessiblePhone(db, user.id, user.tenant_id, id, now))?.access.kind === 'grant' ? ErrorCode.APP_PHONE_AUTHORIZED : ErrorCode.DEVICE_NOT_EXIST;
}

export interface AppOperationRequest {
  userPhoneIds: number[];
  packageName: string;
  action: AppAction;
}

/**
 * operate: one item per asked id, in the order asked. Refused items fail at once with their reason; the others run
 * until their end time. A request with none of the caller's phones is refused whole (DEVICE_NOT_EXIST), so ids of
 * other accounts tell nothing. Returns the reply and when its last item ends (the route's timer).
 */
export async function startAppOperation(deps: AppDeps, user: UserRow, request: AppOperationRequest) {
  const { db } = deps;
  const { id, endsAt } = await db.transaction(async (db) => {
    const now = deps.now();
    const owned = new Map((await phonesOfUser(db, user.id, user.tenant_id, request.userPhoneIds)).map((row) => [row.id, row]));
    if (owned.size === 0) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
    const operationId = await insertAppOperation(db, { tenant_id: user.tenant_id, user_id: user.id, package_name: request.packageName, action: request.action, created_at: now });
    let last = now;
    let running = 0;
    for (const phoneId of request.userPhoneIds) {
      const phone = owned.get(phoneId);
      const refusal = phone ? await itemRefusal(db, phone, request.packageName, request.action, now) : await notOwnedRefusal(db, user, phoneId, now);
      const endsAt = now + APP_ACTION_MS[request.action] + running * APP_ITEM_STAGGER_MS;
      if (!refusal) {
        running++;
        last = Math.max(last, endsAt);
      }
      await insertAppOperationItem(db, {
        operation_id: operationId,
        phone_id: phoneId,
        phone_no: phone?.phone_no ?? '',
        name: phone?.name ?? '',
        status: refusal ? 'failed' : 'running',
        reason_code: refusal,
        started_at: now,
        ends_at: refusal ? now : endsAt,
        finished_at: refusal ? now : null,
      });
    }
    return { id: operationId, endsAt: last };
  });
  return { reply: await appOperationReply(deps, user, id), endsAt, operationId: id };
}

/** Ends the items whose time has come: each is checked again (the phone may have changed) and, if still fine, done. */
async function settleOperation(deps: AppDeps, operation: AppOperationRow): Promise<void> {
  const { db } = deps;
  const changes: Array<[number, AppChange]> = [];
  await db.transaction(async (db) => {
    const now = deps.now();
    const due = (await appOperationItems(db, operation.id)).filter((item) => item.status === 'running' && item.ends_at <= now);
    if (due.length === 0) return;
    const owner = { id: operation.user_id, tenant_id: operation.tenant_id } as UserRow;
    const phones = new Map((await phonesOfUser(db, owner.id, owner.tenant_id, due.map((item) => item.phone_id))).map((row) => [row.id, row]));
    for (const item of due) {
      const phone = phones.get(item.phone_id);
      const refusal = phone ? await itemRefusal(db, phone, operation.package_name, operation.action, now) : ErrorCode.DEVICE_NOT_EXIST;
      if (!refusal) {
        await applyAction(db, item.phone_id, operation, item.ends_at);
        changes.push([item.phone_id, { action: operation.action, packageName: operation.package_name }]);
      }
      await finishAppOperationItem(db, item.id, refusal ? 'failed' : 'success', refusal, item.ends_at);
    }
  });
  // Told after the commit: the stream reads the phone's apps again.
  for (const [phoneId, change] of changes) await deps.appsChanged?.(phoneId, change);
}

async function applyAction(db: Db, phoneId: number, operation: AppOperationRow, at: number): Promise<void> {
  if (operation.action === 'start') await markAppRunning(db, phoneId, operation.package_name, at);
  else if (operation.action === 'stop') await markAppStopped(db, phoneId, operation.package_name);
  else await deleteInstalledApp(db, phoneId, operation.package_name);
}

/** Settles every operation of the caller that has a running item (before answering anything that reads apps). */
export async function settleUserOperations(deps: AppDeps, user: Pick<UserRow, 'id'>): Promise<void> {
  for (const operation of await runningAppOperations(deps.db, user.id)) await settleOperation(deps, operation);
}

/** For the route's timer: settles the operation if it is still there (the database may be gone in a test). */
export async function settleLater(deps: AppDeps, operationId: number, userId: number): Promise<void> {
  try {
    const operation = await findUserAppOperation(deps.db, operationId, userId);
    if (operation) await settleOperation(deps, operation);
  } catch {
    // Nothing to settle any more; a reader settles it otherwise.
  }
}

function itemJson(item: AppOperationItemRow, now: number) {
  const span = Math.max(1, item.ends_at - item.started_at);
  const progress = item.status === 'running' ? Math.min(99, Math.max(0, Math.floor(((now - item.started_at) * 100) / span))) : 100;
  return {
    userPhoneId: item.phone_id,
    phoneNo: item.phone_no,
    name: item.name,
    status: item.status,
    progress,
    code: item.reason_code ?? ErrorCode.SUCCESS,
    msg: item.reason_code === null ? '' : (ERROR_MESSAGES[item.reason_code as CatalogCode] ?? ''),
    finishTime: item.finished_at,
  };
}

/** The caller's operation as it stands now, its due items settled first; another's answers APP_OPERATION_NOT_EXIST. */
export async function appOperationReply(deps: AppDeps, user: UserRow, operationId: number): Promise<ReplyInput<typeof contract.appOperation>> {
  const operation = await findUserAppOperation(deps.db, operationId, user.id);
  if (!operation) throw apiError(ErrorCode.APP_OPERATION_NOT_EXIST);
  await settleOperation(deps, operation);
  const now = deps.now();
  const items = (await appOperationItems(deps.db, operation.id)).map((item) => itemJson(item, now));
  return {
    operationId: operation.id,
    packageName: operation.package_name,
    action: operation.action,
    status: appOperationStatus(items.map((item) => item.status)),
    createTime: operation.created_at,
    items,
  };
}

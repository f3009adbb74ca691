import { ErrorCode } from '../../shared/error-codes.ts';
import type * as contract from '../../shared/contract/phone-check.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import {
  LATENCY_PROBLEM_MS, LATENCY_WARNING_MS, MEMORY_WARNING, STORAGE_PROBLEM, STORAGE_WARNING, type CheckFix, type CheckName, type CheckResult,
} from '../../shared/contract/phone-check-words.ts';
import { installedAppRows } from '../data/phone-apps.ts';
import type { PhoneRow } from '../data/phones.ts';
import { configPositiveInt } from './config.ts';
import { ERROR_MESSAGES, type CatalogCode } from './errors.ts';
import { GRADE_SPECS } from './phone-hardware.ts';
import { runningPackages } from './phone-apps.ts';
import { businessStatus } from './phones.ts';
import type { Db } from './types.ts';
import { MINUTE_MS, HOUR_MS } from '../../shared/contract/time-units.ts';

// The phone check (server/API.md "Phone check"): what this server knows of a phone, judged. The virtual phones have
// no disks or memory of their own, so storage and memory are figures derived from what is recorded: the grade's sizes
// (phone-hardware.ts), a system image, the installed apps (twice their package: the app and its data), the apps
// running, and a stable per-phone share of user files. The virtual phones run inside this process, so the phone's
// line to its stream host is this process's event loop: `latency` is its measured turn.

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const SYSTEM_STORAGE = 9.5 * GB;
const SYSTEM_MEMORY = 1.6 * GB;
const MEMORY_PER_RUNNING_APP = 350 * MB;
/** Spec §5: a phone needs 10 minutes of validity to be opened. */
const MIN_OPEN_MS = 10 * MINUTE_MS;

type Check = ReplyInput<typeof contract.checkPhone>['checks'][number];

function check(name: CheckName, result: CheckResult, fix: CheckFix | null = null, code: CatalogCode | null = null, value: number | null = null, limit: number | null = null): Check {
  return { name, result, fix, code: code ?? 0, msg: code ? ERROR_MESSAGES[code] : '', value, limit };
}

const bytesOf = (size: string) => Number.parseFloat(size) * GB;

/** A stable share in [0, 1) for the phone: its user files and memory jitter do not change from one check to the next. */
function share(phoneId: number, salt: number): number {
  return (((phoneId * 2_654_435_761 + salt * 40_503) >>> 0) % 1000) / 1000;
}

/** How long one turn of the event loop takes now (ms, rounded to a tenth). */
export function measureTurn(): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => setImmediate(() => resolve(Math.round((performance.now() - start) * 10) / 10)));
}

export async function checkPhone(db: Db, phone: PhoneRow, now: number, latencyMs: number): Promise<ReplyInput<typeof contract.checkPhone>> {
  const status = businessStatus(phone, now);
  const expired = status === 'expired';
  const unreachable = phone.fault === 'disconnected' || status === 'offline';
  const busy = status === 'operating' || status === 'replacing';
  const running = !expired && !unreachable && !busy && phone.fault !== 'malfunction' && status !== 'maintenance' && status !== 'migrating';
  const spec = GRADE_SPECS[phone.grade_id] ?? GRADE_SPECS[1]!;
  const checks: Check[] = [];

  if (expired) checks.push(check('reachable', 'skipped'));
  else if (phone.fault === 'disconnected') checks.push(check('reachable', 'problem', 'support', ErrorCode.DEVICE_NOT_CONNECTED));
  // Offline: the phone's system stopped answering; a reboot brings it back (lib/phone-operations.ts).
  else if (status === 'offline') checks.push(check('reachable', 'problem', 'reboot', ErrorCode.DEVICE_OFFLINE));
  else checks.push(check('reachable', 'ok'));

  if (expired) checks.push(check('status', 'problem', 'renew', ErrorCode.DEVICE_EXPIRED));
  else if (unreachable) checks.push(check('status', 'skipped'));
  else if (phone.fault === 'malfunction') checks.push(check('status', 'problem', 'support', ErrorCode.DEVICE_FAULT));
  else if (status === 'maintenance') checks.push(check('status', 'problem', 'support', ErrorCode.DEVICE_MAINTENANCE));
  else if (status === 'migrating') checks.push(check('status', 'problem', 'support', ErrorCode.DEVICE_MIGRATED));
  // A task under way ends on its own: nothing to fix, only to wait for.
  else if (status === 'replacing') checks.push(check('status', 'warning', null, ErrorCode.DEVICE_REPLACING));
  else if (status === 'operating') checks.push(check('status', 'warning', null, ErrorCode.DEVICE_BUSY));
  else checks.push(check('status', 'ok'));

  const left = Math.max(0, phone.expire_time - now);
  const soon = await configPositiveInt(db, phone.tenant_id, 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN', 72) * HOUR_MS;
  if (expired) checks.push(check('time', 'problem', 'renew', ErrorCode.DEVICE_EXPIRED, 0, soon));
  else if (left < MIN_OPEN_MS) checks.push(check('time', 'problem', 'renew', ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES, left, soon));
  else if (left < soon) checks.push(check('time', 'warning', 'renew', null, left, soon));
  else checks.push(check('time', 'ok', null, null, left, soon));

  if (expired) checks.push(check('storage', 'skipped'));
  else {
    const total = bytesOf(spec.storage);
    const apps = (await installedAppRows(db, [phone.id])).reduce((sum, app) => sum + 2 * app.size_bytes, 0);
    const used = Math.min(total, Math.round(SYSTEM_STORAGE + apps + share(phone.id, 1) * 0.25 * total));
    const ratio = used / total;
    checks.push(check('storage', ratio >= STORAGE_PROBLEM ? 'problem' : ratio >= STORAGE_WARNING ? 'warning' : 'ok', ratio >= STORAGE_WARNING ? 'apps' : null, null, used, total));
  }

  if (!running) checks.push(check('memory', 'skipped'), check('latency', 'skipped'));
  else {
    const total = bytesOf(spec.ram);
    const apps = (await runningPackages(db, [phone])).get(phone.id)?.size ?? 0;
    const used = Math.min(total, Math.round(SYSTEM_MEMORY + apps * MEMORY_PER_RUNNING_APP + share(phone.id, 2) * 0.3 * total));
    // A reboot frees what the running apps hold.
    checks.push(check('memory', used / total >= MEMORY_WARNING ? 'warning' : 'ok', used / total >= MEMORY_WARNING ? 'reboot' : null, null, used, total));
    const line: CheckResult = latencyMs >= LATENCY_PROBLEM_MS ? 'problem' : latencyMs >= LATENCY_WARNING_MS ? 'warning' : 'ok';
    checks.push(check('latency', line, line === 'ok' ? null : 'reboot', null, latencyMs));
  }

  return { userPhoneId: phone.id, phoneNo: phone.phone_no, name: phone.name, businessStatus: status, checkedAt: now, checks };
}

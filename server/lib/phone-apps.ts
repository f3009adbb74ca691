import { ErrorCode } from '../../shared/error-codes.ts';
import { BUILT_IN_APPS } from '../stream/phone-apps.ts';
import type { PhoneRow } from '../data/phones.ts';
import { installedAppRow, installedAppRows, insertInstalledApp, runningAppRows } from '../data/phone-apps.ts';
import type { PhoneAppRow } from '../data/phone-apps.ts';
import { apiError } from './errors.ts';
import type { Db, Deps } from './types.ts';

// The apps of a phone (server/API.md "Apps"): its built-in apps, drawn from its id (system apps: listed, started,
// stopped, never removed), and the ones installed on it (rows of phone_apps). The home screen of the virtual phone
// shows both; a change is told to the stream through `appsChanged` (app.ts, main.ts) so it shows at once.

/** What changed on a phone, for its screen: the list of apps, or an app to open or close. */
export type AppChange = { action: 'install' | 'uninstall' | 'start' | 'stop'; packageName: string };
/** Tells the stream; settles once its screens show the change (a failure there is the stream's to log). */
export type AppsChanged = (userPhoneId: number, change?: AppChange) => Promise<void>;

/** One app of a phone, built-in or installed. */
export interface PhoneApp {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  system: boolean;
}

/** Built-in apps have the phone's system version. */
const SYSTEM_VERSION = { versionName: '12', versionCode: 31 };

/** The system image's apps, the same on every phone. */
const SYSTEM_APPS: readonly PhoneApp[] = BUILT_IN_APPS.map((app) => ({ packageName: app.packageName, label: app.name, ...SYSTEM_VERSION, system: true }));

function installedApp(row: PhoneAppRow): PhoneApp {
  return { packageName: row.package_name, label: row.label, versionName: row.version_name, versionCode: row.version_code, system: false };
}

/** The apps installed on the phone (no built-ins), oldest first, icons included: what the home screen adds. */
export async function installedApps(db: Db, phoneId: number): Promise<PhoneAppRow[]> {
  return await installedAppRows(db, [phoneId]);
}

/** Every app of each phone: built-ins first, then the installed ones. */
export async function appsOfPhones(db: Db, phoneIds: number[]): Promise<Map<number, PhoneApp[]>> {
  const rows = await installedAppRows(db, phoneIds);
  return new Map(phoneIds.map((id) => [id, [...SYSTEM_APPS, ...rows.filter((row) => row.phone_id === id).map(installedApp)]]));
}

/** The phone's app of that package, built-in or installed, or undefined. */
export async function findApp(db: Db, phoneId: number, packageName: string): Promise<PhoneApp | undefined> {
  const system = SYSTEM_APPS.find((app) => app.packageName === packageName);
  if (system) return system;
  const row = await installedAppRow(db, phoneId, packageName);
  return row ? installedApp(row) : undefined;
}

/** Whether the phone has that package, built-in or installed. */
export async function hasPackage(db: Db, phoneId: number, packageName: string): Promise<boolean> {
  return await findApp(db, phoneId, packageName) !== undefined;
}

/**
 * The packages started through the API that still run on each phone: a reboot, quick restart or reset begun after
 * an app was started stopped it (the row stays until the next start or stop; no timer has to clean it up).
 */
export async function runningPackages(db: Db, phones: PhoneRow[]): Promise<Map<number, Set<string>>> {
  const rows = await runningAppRows(db, phones.map((phone) => phone.id));
  return new Map(
    phones.map((phone) => {
      const restartedAt = phone.operation_started_at ?? -Infinity;
      return [phone.id, new Set(rows.filter((row) => row.phone_id === phone.id && row.started_at > restartedAt).map((row) => row.package_name))];
    }),
  );
}

export interface NewApp {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  iconPng: Buffer | null;
  sizeBytes: number;
}

/**
 * Installs the app on the phone (the upload feature calls this once a package is read): refused with
 * APP_ALREADY_EXISTS when the phone has that package already (built-in or installed; an update is not this call's).
 * The phone's home screen shows it at once.
 */
export async function installApp(deps: Pick<Deps, 'db' | 'now' | 'appsChanged'>, phoneId: number, app: NewApp): Promise<void> {
  const { db } = deps;
  // One write transaction (a savepoint inside the caller's): two uploads of one package cannot both pass the check.
  await db.transaction(async (db) => {
    if (await hasPackage(db, phoneId, app.packageName)) throw apiError(ErrorCode.APP_ALREADY_EXISTS);
    await insertInstalledApp(db, {
      phone_id: phoneId,
      package_name: app.packageName,
      label: app.label,
      version_name: app.versionName,
      version_code: app.versionCode,
      icon_png: app.iconPng,
      size_bytes: app.sizeBytes,
      installed_at: deps.now(),
    });
  });
  await deps.appsChanged?.(phoneId, { action: 'install', packageName: app.packageName });
}

import type { Db } from '../lib/types.ts';

// Apps users installed on their phones and the apps started through the API (migration 017). A phone's built-in
// apps are no rows (stream/phone-apps.ts).

export interface PhoneAppRow {
  phone_id: number;
  package_name: string;
  label: string;
  version_name: string;
  version_code: number;
  icon_png: Buffer | null;
  size_bytes: number;
  installed_at: number;
}

/** The apps installed on these phones, oldest first per phone. */
export async function installedAppRows(db: Db, phoneIds: number[]): Promise<PhoneAppRow[]> {
  return await db.all(`SELECT phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at
     FROM phone_apps WHERE ${db.dialect.inList('phone_id')} ORDER BY phone_id, installed_at, package_name`, phoneIds) as PhoneAppRow[];
}

export async function installedAppRow(db: Db, phoneId: number, packageName: string): Promise<PhoneAppRow | undefined> {
  return await db.get('SELECT * FROM phone_apps WHERE phone_id = ? AND package_name = ?', phoneId, packageName) as PhoneAppRow | undefined;
}

export async function insertInstalledApp(db: Db, row: PhoneAppRow): Promise<void> {
  await db.run(`INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, row.phone_id, row.package_name, row.label, row.version_name, row.version_code, row.icon_png, row.size_bytes, row.installed_at);
}

/** Removes the app and its running mark; false when it was not installed. */
export async function deleteInstalledApp(db: Db, phoneId: number, packageName: string): Promise<boolean> {
  await db.run('DELETE FROM phone_running_apps WHERE phone_id = ? AND package_name = ?', phoneId, packageName);
  return (await db.run('DELETE FROM phone_apps WHERE phone_id = ? AND package_name = ?', phoneId, packageName)).changes > 0;
}

/** Apps started through the API on these phones, with when (a reboot since then stopped them: lib/phone-apps.ts). */
export async function runningAppRows(db: Db, phoneIds: number[]): Promise<Array<{ phone_id: number; package_name: string; started_at: number }>> {
  return await db.all(`SELECT phone_id, package_name, started_at FROM phone_running_apps WHERE ${db.dialect.inList('phone_id')}`, phoneIds,
  ) as Array<{ phone_id: number; package_name: string; started_at: number }>;
}

export async function markAppRunning(db: Db, phoneId: number, packageName: string, now: number): Promise<void> {
  await db.run(`INSERT INTO phone_running_apps (phone_id, package_name, started_at) VALUES (?, ?, ?)
     ON CONFLICT (phone_id, package_name) DO UPDATE SET started_at = excluded.started_at`, phoneId, packageName, now);
}

export async function markAppStopped(db: Db, phoneId: number, packageName: string): Promise<void> {
  await db.run('DELETE FROM phone_running_apps WHERE phone_id = ? AND package_name = ?', phoneId, packageName);
}

/** Removes every app the user installed on the phone, and their running marks (a replacement without its data). */
export async function deleteAllInstalledApps(db: Db, phoneId: number): Promise<number> {
  await db.run('DELETE FROM phone_running_apps WHERE phone_id = ?', phoneId);
  return (await db.run('DELETE FROM phone_apps WHERE phone_id = ?', phoneId)).changes;
}

/** How many apps the user installed on each of these phones (phones without any are left out). */
export async function installedAppCounts(db: Db, phoneIds: number[]): Promise<Map<number, number>> {
  const rows = await db.all(`SELECT phone_id, COUNT(*) AS count FROM phone_apps WHERE ${db.dialect.inList('phone_id')} GROUP BY phone_id`, phoneIds) as Array<{ phone_id: number; count: number }>;
  return new Map(rows.map((row) => [row.phone_id, row.count]));
}

import type { FileState, TargetState } from '../../shared/contract/file-words.ts';
import type { Db } from '../lib/types.ts';

// Uploaded files and their target phones (migration 019: uploads, upload_targets). The bytes are files named by the
// upload id under the uploads folder (lib/uploads.ts); rows say where each file and each phone stands.

export interface UploadRow {
  id: string;
  user_id: number;
  file_name: string;
  size: number;
  state: FileState;
  fail_code: number;
  package_name: string;
  label: string;
  version_name: string;
  created_at: number;
  updated_at: number;
  /** The browser's SHA-512 of the file, once all its bytes were in (checked against them by whichever instance). */
  sha512: string;
  /** The instance working on the file's pipeline, and until when unless it renews (lib/upload-resume.ts). */
  worker: string;
  worker_until: number;
}

export interface TargetRow {
  upload_id: string;
  phone_id: number;
  phone_name: string;
  state: TargetState;
  fail_code: number;
  updated_at: number;
}

export async function insertUpload(db: Db, row: { id: string; userId: number; fileName: string; size: number; phoneIds: number[]; now: number }): Promise<void> {
  await db.run('INSERT INTO uploads (id, user_id, file_name, size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', row.id, row.userId, row.fileName, row.size, row.now, row.now,
  );
  for (const phoneId of row.phoneIds) await db.run('INSERT INTO upload_targets (upload_id, phone_id, updated_at) VALUES (?, ?, ?)', row.id, phoneId, row.now);
}

export async function uploadById(db: Db, id: string): Promise<UploadRow | undefined> {
  return await db.get('SELECT * FROM uploads WHERE id = ?', id) as UploadRow | undefined;
}

export async function uploadsOfUser(db: Db, userId: number): Promise<UploadRow[]> {
  return await db.all('SELECT * FROM uploads WHERE user_id = ? ORDER BY created_at DESC, id', userId) as UploadRow[];
}

/** Bytes of the user's uploads still kept (every upload not failed or deleted keeps its file until it is done). */
export async function keptBytesOfUser(db: Db, userId: number): Promise<number> {
  return (await db.value("SELECT COALESCE(SUM(size), 0) FROM uploads WHERE user_id = ? AND state != 'failed'", userId) as number) ?? 0;
}

export async function targetsOf(db: Db, uploadIds: string[]): Promise<TargetRow[]> {
  if (uploadIds.length === 0) return [];
  return await db
    .all(`SELECT t.upload_id, t.phone_id, p.name AS phone_name, t.state, t.fail_code, t.updated_at FROM upload_targets t
       JOIN phones p ON p.id = t.phone_id WHERE t.upload_id IN (${uploadIds.map(() => '?').join(', ')}) ORDER BY t.upload_id, t.phone_id`, ...uploadIds) as TargetRow[];
}

export async function setUploadState(db: Db, id: string, state: FileState, now: number, failCode = 0): Promise<void> {
  await db.run('UPDATE uploads SET state = ?, fail_code = ?, updated_at = ? WHERE id = ?', state, failCode, now, id);
}

export async function setUploadPackage(db: Db, id: string, manifest: { packageName: string; label: string; versionName: string }, now: number): Promise<void> {
  await db.run('UPDATE uploads SET package_name = ?, label = ?, version_name = ?, updated_at = ? WHERE id = ?', manifest.packageName, manifest.label, manifest.versionName, now, id,
  );
}

export async function setTargetState(db: Db, uploadId: string, phoneId: number, state: TargetState, now: number, failCode = 0): Promise<void> {
  await db.run('UPDATE upload_targets SET state = ?, fail_code = ?, updated_at = ? WHERE upload_id = ? AND phone_id = ?', state, failCode, now, uploadId, phoneId,
  );
}

/** Every target of the upload not finished yet fails with `failCode`. */
export async function failOpenTargets(db: Db, uploadId: string, failCode: number, now: number): Promise<void> {
  await db.run("UPDATE upload_targets SET state = 'failed', fail_code = ?, updated_at = ? WHERE upload_id = ? AND state NOT IN ('installed', 'failed')", failCode, now, uploadId,
  );
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.run('DELETE FROM uploads WHERE id = ?', id);
}

/** Uploads whose bytes stopped coming before `before` (ms) while not all in: timed out. */
export async function stalledUploads(db: Db, before: number): Promise<UploadRow[]> {
  return await db.all("SELECT * FROM uploads WHERE state IN ('waitingUpload', 'uploading') AND updated_at < ?", before) as UploadRow[];
}

/**
 * Uploads that only a running pipeline moves on (lib/uploads.ts): being checked or read, or ready with a phone not done
 * (waiting, pushing, pushed, installing), whose worker has not renewed its hold since `lapsedBy` (`force`: whatever
 * their hold; a single server starting is the only one there is).
 */
export async function strandedUploads(db: Db, lapsedBy: number, force: boolean): Promise<UploadRow[]> {
  return await db.all(`SELECT * FROM uploads WHERE (worker_until <= ? OR ?) AND (state IN ('verifying', 'parsing') OR (state = 'ready' AND id IN
       (SELECT upload_id FROM upload_targets WHERE state IN ('waiting', 'pushing', 'pushed', 'installing'))))`, lapsedBy, force) as UploadRow[];
}

/** A file whose bytes are all in starts verifying with the browser's SHA-512, held by `worker`; false when it already had. */
export async function startVerifying(db: Db, id: string, sha512: string, worker: string, now: number, until: number): Promise<boolean> {
  const result = await db.run(
    `UPDATE uploads SET state = 'verifying', sha512 = ?, worker = ?, worker_until = ?, updated_at = ?
     WHERE id = ? AND state IN ('waitingUpload', 'uploading')`,
    sha512, worker, until, now, id,
  );
  return result.changes > 0;
}

/** Takes over the work on an upload whose hold lapsed (or any, with `force`); false when another instance took it first. */
export async function claimUploadWork(db: Db, id: string, worker: string, now: number, until: number, force: boolean): Promise<boolean> {
  return (await db.run('UPDATE uploads SET worker = ?, worker_until = ? WHERE id = ? AND (worker_until <= ? OR ?)', worker, until, id, now, force)).changes > 0;
}

/** Extends `worker`'s hold on the upload; false when it is no longer its own. */
export async function renewUploadWork(db: Db, id: string, worker: string, until: number): Promise<boolean> {
  return (await db.run('UPDATE uploads SET worker_until = ? WHERE id = ? AND worker = ?', until, id, worker)).changes > 0;
}

/** Uploads created before `before` (ms): their files are removed (kept a day at most). */
export async function uploadsCreatedBefore(db: Db, before: number): Promise<UploadRow[]> {
  return await db.all('SELECT * FROM uploads WHERE created_at < ?', before) as UploadRow[];
}

export async function touchUpload(db: Db, id: string, state: FileState, now: number): Promise<void> {
  await db.run('UPDATE uploads SET state = ?, updated_at = ? WHERE id = ?', state, now, id);
}

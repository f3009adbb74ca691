import type { Db } from '../lib/types.ts';

// The tus lock of each upload (upload_locks, migration 36; lib/upload-locks.ts): one holder per upload, until a
// time it renews; a row past that time belongs to nobody.

/** Takes the upload's lock for `holder` when it is free or lapsed; whether it was taken. */
export async function claimUploadLock(db: Db, uploadId: string, holder: string, now: number, until: number): Promise<boolean> {
  const result = await db.run(
    `INSERT INTO upload_locks (upload_id, holder, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (upload_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE upload_locks.expires_at <= ?`,
    uploadId, holder, until, now,
  );
  return result.changes > 0;
}

/** Extends the holder's lock; false when it is no longer the holder's. */
export async function renewUploadLock(db: Db, uploadId: string, holder: string, until: number): Promise<boolean> {
  return (await db.run('UPDATE upload_locks SET expires_at = ? WHERE upload_id = ? AND holder = ?', until, uploadId, holder)).changes > 0;
}

export async function dropUploadLock(db: Db, uploadId: string, holder: string): Promise<void> {
  await db.run('DELETE FROM upload_locks WHERE upload_id = ? AND holder = ?', uploadId, holder);
}

/** Lapsed locks (of requests whose instance died) go with the minute's sweep. */
export async function sweepUploadLocks(db: Db, now: number): Promise<void> {
  await db.run('DELETE FROM upload_locks WHERE expires_at <= ?', now);
}

import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { claimUploadLock, dropUploadLock, renewUploadLock } from '../data/upload-locks.ts';
import type { Db } from './types.ts';

// The tus lock of each upload (one request at a time reads or writes an upload's bytes and its record), kept in the
// database so it holds whichever instance a request reaches: a client whose link dropped retries, possibly through
// another instance, while its first request may still hold the upload on a half-open connection. As tus asks, the
// new request then has the holder let go: a holder in this process is told directly, one in another instance through
// `askRelease` (an instance event), and a holder that died lapses after UPLOAD_LOCK_MS.

/** A lock not renewed for this long (its instance died) is free again. */
export const UPLOAD_LOCK_MS = 10_000;
/** How often a held lock is renewed. */
const RENEW_MS = 3_000;
/** How often a request waiting for a lock tries again, and asks the holder to let go. */
const RETRY_MS = 100;
const ASK_AGAIN_MS = 1_000;
/** A request that could not take the lock in this long is answered "locked" (tus clients retry on 423). */
export const UPLOAD_LOCK_WAIT_MS = 15_000;

/** What tus answers when the lock is not had in time: 423 Locked, which tus clients retry, rather than its own 500. */
export const LOCKED_REFUSAL = { status_code: 423, body: 'The upload is in use by another request; try again.\n' };

export interface UploadLockOptions {
  db: Db;
  now: () => number;
  /** This instance, as the holder rows name it (its address, or a name of its own when alone). */
  instance: string;
  /** Tells the other instances that this upload's lock is wanted; nothing to do when alone. */
  askRelease: (uploadId: string) => void;
}

export class SharedUploadLocker implements Locker {
  /** The locks this instance holds, each with how to end the request holding it. */
  private readonly held = new Map<string, RequestRelease>();

  constructor(readonly options: UploadLockOptions) {}

  newLock(id: string): Lock {
    return new SharedUploadLock(id, this);
  }

  /** Another request wants the upload: this instance's request holding it, if any, lets go. */
  releaseWanted(uploadId: string): void {
    void this.held.get(uploadId)?.();
  }

  /** @internal A request took the lock, with how to end it. */
  took(uploadId: string, release: RequestRelease): void {
    this.held.set(uploadId, release);
  }

  /** @internal A request let the lock go (a later holder's entry, after a lapse, is kept). */
  left(uploadId: string, release: RequestRelease): void {
    if (this.held.get(uploadId) === release) this.held.delete(uploadId);
  }
}

class SharedUploadLock implements Lock {
  /** This request's own name in the row, so two requests of one instance exclude each other too. */
  private readonly holder: string;
  private renewal: ReturnType<typeof setInterval> | undefined;
  private release: RequestRelease | undefined;

  constructor(private readonly id: string, private readonly locker: SharedUploadLocker) {
    this.holder = `${locker.options.instance} ${randomUUID()}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { db, now, askRelease } = this.locker.options;
    const deadline = Date.now() + UPLOAD_LOCK_WAIT_MS;
    let askedAt = 0;
    while (!(await claimUploadLock(db, this.id, this.holder, now(), now() + UPLOAD_LOCK_MS))) {
      if (signal.aborted || Date.now() >= deadline) throw LOCKED_REFUSAL;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        this.locker.releaseWanted(this.id);
        askRelease(this.id);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    this.release = requestRelease;
    this.locker.took(this.id, requestRelease);
    // Renewed while held; a renewal that finds the row taken (this instance was stalled past the lapse) ends the request.
    this.renewal = setInterval(() => {
      void renewUploadLock(db, this.id, this.holder, now() + UPLOAD_LOCK_MS).then(
        (kept) => kept || void requestRelease(),
        () => {},
      );
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (this.release) this.locker.left(this.id, this.release);
    await dropUploadLock(this.locker.options.db, this.id, this.holder);
  }
}

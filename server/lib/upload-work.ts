import { renewUploadWork } from '../data/uploads.ts';
import type { Deps } from './types.ts';

// Who works on each upload once its bytes are in (server/API.md "Files"). The bytes are on storage every instance
// reaches and the file's state is in the database, so the pipeline (check, read, push, install) is not tied to the
// instance that began it: that instance holds the upload's work while it renews it, and when it stops renewing (it
// stopped or died), another instance takes the upload up where its states say it was. A single server starting takes
// up at once what the one before it left; several instances look for lapsed work every few seconds
// (lib/uploads.ts resumeStrandedUploads).

/** A hold not renewed for this long (its instance stopped or died) lets another instance take the upload up. */
export const UPLOAD_WORK_MS = 10_000;
/** How often a hold is renewed, and how often instances sharing a database look for lapsed work. */
export const UPLOAD_WORK_RENEW_MS = 3_000;

export interface UploadWork {
  /** The hold went to another instance (this one was stalled past its lapse): that one goes on, this one stops. */
  readonly lost: boolean;
  end(): void;
}

/** Renews `worker`'s hold on the upload until `end`. */
export function holdUploadWork(deps: Pick<Deps, 'db' | 'now'>, worker: string, uploadId: string): UploadWork {
  let lost = false;
  const renewal = setInterval(() => {
    void renewUploadWork(deps.db, uploadId, worker, deps.now() + UPLOAD_WORK_MS).then((kept) => {
      if (!kept) lost = true;
    }, () => {});
  }, UPLOAD_WORK_RENEW_MS);
  renewal.unref();
  return {
    get lost() {
      return lost;
    },
    end: () => clearInterval(renewal),
  };
}

import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import * as contract from '../../shared/contract/files.ts';
import { FILE_EXTENSION, MAX_FILE_BYTES, MAX_FILE_TARGETS, MAX_FILES_PER_SELECTION, UPLOAD_PATH } from '../../shared/contract/file-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { insertUpload, keptBytesOfUser, stalledUploads, touchUpload, uploadById, uploadsCreatedBefore, uploadsOfUser, deleteUpload, setUploadState, failOpenTargets } from '../data/uploads.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { ApiError, apiError, badRequest } from '../lib/errors.ts';
import { loadOwnedPhones } from '../lib/phones.ts';
import { deleteOwnUpload, listUploads, removeBytes, resumeStrandedUploads, verifyUpload, type UploadPipeline } from '../lib/uploads.ts';
import { SharedUploadLocker } from '../lib/upload-locks.ts';
import { installedAppRow } from '../data/phone-apps.ts';
import { UPLOAD_WORK_RENEW_MS } from '../lib/upload-work.ts';
import { sweepUploadLocks } from '../data/upload-locks.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Files uploaded to install on phones (server/API.md "Files"). The bytes come by tus, the resumable-upload protocol,
// through @tus/server with its file store under the uploads folder: a dropped link, a reload or a change of network
// continues from the last byte the server holds. The contract's calls list, verify and delete (lib/uploads.ts).

export interface UploadOptions extends Omit<UploadPipeline, 'worker'> {
  /** The most bytes of uploads one account may keep at once. */
  quotaBytes: number;
  /** This instance, as the uploads it works on and their locks name it; a name of its own when left out. */
  worker?: string;
  /** The tus lock of each upload, held across the instances sharing the database (lib/upload-locks.ts). */
  locker?: SharedUploadLocker;
  /**
   * Other instances share the database (and the uploads' directory): their work is theirs while they hold it, and is
   * looked for every few seconds in case they stop. Alone (the default), a server takes up at start whatever was
   * left in a step.
   */
  shared?: boolean;
}

/** An upload whose bytes stop coming for this long fails with "upload timeout". */
export const UPLOAD_IDLE_MS = 10 * 60_000;
/** Files are kept a day at most (spec: removed after install or after a day). */
export const UPLOAD_KEPT_MS = 24 * 3600_000;

/** A refusal as tus answers it: the HTTP status, and our envelope as the body (the client reads its code). */
function tusRefusal(error: ApiError, status = 400) {
  return { status_code: status, body: JSON.stringify({ code: error.code, msg: error.message, data: error.data }) };
}

export function fileRoutes(deps: Deps, settings: UploadOptions): { routes: Hono<AppEnv>; sweep: () => Promise<void>; started: Promise<void>; takeUp: () => Promise<void> } {
  const { db } = deps;
  const worker = settings.worker ?? `local ${randomUUID()}`;
  const options = {
    ...settings,
    worker,
    // An install done just before its instance stopped shows in the phone's apps (lib/phone-apps.ts installs there).
    installedSince: settings.installedSince ?? (async (phoneId: number, packageName: string, since: number) => ((await installedAppRow(db, phoneId, packageName))?.installed_at ?? -1) >= since),
  };
  const shared = settings.shared ?? false;
  // What a stopped server left in a step is taken up before any request is taken (app.ts waits for `started`);
  // beside other instances, what one of them leaves when it stops is taken up within seconds of its hold lapsing.
  const resume = (force: boolean) => resumeStrandedUploads(deps, options, force).catch((error: unknown) => deps.log(`[uploads] not taken up: ${String(error)}`));
  const started = resume(!shared);
  if (shared) setInterval(() => void resume(false), UPLOAD_WORK_RENEW_MS).unref();
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];
  /** The signed-in user of each tus request (the Hono guard ran before tus sees it). */
  const users = new WeakMap<Request, UserRow>();
  const userOf = (req: Request): UserRow => {
    const user = users.get(req);
    if (!user) throw tusRefusal(apiError(ErrorCode.UNAUTHORIZED), 401);
    return user;
  };

  const tus = new TusServer({
    path: UPLOAD_PATH.replace(/\/$/, ''),
    datastore: new FileStore({ directory: options.dir }),
    // Alone, a locker that asks nobody else to let go.
    locker: settings.locker ?? new SharedUploadLocker({ db, now: deps.now, instance: worker, askRelease: () => {} }),
    // No maxSize here: the creation hook refuses a file over 2 GB with the spec's own message (tus would answer its
    // own 413), and no request may then carry more than the length it declared.
    relativeLocation: true,
    respectForwardedHeaders: deps.trustProxy,
    async onIncomingRequest(req, uploadId) {
      const user = userOf(req);
      if (req.method === 'POST') return;
      const row = await uploadById(db, uploadId);
      if (!row || row.user_id !== user.id) throw tusRefusal(apiError(ErrorCode.FILE_NOT_EXIST), 404);
      if (req.method === 'PATCH') {
        if (row.state !== 'waitingUpload' && row.state !== 'uploading') throw tusRefusal(apiError(row.state === 'failed' ? ErrorCode.FILE_UPLOAD_TIMEOUT : ErrorCode.FILE_NOT_EXIST), 410);
        await touchUpload(db, row.id, 'uploading', deps.now());
      }
    },
    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const fileName = String(upload.metadata?.filename ?? '').trim().slice(0, 200);
      const size = upload.size ?? 0;
      try {
        if (!fileName.toLowerCase().endsWith(FILE_EXTENSION)) throw apiError(ErrorCode.FILE_TYPE_INVALID);
        if (upload.sizeIsDeferred) throw badRequest('Upload-Length is required');
        if (size > MAX_FILE_BYTES) throw apiError(ErrorCode.FILE_TOO_LARGE);
        if (size <= 0) throw apiError(ErrorCode.FILE_PARSE_ERROR);
        const ids = [...new Set(String(upload.metadata?.targets ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))];
        if (ids.length === 0 || ids.length > MAX_FILE_TARGETS) throw badRequest(`targets must name 1-${MAX_FILE_TARGETS} phones`);
        await loadOwnedPhones(db, user, ids);
        const open = (await uploadsOfUser(db, user.id)).filter((row) => row.state === 'waitingUpload' || row.state === 'uploading');
        if (open.length >= MAX_FILES_PER_SELECTION) throw apiError(ErrorCode.FILE_TOO_MANY);
        if (await keptBytesOfUser(db, user.id) + size > options.quotaBytes) throw apiError(ErrorCode.FILE_QUOTA_EXCEEDED);
        await insertUpload(db, { id: upload.id, userId: user.id, fileName, size, phoneIds: ids, now: deps.now() });
      } catch (error) {
        if (error instanceof ApiError) throw tusRefusal(error);
        throw error;
      }
      return {};
    },
  });

  // The tus requests: the creation at the path itself, the rest at the path of their upload.
  const handOver = async (c: Context<AppEnv>) => {
    users.set(c.req.raw, c.get('user'));
    return tus.handleWeb(c.req.raw);
  };
  routes.all(`${UPLOAD_PATH}*`, requireTenant(deps), requireAuth(deps), handOver);
  routes.all(UPLOAD_PATH.replace(/\/$/, ''), requireTenant(deps), requireAuth(deps), handOver);

  contractRoute(routes, deps, contract.listFiles, guard, async (c) => ({ list: await listUploads(db, options, c.get('user')) }));
  contractRoute(routes, deps, contract.verifyFile, guard, async (c, { body }) => await verifyUpload(deps, options, c.get('user'), body.uploadId, body.sha512));
  contractRoute(routes, deps, contract.deleteFile, guard, async (c, { body }) => {
    await deleteOwnUpload(deps, options, c.get('user'), body.uploadId);
    return true;
  });

  /** Uploads whose bytes stopped coming fail with "upload timeout"; every upload's file goes after a day. */
  async function sweep(): Promise<void> {
    const now = deps.now();
    await sweepUploadLocks(db, now);
    for (const row of await stalledUploads(db, now - UPLOAD_IDLE_MS)) {
      await setUploadState(db, row.id, 'failed', now, ErrorCode.FILE_UPLOAD_TIMEOUT);
      await failOpenTargets(db, row.id, ErrorCode.FILE_UPLOAD_TIMEOUT, now);
      await removeBytes(options, row.id);
    }
    for (const row of await uploadsCreatedBefore(db, now - UPLOAD_KEPT_MS)) {
      await deleteUpload(db, row.id);
      await removeBytes(options, row.id);
    }
  }
  return { routes, sweep, started, takeUp: () => resume(false) };
}

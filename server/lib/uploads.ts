import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/files.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import {
  deleteUpload, failOpenTargets, setTargetState, setUploadPackage, setUploadState, strandedUploads, targetsOf, uploadById,
  uploadsOfUser, type UploadRow,
} from '../data/uploads.ts';
import { findPhone } from '../data/phones.ts';
import { ReaderBusy, readApkManifest, type ApkManifest } from './apk.ts';
import { ApiError, apiError } from './errors.ts';
import { openRefusal, operationRefusal } from './phones.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { postMessage } from './messages.ts';

// What happens to a file once its bytes are in (server/API.md "Files"): the browser's SHA-512 is checked against the
// bytes on disk, the package's manifest is read, and each target phone has it pushed and installed, one state at a
// time (spec §4). The bytes are removed once every phone is done, when the file fails, or with the upload.

export type UploadedFile = ReplyInput<typeof contract.listFiles>['list'][number];

/** Installs a read package on a phone; throws the refusal (an app already there, a phone that cannot take it). */
export type Installer = (phoneId: number, app: ApkManifest & { sizeBytes: number }) => Promise<void> | void;

export interface UploadPipeline {
  /** Where the bytes are: one file per upload id (tus FileStore), with its `.json` beside it. */
  dir: string;
  /** How long each push and install step takes on the reference server (real phones take a minute or two). */
  stepMs: number;
  install: Installer;
}

export function bytesPath(pipeline: UploadPipeline, id: string): string {
  return join(pipeline.dir, id);
}

/** Removes an upload's bytes and the tus store's record of them; a file already gone is fine. */
export async function removeBytes(pipeline: UploadPipeline, id: string): Promise<void> {
  await Promise.all([rm(bytesPath(pipeline, id), { force: true }), rm(`${bytesPath(pipeline, id)}.json`, { force: true })]);
}

/** Bytes the server holds of an upload so far. */
async function receivedBytes(pipeline: UploadPipeline, row: UploadRow): Promise<number> {
  if (row.state !== 'waitingUpload' && row.state !== 'uploading') return row.state === 'failed' ? 0 : row.size;
  return stat(bytesPath(pipeline, row.id)).then((info) => Math.min(info.size, row.size), () => 0);
}

async function describe(db: Db, pipeline: UploadPipeline, rows: UploadRow[]): Promise<UploadedFile[]> {
  const targets = await targetsOf(db, rows.map((row) => row.id));
  return Promise.all(
    rows.map(async (row) => ({
      uploadId: row.id,
      fileName: row.file_name,
      size: row.size,
      received: await receivedBytes(pipeline, row),
      state: row.state,
      failCode: row.fail_code,
      packageName: row.package_name,
      label: row.label,
      versionName: row.version_name,
      createdAt: row.created_at,
      targets: targets
        .filter((target) => target.upload_id === row.id)
        .map((target) => ({ userPhoneId: target.phone_id, phoneName: target.phone_name, state: target.state, failCode: target.fail_code, updatedAt: target.updated_at })),
    })),
  );
}

export async function listUploads(db: Db, pipeline: UploadPipeline, user: UserRow): Promise<UploadedFile[]> {
  return await describe(db, pipeline, await uploadsOfUser(db, user.id));
}

async function ownUpload(db: Db, user: UserRow, id: string): Promise<UploadRow> {
  const row = id ? await uploadById(db, id) : undefined;
  if (!row || row.user_id !== user.id) throw apiError(ErrorCode.FILE_NOT_EXIST);
  return row;
}

async function sha512Of(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One phone: pushed, then installed, each step taking `stepMs`; a phone that cannot take it fails with why. */
async function installOn(deps: Deps, pipeline: UploadPipeline, upload: UploadRow, manifest: ApkManifest, phoneId: number): Promise<void> {
  const { db } = deps;
  const fail = async (code: number) => await setTargetState(db, upload.id, phoneId, 'failed', deps.now(), code);
  const refusal = async () => {
    const phone = await findPhone(db, phoneId);
    if (!phone || phone.user_id !== upload.user_id) return ErrorCode.DEVICE_NOT_EXIST;
    // It must be up to take a file (offline, expired, under maintenance: no), and not busy with an operation.
    return openRefusal(phone, deps.now(), 0) ?? operationRefusal(phone, deps.now(), 'command');
  };
  for (const [step, done] of [['pushing', 'pushed'], ['installing', null]] as const) {
    const refused = await refusal();
    if (refused) return await fail(refused);
    await setTargetState(db, upload.id, phoneId, step, deps.now());
    await wait(pipeline.stepMs);
    if (done) await setTargetState(db, upload.id, phoneId, done, deps.now());
  }
  try {
    await pipeline.install(phoneId, { ...manifest, sizeBytes: upload.size });
    await setTargetState(db, upload.id, phoneId, 'installed', deps.now());
  } catch (error) {
    await fail(error instanceof ApiError ? error.code : ErrorCode.SERVER_ERROR);
  }
}

/** Check, read, install: the file's life after its bytes are in. Failures end in the file's or a phone's state. */
async function process(deps: Deps, pipeline: UploadPipeline, upload: UploadRow, sha512: string): Promise<void> {
  const { db } = deps;
  const file = bytesPath(pipeline, upload.id);
  const failFile = async (code: number) => {
    // The file and its phones fail together: a reader never sees a failed file whose phones still wait.
    await db.transaction(async (tx) => {
      await setUploadState(tx, upload.id, 'failed', deps.now(), code);
      await failOpenTargets(tx, upload.id, code, deps.now());
    });
    await removeBytes(pipeline, upload.id);
  };
  if ((await sha512Of(file).catch(() => '')) !== sha512) return await failFile(ErrorCode.FILE_SHA512_MISMATCH);
  await setUploadState(db, upload.id, 'parsing', deps.now());
  let manifest: ApkManifest;
  try {
    manifest = await readApkManifest(file, { userId: upload.user_id });
  } catch (error) {
    deps.log(`[uploads] ${upload.id}: package not read: ${error instanceof Error ? error.message : String(error)}`);
    // Readers too busy to take it in time: the package may be fine, so "try later" rather than "reselect". A package
    // past the reader's bounds is refused like one that is not a package (lib/apk-read.mjs).
    return await failFile(error instanceof ReaderBusy ? ErrorCode.TOO_MANY_REQUESTS : ErrorCode.FILE_PARSE_ERROR);
  }
  if (!await uploadById(db, upload.id)) return; // deleted meanwhile
  await setUploadPackage(db, upload.id, manifest, deps.now());
  await setUploadState(db, upload.id, 'ready', deps.now());
  const phones = (await targetsOf(db, [upload.id])).map((target) => target.phone_id);
  await Promise.all(phones.map(async (phoneId) => await installOn(deps, pipeline, upload, manifest, phoneId)));
  const installed = (await targetsOf(db, [upload.id])).filter((target) => target.state === 'installed').length;
  if (installed > 0) await postMessage(db, upload.user_id, 'uploadInstalled', { fileName: upload.file_name, installed, total: phones.length }, deps.now());
  // Installed everywhere it could be: the bytes are not kept.
  await removeBytes(pipeline, upload.id);
}

/**
 * The browser's SHA-512 of a file whose bytes are all in. Answers at once with the file verifying; the check, the
 * reading of the package and the installs run behind (the list shows each state). Asked again, it changes nothing.
 */
export async function verifyUpload(deps: Deps, pipeline: UploadPipeline, user: UserRow, id: string, sha512: string): Promise<UploadedFile> {
  const { db } = deps;
  const row = await ownUpload(db, user, id);
  if (row.state === 'waitingUpload' || row.state === 'uploading') {
    if ((await receivedBytes(pipeline, row)) < row.size) throw apiError(ErrorCode.FILE_INCOMPLETE);
    await setUploadState(db, row.id, 'verifying', deps.now());
    void process(deps, pipeline, row, sha512).catch((error: unknown) => deps.log(`[uploads] ${row.id}: ${String(error)}`));
  }
  return (await describe(db, pipeline, [(await uploadById(db, row.id))!]))[0]!;
}

/** Deletes an upload and its bytes; refused while one of its phones has it on the way (spec §5). */
export async function deleteOwnUpload(deps: Deps, pipeline: UploadPipeline, user: UserRow, id: string): Promise<void> {
  const row = await ownUpload(deps.db, user, id);
  const busy = (await targetsOf(deps.db, [row.id])).some((target) => target.state === 'pushing' || target.state === 'pushed' || target.state === 'installing');
  if (busy || row.state === 'verifying' || row.state === 'parsing') throw apiError(ErrorCode.FILE_INSTALLING);
  await deleteUpload(deps.db, row.id);
  await removeBytes(pipeline, row.id);
}

/**
 * As the server starts: uploads left in a step by the server before it (checked, read, pushed or installed when it
 * stopped) fail with SERVER_ERROR, the file itself when it was being checked or read, else each phone not done, and
 * their bytes go. Nothing is resumed: the browser's SHA-512 was not kept, and a phone's push or install cannot be
 * known to have happened. They can then be deleted. The states change before this returns; the bytes go behind.
 */
export async function failStrandedUploads(deps: Deps, pipeline: UploadPipeline): Promise<void> {
  // One server per database: every upload in a step is taken to be this server's predecessor's. Instances sharing a
  // database would fail each other's live uploads here; they need the owning instance on the row, or a lease.

  const { db } = deps;
  const now = deps.now();
  const stranded = await strandedUploads(db);
  for (const row of stranded) {
    if (row.state === 'verifying' || row.state === 'parsing') await setUploadState(db, row.id, 'failed', now, ErrorCode.SERVER_ERROR);
    await failOpenTargets(db, row.id, ErrorCode.SERVER_ERROR, now);
    deps.log(`[uploads] ${row.id}: left ${row.state} by a stop, failed`);
  }
  return Promise.all(stranded.map((row) => removeBytes(pipeline, row.id))).then(() => undefined);
}

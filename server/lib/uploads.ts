import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/files.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import {
  claimUploadWork, deleteUpload, failOpenTargets, setTargetState, setUploadPackage, setUploadState, startVerifying, strandedUploads, targetsOf, uploadById,
  uploadsOfUser, type TargetRow, type UploadRow,
} from '../data/uploads.ts';
import { findPhone } from '../data/phones.ts';
import { ReaderBusy, readApkManifest, type ApkManifest } from './apk.ts';
import { ApiError, apiError } from './errors.ts';
import { openRefusal, operationRefusal } from './phones.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { postMessage } from './messages.ts';
import { holdUploadWork, UPLOAD_WORK_MS, type UploadWork } from './upload-work.ts';

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
  /** Whether the phone got the package since `since` (ms): an install done just before its instance stopped. */
  installedSince?: (phoneId: number, packageName: string, since: number) => Promise<boolean>;
  /** This instance, as the uploads it works on name it (upload-work.ts). */
  worker: string;
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

/** A phone's push and install steps, each with the state it ends in (the install's is set once it is done). */
const STEPS = [['pushing', 'pushed'], ['installing', null]] as const;

/**
 * One phone: pushed, then installed, each step taking `stepMs`; a phone that cannot take it fails with why. A phone
 * taken up from a stopped instance goes on from its last state: pushed, it is installed; caught installing, it is
 * installed unless the install had been done just before the stop.
 */
async function installOn(deps: Deps, pipeline: UploadPipeline, work: UploadWork, upload: UploadRow, manifest: ApkManifest, target: TargetRow): Promise<void> {
  const { db } = deps;
  const phoneId = target.phone_id;
  const fail = async (code: number) => await setTargetState(db, upload.id, phoneId, 'failed', deps.now(), code);
  if (target.state === 'installing' && await pipeline.installedSince?.(phoneId, manifest.packageName, target.updated_at)) {
    return await setTargetState(db, upload.id, phoneId, 'installed', deps.now());
  }
  const refusal = async () => {
    const phone = await findPhone(db, phoneId);
    if (!phone || phone.user_id !== upload.user_id) return ErrorCode.DEVICE_NOT_EXIST;
    // It must be up to take a file (offline, expired, under maintenance: no), and not busy with an operation.
    return openRefusal(phone, deps.now(), 0) ?? operationRefusal(phone, deps.now(), 'command');
  };
  for (const [step, done] of STEPS.slice(target.state === 'pushed' || target.state === 'installing' ? 1 : 0)) {
    const refused = await refusal();
    if (work.lost) return;
    if (refused) return await fail(refused);
    await setTargetState(db, upload.id, phoneId, step, deps.now());
    await wait(pipeline.stepMs);
    if (work.lost) return;
    if (done) await setTargetState(db, upload.id, phoneId, done, deps.now());
  }
  try {
    await pipeline.install(phoneId, { ...manifest, sizeBytes: upload.size });
    await setTargetState(db, upload.id, phoneId, 'installed', deps.now());
  } catch (error) {
    await fail(error instanceof ApiError ? error.code : ErrorCode.SERVER_ERROR);
  }
}

/** The file and its phones fail together (a reader never sees a failed file whose phones still wait); its bytes go. */
async function failFile(deps: Deps, pipeline: UploadPipeline, id: string, code: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await setUploadState(tx, id, 'failed', deps.now(), code);
    await failOpenTargets(tx, id, code, deps.now());
  });
  await removeBytes(pipeline, id);
}

/** The package's manifest, read off the event loop; a package that cannot be read fails the file (undefined). */
async function readPackage(deps: Deps, pipeline: UploadPipeline, upload: UploadRow): Promise<ApkManifest | undefined> {
  try {
    return await readApkManifest(bytesPath(pipeline, upload.id), { userId: upload.user_id });
  } catch (error) {
    deps.log(`[uploads] ${upload.id}: package not read: ${error instanceof Error ? error.message : String(error)}`);
    // Readers too busy to take it in time: the package may be fine, so "try later" rather than "reselect". A package
    // past the reader's bounds is refused like one that is not a package (lib/apk-read.mjs).
    await failFile(deps, pipeline, upload.id, error instanceof ReaderBusy ? ErrorCode.TOO_MANY_REQUESTS : ErrorCode.FILE_PARSE_ERROR);
    return undefined;
  }
}

/** Checked against the browser's SHA-512, then read: the manifest, or undefined when the file failed. */
async function checkAndRead(deps: Deps, pipeline: UploadPipeline, upload: UploadRow): Promise<ApkManifest | undefined> {
  const { db } = deps;
  if (!upload.sha512 || (await sha512Of(bytesPath(pipeline, upload.id)).catch(() => '')) !== upload.sha512) {
    await failFile(deps, pipeline, upload.id, upload.sha512 ? ErrorCode.FILE_SHA512_MISMATCH : ErrorCode.SERVER_ERROR);
    return undefined;
  }
  await setUploadState(db, upload.id, 'parsing', deps.now());
  const manifest = await readPackage(deps, pipeline, upload);
  if (!manifest || !await uploadById(db, upload.id)) return undefined; // failed, or deleted meanwhile
  await setUploadPackage(db, upload.id, manifest, deps.now());
  await setUploadState(db, upload.id, 'ready', deps.now());
  return manifest;
}

/**
 * The file's life after its bytes are in, held by this instance (upload-work.ts): checked, read, installed on each
 * phone not done. A file taken up ready (from an instance that stopped) is read again and goes on with its phones.
 * Failures end in the file's or a phone's state; a hold lost to another instance stops here, that one goes on.
 */
export async function runPipeline(deps: Deps, pipeline: UploadPipeline, upload: UploadRow): Promise<void> {
  const { db } = deps;
  const work = holdUploadWork(deps, pipeline.worker, upload.id);
  try {
    const manifest = upload.state === 'ready' ? await readPackage(deps, pipeline, upload) : await checkAndRead(deps, pipeline, upload);
    if (!manifest || work.lost) return;
    const targets = await targetsOf(db, [upload.id]);
    const open = targets.filter((target) => target.state !== 'installed' && target.state !== 'failed');
    await Promise.all(open.map(async (target) => await installOn(deps, pipeline, work, upload, manifest, target)));
    if (work.lost) return;
    const installed = (await targetsOf(db, [upload.id])).filter((target) => target.state === 'installed').length;
    if (installed > 0) await postMessage(db, upload.user_id, 'uploadInstalled', { fileName: upload.file_name, installed, total: targets.length }, deps.now());
    // Installed everywhere it could be: the bytes are not kept.
    await removeBytes(pipeline, upload.id);
  } finally {
    work.end();
  }
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
    // Taken by one request only, on whichever instance: two verifies at once start one pipeline.
    if (await startVerifying(db, row.id, sha512, pipeline.worker, deps.now(), deps.now() + UPLOAD_WORK_MS)) {
      void runPipeline(deps, pipeline, { ...row, state: 'verifying', sha512 }).catch((error: unknown) => deps.log(`[uploads] ${row.id}: ${String(error)}`));
    }
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
 * Takes up the uploads whose work lapsed (`force`: every one in a step, as a single server starts), each claimed by
 * one instance only, and runs the rest of their pipeline behind. Resolves once they are claimed.
 */
export async function resumeStrandedUploads(deps: Deps, pipeline: UploadPipeline, force: boolean): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  for (const row of await strandedUploads(db, now, force)) {
    if (!(await claimUploadWork(db, row.id, pipeline.worker, now, now + UPLOAD_WORK_MS, force))) continue;
    deps.log(`[uploads] ${row.id}: left ${row.state} by ${row.worker || 'a stopped server'}, taken up`);
    void runPipeline(deps, pipeline, { ...row, worker: pipeline.worker }).catch((error: unknown) => deps.log(`[uploads] ${row.id}: ${String(error)}`));
  }
}

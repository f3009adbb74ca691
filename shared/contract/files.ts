/**
 * Files uploaded to install on phones (spec §1 file upload and install, §4, §5, §8; server/API.md "Files"). The bytes
 * travel by the tus resumable-upload protocol at UPLOAD_PATH (file-words.ts); these calls list the uploads, hand the
 * browser's SHA-512 to the server's check, and delete. Server: server/routes/files.ts. Client: src/files/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Text } from './fields.ts';
import { FILE_STATES, TARGET_STATES } from './file-words.ts';

const FILE = '/api/device/file';

const Target = v.strictObject({
  userPhoneId: v.number(),
  phoneName: v.string(),
  state: v.picklist(TARGET_STATES),
  /** Why it failed: a reply code of the catalogue (0 while it has not). */
  failCode: v.number(),
  updatedAt: v.number(),
});

export const UploadedFile = v.strictObject({
  uploadId: v.string(),
  fileName: v.string(),
  size: v.number(),
  /** Bytes the server holds so far. */
  received: v.number(),
  state: v.picklist(FILE_STATES),
  failCode: v.number(),
  /** From the manifest, once read ('' before). */
  packageName: v.string(),
  label: v.string(),
  versionName: v.string(),
  createdAt: v.number(),
  targets: v.array(Target),
});

export const listFiles = endpoint(`GET ${FILE}/list`, {
  reply: v.strictObject({ list: v.array(UploadedFile) }),
});

/** The browser's SHA-512 of a file whose bytes are all in: the server checks it, then reads the package, then installs. */
export const verifyFile = endpoint(`POST ${FILE}/verify`, {
  body: v.object({ uploadId: v.pipe(Text, v.trim()), sha512: v.pipe(Text, v.trim(), v.toLowerCase()) }),
  reply: UploadedFile,
});

/** Deletes an upload and its bytes; refused while one of its phones installs it. */
export const deleteFile = endpoint(`POST ${FILE}/delete`, {
  body: v.object({ uploadId: v.pipe(Text, v.trim()) }),
  reply: v.boolean(),
});

/**
 * Files uploaded to install on phones (server/API.md "Files"): the list, the SHA-512 check, delete. Types from the
 * contract (shared/contract/files.ts). The bytes themselves go by tus (upload-engine.ts).
 */
import type * as C from '../../shared/contract/files.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type UploadedFile = ReplyOf<typeof C.listFiles>['list'][number];
export type FileTarget = UploadedFile['targets'][number];

const FILE = '/api/device/file';

/** Polled while the page shows uploads on their way: repeats are expected. */
export const listFiles = () => api(`GET ${FILE}/list`, {}, { allowDuplicate: true });
export const verifyFile = (uploadId: string, sha512: string) => api(`POST ${FILE}/verify`, { body: { uploadId, sha512 } });
export const deleteFile = (uploadId: string) => api(`POST ${FILE}/delete`, { body: { uploadId } });

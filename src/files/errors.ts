/**
 * The file replies of the spec §8 catalogue ("Files": more than 3 files, over 2 GB, upload timeout, sha512 check
 * failed...), with their texts in the files part (`files.errors.*`, texts/files-<lang>.ts). Registered by
 * texts/index.ts with that part. The codes stay in shared/reply-codes.ts: the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const FILE_ERRORS: readonly CatalogueEntry[] = [
  { key: 'files.errors.tooMany', codes: [C.FILE_TOO_MANY], match: ['more than 3 files', '最多选择 3 个文件'] },
  { key: 'files.errors.tooLarge', codes: [C.FILE_TOO_LARGE], match: ['exceeds 2gb', '超过 2gb'] },
  { key: 'files.errors.typeInvalid', codes: [C.FILE_TYPE_INVALID] },
  { key: 'files.errors.sha512', codes: [C.FILE_SHA512_MISMATCH], match: ['sha512 check failed', 'sha512 校验失败'] },
  { key: 'files.errors.parse', codes: [C.FILE_PARSE_ERROR], match: ['package parse error', '安装包解析错误'] },
  { key: 'files.errors.installing', codes: [C.FILE_INSTALLING] },
  { key: 'files.errors.timeout', codes: [C.FILE_UPLOAD_TIMEOUT], match: ['upload timeout', '上传超时'] },
  { key: 'files.errors.quota', codes: [C.FILE_QUOTA_EXCEEDED] },
  { key: 'files.errors.notExist', codes: [C.FILE_NOT_EXIST] },
  { key: 'files.errors.incomplete', codes: [C.FILE_INCOMPLETE] },
];

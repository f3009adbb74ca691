/**
 * What both sides know of uploads (spec §4 upload/install states, §5 files, §9 limits; server/API.md "Files"): how many
 * files one selection takes, how large each may be, which kind, the states a file and each of its target phones go
 * through, and the piece size the browser sends.
 */

/** Spec §5/§9: at most this many files per selection ("cannot select more than 3 files"). */
export const MAX_FILES_PER_SELECTION = 3;
/** Spec §5: each file at most 2 GB ("single file exceeds 2GB, upload cancelled"). */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;
/** Spec §5: the extension must be valid: Android packages only. */
export const FILE_EXTENSION = '.apk';
/** At most this many phones receive one file. */
export const MAX_FILE_TARGETS = 20;
/**
 * One request's piece of a file: on slow 3G (50 kB/s up) a piece takes about 5 s, so a dropped link loses at most
 * that much, while on a fast link the per-request round trip stays a small share of each piece's time.
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** The resumable-upload endpoint (the tus protocol, not a contract call: tus-js-client and @tus/server speak it). */
export const UPLOAD_PATH = '/api/device/file/upload/';

/**
 * A file's states (spec §4, in their order here): waiting for its bytes, receiving them, the server checking its
 * SHA-512, reading its manifest; then `ready` (its phones take over) or failed with a reason.
 */
export const FILE_STATES = ['waitingUpload', 'uploading', 'verifying', 'parsing', 'ready', 'failed'] as const;
export type FileState = (typeof FILE_STATES)[number];

/** Each target phone's states (spec §4): the package pushed to it, then installed, or failed with a reason. */
export const TARGET_STATES = ['waiting', 'pushing', 'pushed', 'installing', 'installed', 'failed'] as const;
export type TargetState = (typeof TARGET_STATES)[number];

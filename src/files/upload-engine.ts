/**
 * Sending one file: its bytes by tus, the resumable-upload protocol (tus-js-client, a maintained client, against the
 * server's @tus/server), and its SHA-512 computed from the file on disk as it goes (hash-wasm, which hashes piece by
 * piece: crypto.subtle would need the whole 2 GB in memory). Once the server holds every byte and the hash is done,
 * the hash goes to the server's check. Loaded with the first file sent: neither library is in any page's first round.
 *
 * Resuming: tus-js-client keeps each upload's address in localStorage under a fingerprint of the file and its phones
 * (keys `tus::…`, the library's own), so after a reload or a dropped link the same file picked again continues from
 * the last byte the server confirmed, never from zero.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { createSHA512 } from 'hash-wasm';
import { UPLOAD_CHUNK_BYTES, UPLOAD_PATH } from '../../shared/contract/file-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { ApiError } from '../core/errors.ts';
import { transport } from '../core/http.ts';
import { verifyFile } from './api.ts';

export interface UploadEvents {
  /** Bytes the server confirmed, and the speed (bytes per second) over the last few seconds. */
  progress(sent: number, speed: number): void;
  created(uploadId: string): void;
  done(): void;
  failed(error: unknown): void;
}

/** How much of the file the hash reads at once: small enough for a phone's memory, large enough to be quick. */
const HASH_PIECE_BYTES = 4 * 1024 * 1024;
/** Waits between attempts after a dropped link (tus-js-client retries from the server's offset each time). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

async function sha512Of(file: File): Promise<string> {
  const hasher = await createSHA512();
  hasher.init();
  for (let at = 0; at < file.size; at += HASH_PIECE_BYTES) {
    hasher.update(new Uint8Array(await file.slice(at, at + HASH_PIECE_BYTES).arrayBuffer()));
  }
  return hasher.digest('hex');
}

/** A tus failure as the app's errors: the server's envelope when it sent one, else a dropped link. */
function asApiError(error: Error | DetailedError): ApiError {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  try {
    const envelope = JSON.parse(body ?? '') as { code?: unknown; msg?: unknown };
    if (typeof envelope.code === 'number') return new ApiError(envelope.code, String(envelope.msg ?? ''));
  } catch {
    // Not our envelope: tus's own answer or no answer at all.
  }
  return new ApiError(ErrorCode.NETWORK, error.message);
}

/** Speed over a sliding window of the last few progress reports. */
function speedMeter() {
  const samples: Array<{ at: number; sent: number }> = [];
  return (sent: number): number => {
    const at = performance.now();
    samples.push({ at, sent });
    while (samples.length > 2 && at - samples[0]!.at > 5000) samples.shift();
    const first = samples[0]!;
    return at > first.at ? ((sent - first.sent) * 1000) / (at - first.at) : 0;
  };
}

export function startUpload(file: File, phoneIds: readonly number[], events: UploadEvents): { abort(): void } {
  const hash = sha512Of(file);
  hash.catch(() => {});
  const meter = speedMeter();
  let stopped = false;
  // Back online: the attempt waiting out its retry delay (up to 30 s) goes at once, from the server's offset.
  const resume = () => {
    if (stopped) return;
    void upload.abort().then(() => {
      if (!stopped) upload.start();
    });
  };
  const settle = () => removeEventListener('online', resume);
  const fail = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    settle();
    events.failed(error);
  };
  const upload = new Upload(file, {
    endpoint: UPLOAD_PATH,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/vnd.android.package-archive', targets: phoneIds.join(',') },
    // The same file for other phones is another upload.
    fingerprint: async () => ['tus', file.name, file.type, file.size, file.lastModified, phoneIds.join(',')].join('::'),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    async onBeforeRequest(request) {
      const hooks = transport.hooks();
      for (const [name, value] of Object.entries(hooks.headers())) request.setHeader(name, value);
      const tokens = hooks.tokens();
      if (tokens) request.setHeader('Authorization', `Bearer ${tokens.accessToken}`);
    },
    onShouldRetry(error) {
      const status = error.originalResponse?.getStatus() ?? 0;
      // An expired login is renewed and the piece sent again; a refusal (400, 404, 410, 413) is final.
      if (status === 401) return void transport.refreshOnce(), true;
      return status === 0 || status >= 500 || status === 409 || status === 423;
    },
    onUploadUrlAvailable() {
      events.created(upload.url!.split('/').pop()!);
    },
    onProgress(sent) {
      events.progress(sent, meter(sent));
    },
    onError: (error) => fail(asApiError(error)),
    onSuccess() {
      const uploadId = upload.url!.split('/').pop()!;
      hash
        .then((sha512) => verifyFile(uploadId, sha512))
        .then(() => {
          settle();
          if (!stopped) events.done();
        }, fail);
    },
  });
  addEventListener('online', resume);
  void upload.findPreviousUploads().then(
    (previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    },
    () => upload.start(),
  );
  return {
    abort() {
      stopped = true;
      settle();
      void upload.abort();
    },
  };
}

/**
 * Uploads' state: the server's list as a store query (live while a page shows an upload on its way), and the bytes
 * this browser is sending right now, per file, with speed and time left. The sending itself (tus, the SHA-512) is the
 * upload engine, loaded when the first file is sent.
 */
import { signal } from '@preact/signals-react';
import { invalidateQueries } from '../core/store/query-store.ts';
import { polling } from '../core/store/polling.ts';
import * as api from './api.ts';

export const FILES_KEY = ['files', 'list'] as const;
export const fetchFiles = polling(() => api.listFiles().then((reply) => reply.list));

/** A file this browser is sending: by a local key until the server names the upload, then by its id too. */
export interface Sending {
  key: string;
  name: string;
  size: number;
  sent: number;
  /** Bytes per second over the last few seconds; 0 until known. */
  speed: number;
  uploadId: string;
  /** Why it stopped (a reply or a dropped link), or null while it goes. */
  error: unknown;
}

export const sending = signal<Sending[]>([]);

/**
 * Whether the browser says it has a network: while it has none, a file on its way says it waits for it instead of
 * showing the last speed frozen. The engine starts again at once when the network is back (upload-engine.ts).
 */
export const networkUp = signal(typeof navigator === 'undefined' || navigator.onLine !== false);
if (typeof addEventListener === 'function') {
  addEventListener('online', () => (networkUp.value = true));
  addEventListener('offline', () => {
    networkUp.value = false;
    // The speed before the cut says nothing about the speed after it.
    sending.value = sending.value.map((entry) => ({ ...entry, speed: 0 }));
  });
}

function update(key: string, change: Partial<Sending>): void {
  sending.value = sending.value.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
}

/** Seconds left at the current speed, or null while the speed is not known. */
export const secondsLeft = (entry: Sending): number | null => (entry.speed > 0 ? (entry.size - entry.sent) / entry.speed : null);

/**
 * Sends each file to the phones: resumes a file this browser sent part of before (the same file, the same phones),
 * from the last byte the server holds. The list refreshes as each is created, checked and done.
 */
export async function sendFiles(files: readonly File[], phoneIds: readonly number[]): Promise<void> {
  const { startUpload } = await import('./upload-engine.ts');
  for (const file of files) {
    const key = `${file.name}:${file.size}:${file.lastModified}:${phoneIds.join(',')}`;
    if (sending.value.some((entry) => entry.key === key && !entry.error)) continue;
    sending.value = [...sending.value.filter((entry) => entry.key !== key), { key, name: file.name, size: file.size, sent: 0, speed: 0, uploadId: '', error: null }];
    startUpload(file, phoneIds, {
      progress: (sent, speed) => update(key, { sent, speed }),
      created: (uploadId) => {
        update(key, { uploadId });
        invalidateQueries(['files']);
      },
      done: () => {
        sending.value = sending.value.filter((entry) => entry.key !== key);
        invalidateQueries(['files']);
      },
      failed: (error) => {
        update(key, { error });
        invalidateQueries(['files']);
      },
    });
  }
}

/** Forgets a stopped file of this browser (its upload on the server stays until deleted or timed out). */
export function dismissSending(key: string): void {
  sending.value = sending.value.filter((entry) => entry.key !== key);
}

export async function deleteUpload(uploadId: string): Promise<void> {
  await api.deleteFile(uploadId);
  invalidateQueries(['files']);
}

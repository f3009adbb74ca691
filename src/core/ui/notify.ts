/** Transient notices (spec §9: 3000 ms). A signal list so any code, React or not, can raise one. */
import { signal } from '@preact/signals-react';

export type NoticeKind = 'error' | 'success' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

export const NOTIFY_DURATION_MS = 3000;
export const notices = signal<Notice[]>([]);

let nextId = 1;

export function notify(text: string, kind: NoticeKind = 'error', duration = NOTIFY_DURATION_MS): void {
  const id = nextId++;
  // The same text twice at once (say, several calls failing together) reads as one notice.
  if (notices.value.some((notice) => notice.text === text)) return;
  notices.value = [...notices.value, { id, kind, text }];
  setTimeout(() => {
    notices.value = notices.value.filter((notice) => notice.id !== id);
  }, duration);
}

/** The shell's notices, driven by a signal. The dialogs' host loads when the first dialog opens (dialog-host.tsx). */
import { notices } from './notify.ts';

export function NoticeHost() {
  return (
    <div class="notices" aria-live="polite">
      {notices.value.map((notice) => (
        <div key={notice.id} class={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ))}
    </div>
  );
}

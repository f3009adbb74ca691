/** The shell's overlays: notices, dialogs and the navigation progress bar, each driven by a signal. */
import { notices } from './notify.ts';
import { closeDialog, dialogs, DIALOG_Z_BASE } from './dialogs.ts';
import { isSafeUrl } from '../safe-url.ts';

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

export function DialogHost() {
  return (
    <>
      {dialogs.value.map((dialog, index) => (
        <div key={dialog.id} class="dialog-backdrop" style={{ zIndex: DIALOG_Z_BASE + index }}>
          <div class="dialog" role="dialog" aria-modal="true" aria-labelledby={`dialog-${dialog.id}-title`}>
            <h2 class="dialog__title" id={`dialog-${dialog.id}-title`}>
              {dialog.title}
            </h2>
            <p class="dialog__message">{dialog.message}</p>
            <div class="dialog__actions">
              {dialog.actions.map((action) =>
                action.href && isSafeUrl(action.href) ? (
                  <a key={action.label} class={`btn${action.primary ? ' btn--primary' : ''}`} href={action.href}>
                    {action.label}
                  </a>
                ) : (
                  <button
                    key={action.label}
                    type="button"
                    class={`btn${action.primary ? ' btn--primary' : ''}`}
                    onClick={() => closeDialog(dialog.id, action.value)}
                  >
                    {action.label}
                  </button>
                ),
              )}
            </div>
          </div>
        </div>
      ))}
    </>
  );
}

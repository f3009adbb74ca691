/**
 * The dialogs' host: loaded by the app shell when the first dialog opens (app.tsx), so the first screen carries
 * neither it, its focus trap nor its styles.
 */
import { useLayoutEffect, useRef } from 'react';
import { closeDialog, dialogs, type DialogSpec } from './dialogs.ts';
import { trapFocus } from './focus-trap.ts';
import { isSafeUrl } from '../safe-url.ts';
import './dialog.css';

export function DialogHost() {
  return (
    <>
      {dialogs.value.map((dialog) => (
        <DialogBox key={dialog.id} dialog={dialog} />
      ))}
    </>
  );
}

/** One dialog: modal for the keyboard too (Tab stays inside, Escape dismisses it as undefined, focus goes back). */
function DialogBox({ dialog }: { dialog: DialogSpec }) {
  const box = useRef<HTMLDivElement>(null);
  // A layout effect, as in sheet.tsx: trapped before the next key arrives.
  useLayoutEffect(() => trapFocus(box.current!, { onEscape: () => closeDialog(dialog.id) }), [dialog.id]);
  return (
    <div class="dialog-backdrop">
      <div ref={box} class="dialog" role="dialog" aria-modal="true" aria-labelledby={`dialog-${dialog.id}-title`} tabIndex={-1}>
        <h2 class="dialog__title" id={`dialog-${dialog.id}-title`}>
          {dialog.title}
        </h2>
        <p class="dialog__message">{dialog.message}</p>
        <div class="dialog__actions">
          {dialog.actions.map((action) =>
            action.href && isSafeUrl(action.href) ? (
              // A link to another site (a tenant's support page) opens beside the app and cannot reach back into it.
              <a
                key={action.label}
                class={`btn${action.danger ? ' btn--danger' : action.primary ? ' btn--primary' : ''}`}
                href={action.href}
                {...(/^\s*(https?:)?\/\//i.test(action.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {action.label}
              </a>
            ) : (
              <button
                key={action.label}
                type="button"
                class={`btn${action.danger ? ' btn--danger' : action.primary ? ' btn--primary' : ''}`}
                onClick={() => closeDialog(dialog.id, action.value)}
              >
                {action.label}
              </button>
            ),
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A batch page's check, shown (transfer, replacement): the heading, each phone's row, a warning when the server
 * accepted none, then Edit and the confirm button, which names how many go. Focus moves to the heading as it opens,
 * since the button that asked for the check went away. The page's prefix names its classes, ids and test ids.
 */
import { useEffect, useRef } from 'react';
import type { ComponentChildren } from 'preact';

interface CheckedBatchCardProps {
  /** `replace` gives `replace-section`, `replace-actions`, `replace-check-title`, `replace-edit`. */
  prefix: string;
  heading: string;
  /** How many phones the check accepted. */
  accepted: number;
  busy: boolean;
  words: { none: string; edit: string; confirm: string };
  confirmTestId: string;
  onEdit: () => void;
  onConfirm: () => void;
  /** The rows, one a phone. */
  children: ComponentChildren;
}

export function CheckedBatchCard({ prefix, heading, accepted, busy, words, confirmTestId, onEdit, onConfirm, children }: CheckedBatchCardProps) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section class={`card ${prefix}-section`} aria-labelledby={`${prefix}-check-title`} aria-live="polite">
      <h2 class="card__title" id={`${prefix}-check-title`} tabIndex={-1} ref={title}>{heading}</h2>
      {children}
      {accepted ? null : <p class="field__error" role="alert">{words.none}</p>}
      <div class={`${prefix}-actions`}>
        <button type="button" class="btn" onClick={onEdit} data-testid={`${prefix}-edit`}>{words.edit}</button>
        <button type="button" class="btn btn--primary" disabled={busy || !accepted} onClick={onConfirm} data-testid={confirmTestId}>
          {words.confirm}
        </button>
      </div>
    </section>
  );
}

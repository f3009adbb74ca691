/**
 * A bottom sheet over a dimmed backdrop (tapping the backdrop, the close row or Escape dismisses it). It takes the
 * focus when it opens, keeps Tab inside while open (focus-trap.ts), and gives focus back to its opener when it
 * closes unless something else took it meanwhile.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'react';
import { t } from '../i18n/index.ts';
import { trapFocus } from './focus-trap.ts';
import './sheet.css';

interface SheetProps {
  title: string;
  subtitle?: string;
  /** The dismiss row's text (close by default). */
  closeLabel?: string;
  onClose: () => void;
  children: ComponentChildren;
  testId?: string;
}

export function Sheet({ title, subtitle, closeLabel, onClose, children, testId }: SheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  // The latest onClose, so the trap (started once) never calls a stale one.
  const close = useRef(onClose);
  close.current = onClose;
  // A layout effect: the trap starts in the same task as the render, before any key can slip past it (a plain
  // effect waits for a frame, and a Tab pressed meanwhile would move focus and be taken for the opener).
  useLayoutEffect(() => trapFocus(sheet.current!, { onEscape: () => close.current() }), []);
  return (
    <div class="sheet-backdrop" onClick={onClose}>
      <div
        ref={sheet}
        class="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        data-testid={testId}
      >
        <header class="sheet__head">
          <span class="sheet__title">{title}</span>
          {subtitle ? <span class="muted">{subtitle}</span> : null}
        </header>
        {children}
        <button type="button" class="sheet__cancel" onClick={onClose} data-testid="sheet-close">
          {closeLabel ?? t('common.close')}
        </button>
      </div>
    </div>
  );
}

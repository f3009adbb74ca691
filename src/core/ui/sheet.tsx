/**
 * A bottom sheet over a dimmed backdrop (tapping the backdrop, the close row or Escape dismisses it). It takes the
 * focus when it opens, so keys go to it, and gives it back when it closes unless something else took it meanwhile.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'react';
import { t } from '../i18n/index.ts';
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
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    sheet.current?.focus();
    return () => {
      const now = document.activeElement;
      if (!now || now === document.body || sheet.current?.contains(now)) previous?.focus?.();
    };
  }, []);
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
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onClose();
        }}
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

/** A bottom sheet over a dimmed backdrop (tapping the backdrop or the close row dismisses it). */
import type { ComponentChildren } from 'preact';
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
  return (
    <div class="sheet-backdrop" onClick={onClose}>
      <div class="sheet" role="dialog" aria-modal="true" aria-label={title} onClick={(event) => event.stopPropagation()} data-testid={testId}>
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

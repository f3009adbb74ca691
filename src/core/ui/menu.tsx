/** Rows of a settings-style list: a label, an optional value, and a chevron when it leads somewhere. */
import type { ComponentChildren } from 'preact';

export interface MenuRowProps {
  label: string;
  value?: ComponentChildren;
  onClick?: () => void;
  testId?: string;
  danger?: boolean;
}

export function MenuRow({ label, value, onClick, testId, danger }: MenuRowProps) {
  const content = (
    <>
      <span class={`menu__label${danger ? ' menu__label--danger' : ''}`}>{label}</span>
      <span class="menu__value">{value}</span>
      {onClick ? <span class="menu__chevron" aria-hidden="true">›</span> : null}
    </>
  );
  return onClick ? (
    <button type="button" class="menu__row" onClick={onClick} data-testid={testId}>
      {content}
    </button>
  ) : (
    <div class="menu__row" data-testid={testId}>
      {content}
    </div>
  );
}

export function Menu({ children }: { children: ComponentChildren }) {
  return <div class="menu">{children}</div>;
}

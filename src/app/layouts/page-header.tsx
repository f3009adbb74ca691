/** The header of the "page" layouts, and of pages that draw their own layout: back, then the title. */
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { goBack } from '../navigate.ts';

interface PageHeaderProps {
  title: MessageKey | undefined;
  clientNo: string;
  /** The back button's test id, for a page whose browser tests name it. */
  backTestId?: string;
  /** A title that is content rather than a text key (a CMS page's own title); wins over `title`. */
  text?: string;
}

export function PageHeader({ title, clientNo, backTestId, text }: PageHeaderProps) {
  return (
    <header class="page-header">
      <button type="button" class="page-header__back" aria-label={t('common.back')} onClick={() => goBack(clientNo)} data-testid={backTestId}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
      </button>
      <h1 class="page-header__title">{text ?? (title ? t(title) : '')}</h1>
    </header>
  );
}

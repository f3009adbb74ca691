/** Offers the other language by its own name; the choice applies at once and is stored (spec §1). */
import { LANGUAGE_NAMES, LOCALES, locale, setLocale, t } from '../i18n/index.ts';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const next = LOCALES.find((code) => code !== locale.value) ?? LOCALES[0];
  // The other language's own name, e.g. "English" while in Chinese.
  const nextName = LANGUAGE_NAMES[next];
  return (
    <button
      type="button"
      class={`btn btn--ghost ${className}`}
      lang={next}
      aria-label={`${t('common.language')}: ${nextName}`}
      data-testid="language-switch"
      onClick={() => void setLocale(next)}
    >
      {nextName}
    </button>
  );
}

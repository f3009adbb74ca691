/** The box codes are pasted into, with the live count, the duplicates dropped and the malformed codes (spec §5). */
import { t } from '../../../core/i18n/index.ts';
import type { CodeList } from '../../../../shared/code-list.ts';

interface CodeInputProps {
  id: string;
  value: string;
  list: CodeList;
  onInput: (value: string) => void;
  error?: string | null;
}

export function CodeInput({ id, value, list, onInput, error }: CodeInputProps) {
  const errorId = `${id}-error`;
  return (
    <div class={`field${error ? ' field--invalid' : ''}`}>
      <label class="field__label" for={id}>
        {t('shop.codes.input.label')}
      </label>
      <textarea
        id={id}
        name={id}
        class="code-input__area"
        rows={5}
        spellcheck={false}
        autoCapitalize="off"
        autoComplete="off"
        placeholder={t('shop.codes.input.placeholder')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="code-input"
        onInput={(event) => onInput((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <p class="code-input__summary" aria-live="polite">
        <span data-testid="code-count">{t('shop.codes.input.count', { count: list.entries.length })}</span>
        {list.duplicates ? <span data-testid="code-duplicates">{t('shop.codes.input.duplicates', { count: list.duplicates })}</span> : null}
        {list.invalid.length ? (
          <span class="code-input__warn" data-testid="code-invalid">{t('shop.codes.input.invalidCount', { count: list.invalid.length })}</span>
        ) : null}
      </p>
      <p class="code-input__hint">{t('shop.codes.input.hint')}</p>
      {error ? (
        <p class="field__error" id={errorId} role="alert" data-testid="codes-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

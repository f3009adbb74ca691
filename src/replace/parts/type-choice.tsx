/** Spec §4 replace types as two radios, each with what it does to the phone, so the choice is made knowingly. */
import { t } from '../../core/i18n/index.ts';
import type { ReplaceType } from '../../../shared/contract/replace-words.ts';

const TYPES = [
  { type: 1, label: 'replace.type.fresh', hint: 'replace.type.freshHint' },
  { type: 2, label: 'replace.type.keep', hint: 'replace.type.keepHint' },
] as const;

export function TypeChoice({ value, onChange }: { value: ReplaceType; onChange: (type: ReplaceType) => void }) {
  return (
    <fieldset class="card replace-section replace-types">
      <legend class="card__title">{t('replace.type.legend')}</legend>
      {TYPES.map((entry) => (
        <label key={entry.type} class={`replace-type${value === entry.type ? ' replace-type--on' : ''}`} data-testid={`replace-type-${entry.type}`}>
          <input type="radio" name="replace-type" value={entry.type} checked={value === entry.type} onChange={() => onChange(entry.type)}
            aria-describedby={`replace-type-hint-${entry.type}`} />
          <span class="replace-type__text">
            <span class="replace-type__name">{t(entry.label)}</span>
            <span class="muted" id={`replace-type-hint-${entry.type}`}>{t(entry.hint)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

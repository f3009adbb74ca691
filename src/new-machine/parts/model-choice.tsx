/**
 * How the phones change: a random model or one chosen from the server's catalogue (manufacturer, then model), which
 * fields are regenerated (a chosen model changes all of them), and the parameters that will change as the server
 * lists them (get-mock-params).
 */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { MOCK_TYPES, type MockType } from '../../../shared/contract/new-machine-words.ts';
import { manufacturersFetcher, manufacturersKey, modelsFetcher, modelsKey, paramsFetcher, paramsKey } from '../state.ts';

export type Mode = 'random' | 'chosen';

export interface Choice {
  mode: Mode;
  type: MockType;
  manufacturer: string;
  modelId: number | null;
}

interface Props {
  choice: Choice;
  onChange: (choice: Choice) => void;
  disabled: boolean;
}

function CatalogueChoice({ choice, onChange, disabled }: Props) {
  const makers = useQuery(manufacturersKey, manufacturersFetcher, { cached: true });
  const models = useQuery(choice.manufacturer ? modelsKey(choice.manufacturer) : null, modelsFetcher(choice.manufacturer), { cached: true });
  if (makers.error && !makers.data) return <p class="field__error" role="alert">{describeError(makers.error)}</p>;
  return (
    <>
      <div class="field">
        <label class="field__label" for="nm-manufacturer">{t('newMachine.manufacturer')}</label>
        <select id="nm-manufacturer" class="nm-select" value={choice.manufacturer} disabled={disabled} data-testid="nm-manufacturer"
          onChange={(event) => onChange({ ...choice, manufacturer: event.currentTarget.value, modelId: null })}>
          <option value="" disabled>{t('newMachine.chooseManufacturer')}</option>
          {(makers.data?.list ?? []).map((maker) => (
            <option key={maker.manufacturer} value={maker.manufacturer}>{maker.manufacturer}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label class="field__label" for="nm-model">{t('newMachine.model')}</label>
        <select id="nm-model" class="nm-select" value={choice.modelId ?? ''} disabled={disabled || !choice.manufacturer} data-testid="nm-model"
          onChange={(event) => onChange({ ...choice, modelId: Number(event.currentTarget.value) || null })}>
          <option value="" disabled>{t('newMachine.chooseModel')}</option>
          {(models.data?.list ?? []).map((model) => (
            <option key={model.modelId} value={model.modelId}>{`${model.marketName} (${model.model}, ${model.systemVersion})`}</option>
          ))}
        </select>
        {models.error && !models.data ? <p class="field__error" role="alert">{t('newMachine.catalogueFailed')}</p> : null}
      </div>
    </>
  );
}

export function ModelChoice({ choice, onChange, disabled }: Props) {
  const params = useQuery(paramsKey, paramsFetcher, { cached: true });
  const type: MockType = choice.mode === 'chosen' ? 'ALL' : choice.type;
  const changing = params.data?.list.find((entry) => entry.mockType === type)?.params ?? [];
  return (
    <section class="card">
      <fieldset class="nm-fieldset">
        <legend>{t('newMachine.mode.label')}</legend>
        <div class="nm-options">
          {(['random', 'chosen'] as const).map((mode) => (
            <label key={mode} class="radio">
              <input type="radio" name="nm-mode" value={mode} checked={choice.mode === mode} disabled={disabled} data-testid={`nm-mode-${mode}`}
                onChange={() => onChange({ ...choice, mode })} />
              {t(`newMachine.mode.${mode}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {choice.mode === 'chosen' ? <CatalogueChoice choice={choice} onChange={onChange} disabled={disabled} /> : null}
      <fieldset class="nm-fieldset">
        <legend>{t('newMachine.type.label')}</legend>
        <div class="nm-options">
          {MOCK_TYPES.map((option) => (
            <label key={option} class="radio">
              <input type="radio" name="nm-type" value={option} checked={type === option} data-testid={`nm-type-${option}`}
                disabled={disabled || (choice.mode === 'chosen' && option !== 'ALL')} onChange={() => onChange({ ...choice, type: option })} />
              {t(`newMachine.type.${option}`)}
            </label>
          ))}
        </div>
        {choice.mode === 'chosen' ? <p class="muted nm-note">{t('newMachine.chosenAll')}</p> : null}
      </fieldset>
      <h3 class="field__label" id="nm-params-title">{t('newMachine.params.title')}</h3>
      <ul class="nm-params" aria-labelledby="nm-params-title" data-testid="nm-params">
        {changing.map((param) => (
          <li key={param} class="nm-param">{t(`newMachine.params.${param}`)}</li>
        ))}
      </ul>
    </section>
  );
}

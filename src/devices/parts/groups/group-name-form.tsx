/**
 * A group name form (create or rename): 1-20 characters, required (spec §5). The rule's message, or
 * the server's refusal (a duplicate name, say), sits next to the field; the typed text is kept.
 */
import { useState } from 'react';
import { t } from '../../../core/i18n/index.ts';
import { Field } from '../../../core/ui/field.tsx';
import { useBusyAction } from '../../../core/ui/use-busy-action.ts';
import { errorInto } from '../../../core/ui/error-into.ts';
import { checkName } from '../../../../shared/validate.ts';

interface GroupNameFormProps {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** Saves the trimmed name; a rejection's text is shown under the field. */
  onSave: (name: string) => Promise<void>;
  onCancel?: () => void;
  /** Empty the field after a save (create), rather than keep the saved name (rename). */
  clearOnSave?: boolean;
  testId?: string;
}

export function GroupNameForm(props: GroupNameFormProps) {
  const [value, setValue] = useState(props.initial ?? '');
  const [error, setError] = useState('');
  const { busy: saving, run } = useBusyAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    const rule = checkName(value);
    if (rule) return setError(t(rule));
    await run(async () => {
      await props.onSave(value.trim());
      if (props.clearOnSave) setValue('');
    }, errorInto(setError));
  };

  return (
    <form class="group-form" onSubmit={submit} noValidate data-testid={props.testId}>
      <Field
        id={props.id}
        label={props.label}
        value={value}
        placeholder={t('devices.groups.namePlaceholder')}
        error={error}
        onInput={(next) => {
          setValue(next);
          setError('');
        }}
      />
      <div class="group-form__actions">
        {props.onCancel ? (
          <button type="button" class="btn" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" class="btn btn--primary" disabled={saving} data-testid={`${props.id}-submit`}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}

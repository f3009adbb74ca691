/**
 * The form that renames a phone (spec §5: 1-20 characters), for the device action sheet and phone-view's tools: the
 * rule is checked next to the field before any call, and the server's refusal shows there too, the name kept.
 */
import { useState } from 'react';
import { t } from '../core/i18n/index.ts';
import { Field } from '../core/ui/field.tsx';
import { notify } from '../core/ui/notify.ts';
import { useBusyAction } from '../core/ui/use-busy-action.ts';
import { errorInto } from '../core/ui/error-into.ts';
import { checkName } from '../../shared/validate.ts';
import type { Phone } from './api.ts';
import { renameDevice } from './actions.ts';

export function RenameForm({ phone, onDone }: { phone: Phone; onDone: () => void }) {
  const [name, setName] = useState(phone.name);
  const [error, setError] = useState('');
  const { busy, run } = useBusyAction();
  const save = async (event: Event) => {
    event.preventDefault();
    const rule = checkName(name);
    if (rule) return setError(t(rule));
    await run(async () => {
      await renameDevice(phone.userPhoneId, name);
      notify(t('devices.done.rename'), 'success');
      onDone();
    }, errorInto(setError));
  };
  return (
    <form class="sheet__panel" onSubmit={save} noValidate>
      <Field id="phone-name" label={t('devices.actions.rename')} value={name} error={error} placeholder={t('account.personal.nicknamePlaceholder')}
        onInput={(value) => { setName(value); setError(''); }} />
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="rename-save">{t('account.personal.save')}</button>
    </form>
  );
}


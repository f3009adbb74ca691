/** Nickname, edited in place (1-20 characters, spec §5); the typed text survives a refusal. */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { checkName } from '../../../shared/validate.ts';
import { updateUser } from '../account-api.ts';
import { displayName, patchUser, user } from '../state.ts';
import { requireAccount } from './require-account.ts';

export function NicknameEditor() {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const { busy: saving, run } = useBusyAction();

  const start = async () => {
    if (!(await requireAccount())) return;
    setValue(user.value?.nickname ?? '');
    setError('');
    setEditing(true);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const rule = checkName(value);
    if (rule) return setError(t(rule));
    await run(async () => {
      const nickname = value.trim();
      await updateUser({ nickname });
      patchUser({ nickname });
      setEditing(false);
      notify(t('account.personal.saved'), 'success');
    }, errorInto(setError));
  };

  if (!editing) {
    return (
      <div class="menu__row">
        <span class="menu__label">{t('account.personal.nickname')}</span>
        <span class="menu__value" data-testid="nickname">{displayName.value}</span>
        <button type="button" class="btn btn--ghost" onClick={() => void start()} data-testid="edit-nickname">
          {t('account.personal.edit')}
        </button>
      </div>
    );
  }
  return (
    <form class="inline-edit" onSubmit={save} noValidate>
      <label class="field__label" for="nickname">{t('account.personal.nickname')}</label>
      <div class={`field__row${error ? ' field__row--invalid' : ''}`}>
        <input id="nickname" class="field__input" value={value} placeholder={t('account.personal.nicknamePlaceholder')}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'nickname-error' : undefined}
          onInput={(event) => { setValue((event.currentTarget as HTMLInputElement).value); setError(''); }} />
        <button type="button" class="btn btn--ghost" onClick={() => setEditing(false)}>{t('common.cancel')}</button>
        <button type="submit" class="btn btn--ghost" disabled={saving} data-testid="save-nickname">{t('account.personal.save')}</button>
      </div>
      {error ? <p class="field__error" id="nickname-error" role="alert">{error}</p> : null}
    </form>
  );
}

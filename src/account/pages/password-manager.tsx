/**
 * passwordManager (person layout): set a password when none exists, change it otherwise (update-password).
 * The server then ends every session, so the user logs in again with the new password.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkPassword, checkPasswordRepeat } from '../../../shared/validate.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { updatePassword } from '../account-api.ts';
import { logout, user } from '../state.ts';
import { useFormErrors } from '../parts/use-form-errors.ts';

export { ensurePasswordTexts as ready } from '../texts/index.ts';

export default function PasswordManagerPage() {
  const hasPassword = Boolean(user.value?.hasPassword);
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // Only a wrong current password and a refused new one belong under a field; anything else is a notice.
  const form = useFormErrors<'old' | 'password' | 'repeat'>((_field, code) =>
    code === ErrorCode.OLD_PASSWORD_WRONG ? 'old' : code === ErrorCode.PASSWORD_INVALID ? 'password' : null,
  );
  const { errors, busy, clear } = form;

  const submit = async (event: Event) => {
    event.preventDefault();
    const passed = form.check({
      old: hasPassword && !old ? 'validate.passwordRequired' : null,
      password: checkPassword(password),
      repeat: checkPasswordRepeat(password, repeat),
    });
    if (!passed) return;
    await form.run(async () => {
      await updatePassword(password, hasPassword ? old : undefined);
      notify(t('account.password.done'), 'success');
      await logout({ callServer: false });
    });
  };
  return (
    <form class="card" onSubmit={submit} noValidate>
      <h2 class="card__title">{t(hasPassword ? 'account.password.changeTitle' : 'account.password.setTitle')}</h2>
      {hasPassword ? (
        <Field id="old-password" label={t('account.password.oldPassword')} type="password" autoComplete="current-password" maxLength={20}
          placeholder={t('account.password.oldPasswordPlaceholder')} value={old} error={errors.old}
          onInput={(value) => { setOld(value); clear('old'); }} />
      ) : null}
      <Field id="new-password" label={t('account.forgetPassword.newPassword')} type="password" autoComplete="new-password" maxLength={20}
        placeholder={t('account.forgetPassword.newPasswordPlaceholder')} value={password} error={errors.password}
        onInput={(value) => { setPassword(value); clear('password'); }} />
      <Field id="repeat-password" label={t('account.forgetPassword.repeatPassword')} type="password" autoComplete="new-password" maxLength={20}
        placeholder={t('account.forgetPassword.repeatPasswordPlaceholder')} value={repeat} error={errors.repeat}
        onInput={(value) => { setRepeat(value); clear('repeat'); }} />
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="password-submit">
        {t('account.password.submit')}
      </button>
    </form>
  );
}

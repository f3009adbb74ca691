/**
 * passwordManager (person layout): set a password when none exists, change it otherwise (update-password).
 * The server then ends every session, so the user logs in again with the new password.
 */
import { useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkPassword, checkPasswordRepeat } from '../../core/validate.ts';
import { ErrorCode } from '../../core/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { updatePassword } from '../api.ts';
import { logout, user } from '../state.ts';

type Errors = Partial<Record<'old' | 'password' | 'repeat', string>>;

export default function PasswordManagerPage() {
  const hasPassword = Boolean(user.value?.hasPassword);
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const text = (key: MessageKey | null) => (key ? t(key) : undefined);

  const submit = async (event: Event) => {
    event.preventDefault();
    const next: Errors = {
      old: hasPassword && !old ? t('validate.passwordRequired') : undefined,
      password: text(checkPassword(password)),
      repeat: text(checkPasswordRepeat(password, repeat)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await updatePassword(password, hasPassword ? old : undefined);
      notify(t('password.done'), 'success');
      await logout({ callServer: false });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      if (code === ErrorCode.OLD_PASSWORD_WRONG) setErrors({ old: describeError(error) });
      else if (code === ErrorCode.PASSWORD_INVALID) setErrors({ password: describeError(error) });
      else notify(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  const clear = (field: keyof Errors) => setErrors((current) => ({ ...current, [field]: undefined }));
  return (
    <form class="card" onSubmit={submit} noValidate>
      <h2 class="card__title">{t(hasPassword ? 'password.changeTitle' : 'password.setTitle')}</h2>
      {hasPassword ? (
        <Field id="old-password" label={t('password.oldPassword')} type="password" autoComplete="current-password" maxLength={20}
          placeholder={t('password.oldPasswordPlaceholder')} value={old} error={errors.old}
          onInput={(value) => { setOld(value); clear('old'); }} />
      ) : null}
      <Field id="new-password" label={t('forgetPassword.newPassword')} type="password" autoComplete="new-password" maxLength={20}
        placeholder={t('forgetPassword.newPasswordPlaceholder')} value={password} error={errors.password}
        onInput={(value) => { setPassword(value); clear('password'); }} />
      <Field id="repeat-password" label={t('forgetPassword.repeatPassword')} type="password" autoComplete="new-password" maxLength={20}
        placeholder={t('forgetPassword.repeatPasswordPlaceholder')} value={repeat} error={errors.repeat}
        onInput={(value) => { setRepeat(value); clear('repeat'); }} />
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="password-submit">
        {t('password.submit')}
      </button>
    </form>
  );
}

/**
 * forgetPassword (code layout): mobile -> SMS code (checked with validate-sms-code) -> new password
 * twice -> reset-password. Both steps keep what was typed when the server refuses.
 */
import { useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkMobile, checkPassword, checkPasswordRepeat, checkSmsCode } from '../../core/validate.ts';
import { go } from '../../app/navigation.ts';
import { pagePath } from '../../app/router-rules.ts';
import type { PageProps } from '../../app/routes.ts';
import { resetPassword, sendSmsCode, SmsScene, validateSmsCode } from '../api.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { fieldOfError } from '../parts/server-field-errors.ts';

type Errors = Partial<Record<'mobile' | 'code' | 'password' | 'repeat', string>>;

export default function ForgetPasswordPage({ clientNo }: PageProps) {
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const text = (key: MessageKey | null) => (key ? t(key) : undefined);
  // A refusal about a field of the other step (the number, while setting the password) is a notice instead.
  const showServerError = (error: unknown) => {
    const { field, text: message } = fieldOfError(error);
    const onScreen = step === 'verify' ? field === 'mobile' || field === 'code' : field === 'password';
    if (field && onScreen) setErrors((old) => ({ ...old, [field]: message }));
    else notify(message);
  };

  const sendCode = async () => {
    const mobileError = text(checkMobile(mobile));
    setErrors((old) => ({ ...old, mobile: mobileError }));
    if (mobileError) return false;
    try {
      await sendSmsCode(mobile.trim(), SmsScene.RESET_PASSWORD);
      notify(t('login.codeSent'), 'success');
      return true;
    } catch (error) {
      showServerError(error);
      return false;
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(false);
    }
  };

  const verify = (event: Event) => {
    event.preventDefault();
    const next: Errors = { mobile: text(checkMobile(mobile)), code: text(checkSmsCode(code)) };
    setErrors(next);
    if (next.mobile || next.code) return;
    void run(async () => {
      await validateSmsCode(mobile.trim(), code.trim(), SmsScene.RESET_PASSWORD);
      setStep('reset');
    });
  };

  const reset = (event: Event) => {
    event.preventDefault();
    const next: Errors = { password: text(checkPassword(password)), repeat: text(checkPasswordRepeat(password, repeat)) };
    setErrors(next);
    if (next.password || next.repeat) return;
    void run(async () => {
      await resetPassword(mobile.trim(), code.trim(), password);
      notify(t('forgetPassword.success'), 'success');
      go(pagePath('login', clientNo), { replace: true });
    });
  };

  return (
    <div class="card">
      <p class="muted" data-testid="reset-step">
        {t(step === 'verify' ? 'forgetPassword.stepVerify' : 'forgetPassword.stepReset')}
      </p>
      {step === 'verify' ? (
        <form onSubmit={verify} noValidate>
          <Field id="mobile" label={t('login.mobile')} type="tel" inputMode="numeric" maxLength={11}
            placeholder={t('login.mobilePlaceholder')} value={mobile} error={errors.mobile}
            onInput={(value) => { setMobile(value); setErrors((old) => ({ ...old, mobile: undefined })); }} />
          <Field id="code" label={t('login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')} value={code} error={errors.code}
            onInput={(value) => { setCode(value); setErrors((old) => ({ ...old, code: undefined })); }}
            suffix={<SendCodeButton onSend={sendCode} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy}>{t('forgetPassword.next')}</button>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <Field id="new-password" label={t('forgetPassword.newPassword')} type="password" maxLength={20}
            autoComplete="new-password" placeholder={t('forgetPassword.newPasswordPlaceholder')} value={password}
            error={errors.password}
            onInput={(value) => { setPassword(value); setErrors((old) => ({ ...old, password: undefined })); }} />
          <Field id="repeat-password" label={t('forgetPassword.repeatPassword')} type="password" maxLength={20}
            autoComplete="new-password" placeholder={t('forgetPassword.repeatPasswordPlaceholder')} value={repeat}
            error={errors.repeat}
            onInput={(value) => { setRepeat(value); setErrors((old) => ({ ...old, repeat: undefined })); }} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy}>{t('forgetPassword.submit')}</button>
        </form>
      )}
    </div>
  );
}

/**
 * forgetPassword (code layout): mobile -> SMS code (checked with validate-sms-code) -> new password
 * twice -> reset-password. Both steps keep what was typed when the server refuses.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkMobile, checkPassword, checkPasswordRepeat, checkSmsCode } from '../../../shared/validate.ts';
import { go, pagePath } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { resetPassword } from '../account-api.ts';
import { sendSmsCode, SmsScene, validateSmsCode } from '../sms-api.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { useFormErrors } from '../parts/use-form-errors.ts';

export { ensurePasswordTexts as ready } from '../texts/index.ts';

export default function ForgetPasswordPage({ clientNo }: PageProps) {
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // A refusal about a field of the other step (the number, while setting the password) is a notice instead.
  const form = useFormErrors<'mobile' | 'code' | 'password' | 'repeat'>((field) =>
    step === 'verify' ? (field === 'mobile' || field === 'code' ? field : null) : field === 'password' ? field : null,
  );
  const { errors, busy, clear } = form;

  const sendCode = async () => {
    if (!form.checkField('mobile', checkMobile(mobile))) return false;
    return form.sendCode(() => sendSmsCode(mobile.trim(), SmsScene.RESET_PASSWORD));
  };

  const verify = (event: Event) => {
    event.preventDefault();
    if (!form.check({ mobile: checkMobile(mobile), code: checkSmsCode(code) })) return;
    void form.run(async () => {
      await validateSmsCode(mobile.trim(), code.trim(), SmsScene.RESET_PASSWORD);
      setStep('reset');
    });
  };

  const reset = (event: Event) => {
    event.preventDefault();
    if (!form.check({ password: checkPassword(password), repeat: checkPasswordRepeat(password, repeat) })) return;
    void form.run(async () => {
      await resetPassword(mobile.trim(), code.trim(), password);
      notify(t('account.forgetPassword.success'), 'success');
      go(pagePath('login', clientNo), { replace: true });
    });
  };

  return (
    <div class="card">
      <p class="muted" data-testid="reset-step">
        {t(step === 'verify' ? 'account.forgetPassword.stepVerify' : 'account.forgetPassword.stepReset')}
      </p>
      {step === 'verify' ? (
        <form onSubmit={verify} noValidate>
          <Field id="mobile" label={t('account.login.mobile')} type="tel" inputMode="numeric" maxLength={11}
            placeholder={t('account.login.mobilePlaceholder')} value={mobile} error={errors.mobile}
            onInput={(value) => { setMobile(value); clear('mobile'); }} />
          <Field id="code" label={t('account.login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('account.login.codePlaceholder')} value={code} error={errors.code}
            onInput={(value) => { setCode(value); clear('code'); }}
            suffix={<SendCodeButton onSend={sendCode} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy}>{t('account.forgetPassword.next')}</button>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <Field id="new-password" label={t('account.forgetPassword.newPassword')} type="password" maxLength={20}
            autoComplete="new-password" placeholder={t('account.forgetPassword.newPasswordPlaceholder')} value={password}
            error={errors.password}
            onInput={(value) => { setPassword(value); clear('password'); }} />
          <Field id="repeat-password" label={t('account.forgetPassword.repeatPassword')} type="password" maxLength={20}
            autoComplete="new-password" placeholder={t('account.forgetPassword.repeatPasswordPlaceholder')} value={repeat}
            error={errors.repeat}
            onInput={(value) => { setRepeat(value); clear('repeat'); }} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy}>{t('account.forgetPassword.submit')}</button>
        </form>
      )}
    </div>
  );
}

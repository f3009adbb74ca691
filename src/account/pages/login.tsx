/**
 * login (loginLayout, the first screen): SMS-code login, where an unregistered number is registered,
 * and password login; spec §5 rules next to each field; the agreements must be accepted.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { LanguageSwitch } from '../../core/ui/language-switch.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkMobile, checkPassword, checkSmsCode } from '../../core/validate.ts';
import { pagePath } from '../../app/router-rules.ts';
import { go } from '../../app/navigation.ts';
import type { PageProps } from '../../app/routes.ts';
import { sendSmsCode, SmsScene } from '../api.ts';
import { loginWithPassword, loginWithSmsCode, startGuestTrial } from '../state.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { fieldOfError, type AuthField } from '../parts/server-field-errors.ts';

type Mode = 'sms' | 'password';
type Errors = Partial<Record<AuthField | 'agree', string>>;

export default function LoginPage({ clientNo }: PageProps) {
  const [mode, setMode] = useState<Mode>('sms');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const text = (key: MessageKey | null) => (key ? t(key) : undefined);
  const clear = (field: keyof Errors) => setErrors((old) => ({ ...old, [field]: undefined }));

  const sendCode = async () => {
    const mobileError = checkMobile(mobile);
    setErrors((old) => ({ ...old, mobile: text(mobileError) }));
    if (mobileError) return false;
    try {
      await sendSmsCode(mobile.trim(), SmsScene.LOGIN);
      notify(t('login.codeSent'), 'success');
      return true;
    } catch (error) {
      const { field, text: message } = fieldOfError(error);
      if (field) setErrors((old) => ({ ...old, [field]: message }));
      else notify(message);
      return false;
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const next: Errors = {
      mobile: text(checkMobile(mobile)),
      code: mode === 'sms' ? text(checkSmsCode(code)) : undefined,
      password: mode === 'password' ? text(checkPassword(password)) : undefined,
      agree: agreed ? undefined : t('login.mustAgree'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setSubmitting(true);
    try {
      if (mode === 'sms') await loginWithSmsCode(mobile, code);
      else await loginWithPassword(mobile, password);
      go(pagePath('', clientNo), { replace: true });
    } catch (error) {
      const { field, text: message } = fieldOfError(error);
      if (field) setErrors((old) => ({ ...old, [field]: message }));
      else notify(message);
    } finally {
      setSubmitting(false);
    }
  };

  const tryFirst = async () => {
    setSubmitting(true);
    try {
      await startGuestTrial();
      go(pagePath('', clientNo), { replace: true });
    } catch (error) {
      notify(fieldOfError(error).text);
    } finally {
      setSubmitting(false);
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
  };

  return (
    <form class="login" onSubmit={submit} noValidate>
      <LanguageSwitch className="lang-switch" />
      <div class="tabs" role="tablist">
        {(['sms', 'password'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            class="tabs__tab"
            aria-selected={mode === tab}
            data-testid={`tab-${tab}`}
            onClick={() => switchMode(tab)}
          >
            {t(tab === 'sms' ? 'login.smsTab' : 'login.passwordTab')}
          </button>
        ))}
      </div>

      <Field
        id="mobile"
        label={t('login.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('login.mobilePlaceholder')}
        value={mobile}
        error={errors.mobile}
        onInput={(value) => {
          setMobile(value);
          clear('mobile');
        }}
      />

      {mode === 'sms' ? (
        <Field
          id="code"
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('login.codePlaceholder')}
          value={code}
          error={errors.code}
          onInput={(value) => {
            setCode(value);
            clear('code');
          }}
          suffix={<SendCodeButton onSend={sendCode} />}
        />
      ) : (
        <Field
          id="password"
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={20}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          error={errors.password}
          onInput={(value) => {
            setPassword(value);
            clear('password');
          }}
          suffix={
            <button type="button" class="btn btn--ghost" onClick={() => setShowPassword(!showPassword)}>
              {t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
            </button>
          }
        />
      )}

      <label class={`check${errors.agree ? ' check--invalid' : ''}`}>
        <input
          type="checkbox"
          name="agree"
          checked={agreed}
          onChange={(event) => {
            setAgreed((event.currentTarget as HTMLInputElement).checked);
            clear('agree');
          }}
        />
        <span>
          {t('login.agreePrefix')} <Link href={pagePath('user-agreement', clientNo)}>{t('agreement.user')}</Link>{' '}
          {t('login.and')} <Link href={pagePath('privacy-agreement', clientNo)}>{t('agreement.privacy')}</Link>
        </span>
      </label>
      {errors.agree ? (
        <p class="field__error" role="alert">
          {errors.agree}
        </p>
      ) : null}

      <button type="submit" class="btn btn--primary btn--block" disabled={submitting} data-testid="login-submit">
        {t(submitting ? 'login.submitting' : 'login.submit')}
      </button>

      <button type="button" class="btn btn--block login__guest" disabled={submitting} onClick={() => void tryFirst()} data-testid="try-first">
        {t('guest.tryFirst')}
      </button>

      <div class="row-between" style={{ marginTop: '14px' }}>
        <span class="muted" style={{ fontSize: '12px' }}>
          {mode === 'sms' ? t('login.autoRegister') : ''}
        </span>
        <Link href={pagePath('forget-password', clientNo)} class="btn btn--link">
          {t('login.forgotPassword')}
        </Link>
      </div>
    </form>
  );
}

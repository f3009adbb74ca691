/**
 * login (loginLayout, the first screen): SMS-code login, where an unregistered number is registered,
 * and password login; spec §5 rules next to each field; the agreements must be accepted.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { whenIdle } from '../../core/idle.ts';
import { Field } from '../../core/ui/field.tsx';
import { LanguageSwitch } from '../../core/ui/language-switch.tsx';
import { noticeOfError } from '../../core/ui/use-busy-action.ts';
import { checkMobile, checkPassword, checkSmsCode } from '../../../shared/validate.ts';
import { go, pagePath } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { sendSmsCode, SmsScene } from '../sms-api.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { useFormErrors } from '../parts/use-form-errors.ts';

type Mode = 'sms' | 'password';

/**
 * Logging in (account/state.ts) is needed only once the form is sent: it loads when the screen is idle, not before the
 * form is usable, and a send before then waits for it.
 */
const sessionActions = () => import('../state.ts');

export default function LoginPage({ clientNo }: PageProps) {
  const [mode, setMode] = useState<Mode>('sms');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  // Every field a server refusal can name is on this form.
  const form = useFormErrors<'mobile' | 'code' | 'password' | 'agree'>((field) => field);
  const { errors, clear } = form;
  const submitting = form.busy;
  useEffect(() => whenIdle(() => void sessionActions().catch(() => {})), []);

  const sendCode = async () => {
    if (!form.checkField('mobile', checkMobile(mobile))) return false;
    return form.sendCode(() => sendSmsCode(mobile.trim(), SmsScene.LOGIN));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const passed = form.check({
      mobile: checkMobile(mobile),
      code: mode === 'sms' ? checkSmsCode(code) : null,
      password: mode === 'password' ? checkPassword(password) : null,
      agree: agreed ? null : 'account.login.mustAgree',
    });
    if (!passed) return;
    await form.run(async () => {
      const session = await sessionActions();
      if (mode === 'sms') await session.loginWithSmsCode(mobile, code);
      else await session.loginWithPassword(mobile, password);
      go(pagePath('', clientNo), { replace: true });
    });
  };

  const tryFirst = () =>
    form.run(async () => {
      await (await sessionActions()).startGuestTrial();
      go(pagePath('', clientNo), { replace: true });
    }, noticeOfError);

  const switchMode = (next: Mode) => {
    setMode(next);
    clear();
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
            {t(tab === 'sms' ? 'account.login.smsTab' : 'account.login.passwordTab')}
          </button>
        ))}
      </div>

      <Field
        id="mobile"
        label={t('account.login.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('account.login.mobilePlaceholder')}
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
          label={t('account.login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('account.login.codePlaceholder')}
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
          label={t('account.login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={20}
          placeholder={t('account.login.passwordPlaceholder')}
          value={password}
          error={errors.password}
          onInput={(value) => {
            setPassword(value);
            clear('password');
          }}
          suffix={
            <button type="button" class="btn btn--ghost" onClick={() => setShowPassword(!showPassword)}>
              {t(showPassword ? 'account.login.hidePassword' : 'account.login.showPassword')}
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
          {t('account.login.agreePrefix')} <Link href={pagePath('user-agreement', clientNo)}>{t('account.agreement.user')}</Link>{' '}
          {t('account.login.and')} <Link href={pagePath('privacy-agreement', clientNo)}>{t('account.agreement.privacy')}</Link>
        </span>
      </label>
      {errors.agree ? (
        <p class="field__error" role="alert">
          {errors.agree}
        </p>
      ) : null}

      <button type="submit" class="btn btn--primary btn--block" disabled={submitting} data-testid="login-submit">
        {t(submitting ? 'account.login.submitting' : 'account.login.submit')}
      </button>

      <button type="button" class="btn btn--block login__guest" disabled={submitting} onClick={() => void tryFirst()} data-testid="try-first">
        {t('account.login.tryFirst')}
      </button>

      {/* Classes, not style attributes: this page is prerendered into index.html, whose policy allows no inline styles. */}
      <div class="row-between login__footer">
        <span class="muted login__hint">
          {mode === 'sms' ? t('account.login.autoRegister') : ''}
        </span>
        <Link href={pagePath('forget-password', clientNo)} class="btn btn--link">
          {t('account.login.forgotPassword')}
        </Link>
      </div>
    </form>
  );
}

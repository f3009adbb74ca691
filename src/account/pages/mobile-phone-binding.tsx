/**
 * mobilePhoneBinding (person layout): can-change-mobile first; a code to the current number, then a
 * code to the new one; change-mobile. One number binds to one account; one change every 30 days.
 */
import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { formatDate, maskMobile } from '../../../shared/format.ts';
import { Field } from '../../core/ui/field.tsx';
import { useQuery } from '../../core/store/use-query.ts';
import { notify } from '../../core/ui/notify.ts';
import { checkMobile, checkSmsCode } from '../../../shared/validate.ts';
import { goToPage } from '../../app/navigate.ts';
import { canChangeMobile, changeMobile } from '../account-api.ts';
import { sendSmsCode, sendSmsCodeToSelf, SmsScene, validateSmsCode } from '../sms-api.ts';
import { fetchUser, user } from '../state.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { useFormErrors } from '../parts/use-form-errors.ts';

type CodeField = 'oldCode' | 'code';

export default function MobilePhoneBindingPage() {
  const current = user.value?.mobile ?? '';
  const [step, setStep] = useState<'old' | 'new'>('old');
  const [oldCode, setOldCode] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  // Asked again after a refusal says the number changed meanwhile; the last answer stands until the new one.
  const allowed = useQuery(['account', 'can-change-mobile'], canChangeMobile);
  const { refetch: checkAllowed } = allowed;
  // undefined until the first answer (the first step waits for it), null when a change is allowed now.
  const nextChange = allowed.data ? (allowed.data.canChange ? null : allowed.data.nextChangeTime) : undefined;
  useEffect(() => {
    if (allowed.error) notify(describeError(allowed.error));
  }, [allowed.error]);

  const form = useFormErrors<CodeField | 'mobile'>(() => null);
  const { errors, busy, clear } = form;

  /** A code refusal goes under the step's code field, a number refusal under the new number; the rest are notices. */
  const showError = (error: unknown, codeField: CodeField) => {
    // Someone changed the number meanwhile (another tab): ask again, which shows when the next change is allowed.
    if (error instanceof ApiError && error.code === ErrorCode.MOBILE_CHANGE_TOO_SOON) return checkAllowed();
    form.showError(error, (field) => (field === 'code' ? codeField : field === 'mobile' && step === 'new' ? 'mobile' : null));
  };

  const sendOld = () => form.sendCode(() => sendSmsCodeToSelf(SmsScene.CHANGE_MOBILE_OLD), (error) => showError(error, 'oldCode'));

  const mobileProblem = (): MessageKey | null => checkMobile(mobile) ?? (mobile.trim() === current ? 'account.binding.sameNumber' : null);

  const sendNew = async () => {
    if (!form.checkField('mobile', mobileProblem())) return false;
    return form.sendCode(() => sendSmsCode(mobile.trim(), SmsScene.CHANGE_MOBILE_NEW), (error) => showError(error, 'code'));
  };

  const verifyOld = (event: Event) => {
    event.preventDefault();
    if (!form.check({ oldCode: checkSmsCode(oldCode) })) return;
    void form.run(async () => {
      await validateSmsCode(current, oldCode.trim(), SmsScene.CHANGE_MOBILE_OLD);
      setStep('new');
    }, (error) => showError(error, 'oldCode'));
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (!form.check({ mobile: mobileProblem(), code: checkSmsCode(code) })) return;
    void form.run(async () => {
      await changeMobile(oldCode.trim(), mobile.trim(), code.trim());
      await fetchUser();
      notify(t('account.binding.done'), 'success');
      goToPage('personal-center', { replace: true });
    }, (error) => showError(error, 'code'));
  };

  if (nextChange) {
    return (
      <div class="card" role="alert" data-testid="binding-not-yet">
        <p>{t('account.binding.notYet', { date: formatDate(nextChange) })}</p>
      </div>
    );
  }

  return (
    <div class="card">
      <p class="muted">{t('account.binding.rule')}</p>
      {step === 'old' ? (
        <form onSubmit={verifyOld} noValidate>
          <p data-testid="binding-step">{t('account.binding.stepOld')}</p>
          <p>{t('account.binding.current')}: {maskMobile(current)}</p>
          <Field id="old-code" label={t('account.login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('account.login.codePlaceholder')} value={oldCode} error={errors.oldCode}
            onInput={(value) => { setOldCode(value); clear(); }} suffix={<SendCodeButton onSend={sendOld} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy || nextChange === undefined}>{t('account.binding.next')}</button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <p data-testid="binding-step">{t('account.binding.stepNew')}</p>
          <Field id="new-mobile" label={t('account.binding.newMobile')} type="tel" inputMode="numeric" maxLength={11}
            placeholder={t('account.login.mobilePlaceholder')} value={mobile} error={errors.mobile}
            onInput={(value) => { setMobile(value); clear('mobile'); }} />
          <Field id="new-code" label={t('account.login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('account.login.codePlaceholder')} value={code} error={errors.code}
            onInput={(value) => { setCode(value); clear('code'); }}
            suffix={<SendCodeButton onSend={sendNew} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="binding-submit">{t('account.binding.submit')}</button>
        </form>
      )}
    </div>
  );
}

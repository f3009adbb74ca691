/**
 * mobilePhoneBinding (person layout): can-change-mobile first; a code to the current number, then a
 * code to the new one; change-mobile. One number binds to one account; one change every 30 days.
 */
import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { ErrorCode } from '../../core/error-codes.ts';
import { ApiError } from '../../core/errors.ts';
import { formatDate, maskMobile } from '../../core/format.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkMobile, checkSmsCode } from '../../core/validate.ts';
import { goToPage } from '../../app/navigation.ts';
import { canChangeMobile, changeMobile, sendSmsCode, sendSmsCodeToSelf, SmsScene, validateSmsCode } from '../api.ts';
import { fetchUser, user } from '../state.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { fieldOfError } from '../parts/server-field-errors.ts';

type Errors = Partial<Record<'oldCode' | 'mobile' | 'code', string>>;

export default function MobilePhoneBindingPage() {
  const current = user.value?.mobile ?? '';
  const [nextChange, setNextChange] = useState<number | null | undefined>(undefined);
  const [step, setStep] = useState<'old' | 'new'>('old');
  const [oldCode, setOldCode] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const text = (key: MessageKey | null) => (key ? t(key) : undefined);

  const checkAllowed = () =>
    canChangeMobile()
      .then((reply) => setNextChange(reply.canChange ? null : reply.nextChangeTime))
      .catch((error) => notify(fieldOfError(error).text));

  useEffect(() => {
    void checkAllowed();
  }, []);

  /** Server refusals land next to the field they concern; the rest become a notice. */
  const showError = (error: unknown, codeField: 'oldCode' | 'code') => {
    if (error instanceof ApiError && error.code === ErrorCode.MOBILE_CHANGE_TOO_SOON) return void checkAllowed();
    const { field, text: message } = fieldOfError(error);
    if (field === 'code') setErrors((old) => ({ ...old, [codeField]: message }));
    else if (field === 'mobile' && step === 'new') setErrors((old) => ({ ...old, mobile: message }));
    else notify(message);
  };

  const run = async (work: () => Promise<void>, codeField: 'oldCode' | 'code') => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showError(error, codeField);
    } finally {
      setBusy(false);
    }
  };

  const sendOld = async () => {
    try {
      await sendSmsCodeToSelf(SmsScene.CHANGE_MOBILE_OLD);
      notify(t('login.codeSent'), 'success');
      return true;
    } catch (error) {
      showError(error, 'oldCode');
      return false;
    }
  };

  const mobileProblem = () => text(checkMobile(mobile)) ?? (mobile.trim() === current ? t('binding.sameNumber') : undefined);

  const sendNew = async () => {
    const problem = mobileProblem();
    setErrors((old) => ({ ...old, mobile: problem }));
    if (problem) return false;
    try {
      await sendSmsCode(mobile.trim(), SmsScene.CHANGE_MOBILE_NEW);
      notify(t('login.codeSent'), 'success');
      return true;
    } catch (error) {
      showError(error, 'code');
      return false;
    }
  };

  const verifyOld = (event: Event) => {
    event.preventDefault();
    const problem = text(checkSmsCode(oldCode));
    setErrors({ oldCode: problem });
    if (problem) return;
    void run(async () => {
      await validateSmsCode(current, oldCode.trim(), SmsScene.CHANGE_MOBILE_OLD);
      setStep('new');
    }, 'oldCode');
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const next: Errors = { mobile: mobileProblem(), code: text(checkSmsCode(code)) };
    setErrors(next);
    if (next.mobile || next.code) return;
    void run(async () => {
      await changeMobile(oldCode.trim(), mobile.trim(), code.trim());
      await fetchUser();
      notify(t('binding.done'), 'success');
      goToPage('personal-center', { replace: true });
    }, 'code');
  };

  if (nextChange) {
    return (
      <div class="card" role="alert" data-testid="binding-not-yet">
        <p>{t('binding.notYet', { date: formatDate(nextChange) })}</p>
      </div>
    );
  }

  return (
    <div class="card">
      <p class="muted">{t('binding.rule')}</p>
      {step === 'old' ? (
        <form onSubmit={verifyOld} noValidate>
          <p data-testid="binding-step">{t('binding.stepOld')}</p>
          <p>{t('binding.current')}: {maskMobile(current)}</p>
          <Field id="old-code" label={t('login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')} value={oldCode} error={errors.oldCode}
            onInput={(value) => { setOldCode(value); setErrors({}); }} suffix={<SendCodeButton onSend={sendOld} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy || nextChange === undefined}>{t('binding.next')}</button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <p data-testid="binding-step">{t('binding.stepNew')}</p>
          <Field id="new-mobile" label={t('binding.newMobile')} type="tel" inputMode="numeric" maxLength={11}
            placeholder={t('login.mobilePlaceholder')} value={mobile} error={errors.mobile}
            onInput={(value) => { setMobile(value); setErrors((old) => ({ ...old, mobile: undefined })); }} />
          <Field id="new-code" label={t('login.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')} value={code} error={errors.code}
            onInput={(value) => { setCode(value); setErrors((old) => ({ ...old, code: undefined })); }}
            suffix={<SendCodeButton onSend={sendNew} />} />
          <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="binding-submit">{t('binding.submit')}</button>
        </form>
      )}
    </div>
  );
}

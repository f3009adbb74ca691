/**
 * cancelAccount (person layout): the consequences spelled out, an explicit confirmation, an SMS code
 * to the account's number, a last confirm dialog, unregister, then logout.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { maskMobile } from '../../core/format.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { checkSmsCode } from '../../core/validate.ts';
import { sendSmsCodeToSelf, SmsScene, unregister } from '../api.ts';
import { logout, user } from '../state.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { fieldOfError } from '../parts/server-field-errors.ts';

const LOSSES = ['cancel.lossDevices', 'cancel.lossOrders', 'cancel.lossProfile', 'cancel.lossNumber'] as const;

export default function CancelAccountPage() {
  const [understood, setUnderstood] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ understood?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    try {
      await sendSmsCodeToSelf(SmsScene.UNREGISTER);
      notify(t('login.codeSent'), 'success');
      return true;
    } catch (error) {
      notify(fieldOfError(error).text);
      return false;
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const rule = checkSmsCode(code);
    const next = { understood: understood ? undefined : t('cancel.mustUnderstand'), code: rule ? t(rule) : undefined };
    setErrors(next);
    if (next.understood || next.code) return;
    const choice = await openDialog({
      title: t('cancel.confirmTitle'),
      message: t('cancel.confirm'),
      actions: [{ label: t('common.cancel') }, { label: t('cancel.confirmAction'), primary: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    setBusy(true);
    try {
      await unregister(code.trim());
      notify(t('cancel.done'), 'success');
      await logout({ callServer: false });
    } catch (error) {
      const { field, text } = fieldOfError(error);
      if (field === 'code') setErrors({ code: text });
      else notify(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} noValidate>
      <p class="cancel__warning">{t('cancel.warning')}</p>
      <ul class="cancel__losses">
        {LOSSES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <label class={`check${errors.understood ? ' check--invalid' : ''}`}>
        <input type="checkbox" name="understood" checked={understood}
          onChange={(event) => { setUnderstood((event.currentTarget as HTMLInputElement).checked); setErrors((old) => ({ ...old, understood: undefined })); }} />
        <span>{t('cancel.understand')}</span>
      </label>
      {errors.understood ? <p class="field__error" role="alert">{errors.understood}</p> : null}
      <Field id="cancel-code" label={t('cancel.verify', { mobile: maskMobile(user.value?.mobile) })} inputMode="numeric" maxLength={6}
        autoComplete="one-time-code" placeholder={t('login.codePlaceholder')} value={code} error={errors.code}
        onInput={(value) => { setCode(value); setErrors((old) => ({ ...old, code: undefined })); }}
        suffix={<SendCodeButton onSend={sendCode} />} />
      <button type="submit" class="btn btn--danger btn--block" disabled={busy} data-testid="cancel-submit">
        {t('cancel.submit')}
      </button>
    </form>
  );
}

/**
 * cancelAccount (person layout): the consequences spelled out, an explicit confirmation, an SMS code
 * to the account's number, a last confirm dialog, unregister, then logout.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { maskMobile } from '../../../shared/format.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { noticeOfError } from '../../core/ui/use-busy-action.ts';
import { checkSmsCode } from '../../../shared/validate.ts';
import { unregister } from '../account-api.ts';
import { sendSmsCodeToSelf, SmsScene } from '../sms-api.ts';
import { logout, user } from '../state.ts';
import { SendCodeButton } from '../parts/send-code-button.tsx';
import { useFormErrors } from '../parts/use-form-errors.ts';

const LOSSES = ['account.cancel.lossDevices', 'account.cancel.lossOrders', 'account.cancel.lossProfile', 'account.cancel.lossNumber'] as const;

export default function CancelAccountPage() {
  const [understood, setUnderstood] = useState(false);
  const [code, setCode] = useState('');
  // Only a code refusal belongs under the code field; sending a code to one's own number has no field to blame.
  const form = useFormErrors<'understood' | 'code'>((field) => (field === 'code' ? 'code' : null));
  const { errors, busy, clear } = form;

  const sendCode = () => form.sendCode(() => sendSmsCodeToSelf(SmsScene.UNREGISTER), noticeOfError);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!form.check({ understood: understood ? null : 'account.cancel.mustUnderstand', code: checkSmsCode(code) })) return;
    const choice = await openDialog({
      title: t('account.cancel.confirmTitle'),
      message: t('account.cancel.confirm'),
      actions: [{ label: t('common.cancel') }, { label: t('account.cancel.confirmAction'), danger: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    await form.run(async () => {
      await unregister(code.trim());
      notify(t('account.cancel.done'), 'success');
      await logout({ callServer: false });
    });
  };

  return (
    <form class="card" onSubmit={submit} noValidate>
      <p class="cancel__warning">{t('account.cancel.warning')}</p>
      <ul class="cancel__losses">
        {LOSSES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <label class={`check${errors.understood ? ' check--invalid' : ''}`}>
        <input type="checkbox" name="understood" checked={understood}
          onChange={(event) => { setUnderstood((event.currentTarget as HTMLInputElement).checked); clear('understood'); }} />
        <span>{t('account.cancel.understand')}</span>
      </label>
      {errors.understood ? <p class="field__error" role="alert">{errors.understood}</p> : null}
      <Field id="cancel-code" label={t('account.cancel.verify', { mobile: maskMobile(user.value?.mobile) })} inputMode="numeric" maxLength={6}
        autoComplete="one-time-code" placeholder={t('account.login.codePlaceholder')} value={code} error={errors.code}
        onInput={(value) => { setCode(value); clear('code'); }}
        suffix={<SendCodeButton onSend={sendCode} />} />
      <button type="submit" class="btn btn--danger btn--block" disabled={busy} data-testid="cancel-submit">
        {t('account.cancel.submit')}
      </button>
    </form>
  );
}

/** Invite code entry, offered only while /invite/can-input-code says so; its rules come from the CMS. */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { pathTo } from '../../app/navigation.ts';
import { Link } from 'wouter';
import { canInputInviteCode, inputInviteCode } from '../api.ts';
import { isGuest } from '../state.ts';

export function InviteCodeCard() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const guest = isGuest.value;

  useEffect(() => {
    if (guest) return;
    let cancelled = false;
    canInputInviteCode()
      .then((reply) => !cancelled && setOpen(reply.canInput))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [guest]);

  if (!open || guest) return null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('personal.inviteRequired'));
      return;
    }
    setBusy(true);
    try {
      await inputInviteCode(code.trim());
      notify(t('personal.inviteDone'), 'success');
      setOpen(false);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} noValidate data-testid="invite-card">
      <div class="row-between">
        <label class="field__label" for="invite-code">{t('personal.inviteTitle')}</label>
        <Link href={pathTo('agreement', '?rule=invite')} class="btn btn--link">{t('personal.inviteRules')}</Link>
      </div>
      <div class="field__row">
        <input id="invite-code" class="field__input" inputMode="numeric" maxLength={20} value={code}
          placeholder={t('personal.invitePlaceholder')} aria-describedby={error ? 'invite-code-error' : undefined}
          onInput={(event) => { setCode((event.currentTarget as HTMLInputElement).value); setError(''); }} />
        <button type="submit" class="btn btn--ghost" disabled={busy}>{t('personal.inviteSubmit')}</button>
      </div>
      {error ? <p class="field__error" id="invite-code-error" role="alert">{error}</p> : null}
    </form>
  );
}

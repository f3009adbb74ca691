/**
 * Invite code entry, offered only while /invite/can-input-code says so; its rules come from the CMS. An invite link
 * opened in this tab (invite-keep.ts) fills the field in; the invitee still submits it.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { pathTo } from '../../app/navigate.ts';
import { Link } from 'wouter';
import { canInputInviteCode, inputInviteCode } from '../account-api.ts';
import { isGuest } from '../state.ts';
import { INVITE_CODE_KEY } from '../invite-keep.ts';

function keptCode(): string {
  try {
    return sessionStorage.getItem(INVITE_CODE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function InviteCodeCard() {
  // Closed once the code is accepted; until then the server's answer decides.
  const [done, setDone] = useState(false);
  const [code, setCode] = useState(keptCode);
  const [error, setError] = useState('');
  const { busy, run } = useBusyAction();
  const guest = isGuest.value;

  // A guest cannot enter a code, so nothing is asked.
  const allowed = useQuery(guest ? null : ['account', 'can-input-invite-code'], async () => (await canInputInviteCode()).canInput).data ?? false;

  if (!allowed || done || guest) return null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('account.personal.inviteRequired'));
      return;
    }
    await run(async () => {
      await inputInviteCode(code.trim());
      notify(t('account.personal.inviteDone'), 'success');
      try {
        sessionStorage.removeItem(INVITE_CODE_KEY);
      } catch {
        // Storage disabled: nothing was kept.
      }
      setDone(true);
    }, errorInto(setError));
  };

  return (
    <form class="card" onSubmit={submit} noValidate data-testid="invite-card">
      <div class="row-between">
        <label class="field__label" for="invite-code">{t('account.personal.inviteTitle')}</label>
        <Link href={pathTo('agreement', '?rule=invite')} class="btn btn--link">{t('account.personal.inviteRules')}</Link>
      </div>
      <div class="field__row">
        <input id="invite-code" class="field__input" inputMode="numeric" maxLength={20} value={code}
          placeholder={t('account.personal.invitePlaceholder')} aria-describedby={error ? 'invite-code-error' : undefined}
          onInput={(event) => { setCode((event.currentTarget as HTMLInputElement).value); setError(''); }} />
        <button type="submit" class="btn btn--ghost" disabled={busy}>{t('account.personal.inviteSubmit')}</button>
      </div>
      {error ? <p class="field__error" id="invite-code-error" role="alert">{error}</p> : null}
    </form>
  );
}

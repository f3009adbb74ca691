/** "Get code" with the resend countdown; the caller validates the number and makes the call. */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { holdUpdates } from '../../app/update-guard.ts';
import { currentRouteName } from '../../app/navigate.ts';

export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  /**
   * Resolves true when the code was sent, which starts the resend countdown; a number when the server asked to wait
   * that many seconds first (the countdown then runs from it); false otherwise.
   */
  onSend: () => Promise<boolean | number> | boolean;
}

export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const { busy: sending, run } = useBusyAction();

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  // While the code is on its way the user is often in the SMS app, so the page is hidden with a step half done
  // (a ticked box, a code not typed yet): a new version must not reload it then (update-guard.ts).
  const counting = left > 0;
  useEffect(() => (counting ? holdUpdates(currentRouteName.peek()) : undefined), [counting]);

  // onSend shows its own refusals; it resolves to what the countdown needs.
  const send = () =>
    run(async () => {
      const sent = await onSend();
      if (sent === true) setLeft(RESEND_SECONDS);
      else if (typeof sent === 'number' && sent > 0) setLeft(Math.ceil(sent));
    });

  return (
    <button type="button" class="btn btn--ghost" disabled={sending || left > 0} onClick={send} data-testid="send-code">
      {left > 0 ? t('account.login.resendIn', { seconds: left }) : t('account.login.sendCode')}
    </button>
  );
}

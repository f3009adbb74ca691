/** "Get code" with the resend countdown; the caller validates the number and makes the call. */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';

export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  /** Resolves true when the code was sent, which starts the countdown. */
  onSend: () => Promise<boolean>;
}

export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" class="btn btn--ghost" disabled={sending || left > 0} onClick={send} data-testid="send-code">
      {left > 0 ? t('account.login.resendIn', { seconds: left }) : t('account.login.sendCode')}
    </button>
  );
}

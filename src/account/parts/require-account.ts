/**
 * Features that need a registered account (spec §1: guest mode gives a limited trial). For a guest,
 * says so and offers to log in; resolves true when the caller may go on.
 */
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { isGuest, logout } from '../state.ts';

export async function requireAccount(): Promise<boolean> {
  if (!isGuest.value) return true;
  const choice = await openDialog({
    title: t('account.guest.needsAccountTitle'),
    message: t('account.guest.needsAccount'),
    actions: [{ label: t('common.cancel') }, { label: t('account.guest.loginNow'), primary: true, value: 'login' }],
  });
  if (choice === 'login') await logout();
  return false;
}

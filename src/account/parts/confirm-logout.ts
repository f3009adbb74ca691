/** Logout after a confirmation; used by home, profile and settings. */
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { logout } from '../state.ts';

export async function confirmLogout(): Promise<void> {
  const choice = await openDialog({
    title: t('account.logout.title'),
    message: t('account.logout.confirm'),
    actions: [{ label: t('common.cancel') }, { label: t('common.confirm'), primary: true, value: 'yes' }],
  });
  if (choice === 'yes') await logout();
}

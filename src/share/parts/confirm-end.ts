/** Ending a share closes every viewer at once, so the owner confirms it first; says so when done. */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { endShareNow } from '../state.ts';

export async function confirmEnd(shareId: number, phoneName: string): Promise<boolean> {
  const choice = await openDialog({
    title: t('share.end.confirmTitle'),
    message: t('share.end.confirm', { name: phoneName }),
    actions: [{ label: t('common.cancel') }, { label: t('share.card.end'), danger: true, value: 'end' }],
  });
  if (choice !== 'end') return false;
  try {
    await endShareNow(shareId);
    notify(t('share.end.done'), 'success');
    return true;
  } catch (error) {
    notify(describeError(error));
    return false;
  }
}

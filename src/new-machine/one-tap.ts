/**
 * One-tap new machine (the device action sheet): one confirmation, then a random model with every identity field new
 * on that phone. Loaded when tapped, with the new-machine texts, so the sheet carries none of it.
 */
import { t } from '../core/i18n/index.ts';
import { describeEntry } from '../core/errors-later.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { notify } from '../core/ui/notify.ts';
import type { Phone } from '../devices/api.ts';
import { changeModels } from './state.ts';
import { ensureNewMachineTexts } from './texts/index.ts';

export async function oneTapNewMachine(phone: Phone): Promise<void> {
  await ensureNewMachineTexts();
  const choice = await openDialog({
    title: t('newMachine.oneTap.title'),
    message: t('newMachine.oneTap.message', { name: phone.name }),
    actions: [{ label: t('common.cancel') }, { label: t('newMachine.oneTap.action'), primary: true, value: 'yes' }],
  });
  if (choice !== 'yes') return;
  const [entry] = await changeModels([phone.userPhoneId], { kind: 'random', type: 'ALL' });
  if (entry && !entry.success) notify(await describeEntry(entry.code, entry.msg));
  else notify(t('newMachine.oneTap.started'), 'success');
}

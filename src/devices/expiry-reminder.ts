/**
 * The daily expiry reminder on home (spec §1): a dialog once a day when a phone expires within the server's threshold.
 * The day it was last shown is stored (lastExpireTipDate, with hasExpireReminded) and also held for the session in
 * memory: where storage is denied (a locked-down webview) nothing is stored, and the reminder would come back each time
 * home is shown. The memory goes with the session, as the stored day goes with a logout (a client key).
 */
import { t } from '../core/i18n/index.ts';
import { onSessionCleared } from '../core/session-events.ts';
import { read, write } from '../core/storage.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { formatDate } from '../../shared/format.ts';
import type { Phone } from './api.ts';
import { expiringSoonHours, remainingMs, shouldRemindExpiry } from './state.ts';

let shownOn: string | undefined;

onSessionCleared(() => (shownOn = undefined));

/** Shows the reminder when it is due today for these phones; resolves once it is closed (at once when not due). */
export async function remindExpiry(list: Phone[], today = formatDate(Date.now())): Promise<void> {
  if (!shouldRemindExpiry(list, today, shownOn === today ? today : read('lastExpireTipDate'))) return;
  shownOn = today;
  write('lastExpireTipDate', today);
  write('hasExpireReminded', true);
  const count = list.filter((phone) => remainingMs(phone) > 0 && remainingMs(phone) < expiringSoonHours.value * 3600_000).length;
  await openDialog({
    title: t('devices.expiry.title'),
    message: t('devices.expiry.message', { count, hours: expiringSoonHours.value }),
    actions: [{ label: t('common.ok'), primary: true }],
  });
}

/** Customer service details (/api/merchant/customer-service/get) shown as a dialog from any page. */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { openDialog, type DialogAction } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { getCustomerService, type CustomerService } from '../account-api.ts';

export function customerServiceLines(service: CustomerService): string {
  const lines = [
    service.phone ? `${t('account.about.phone')}: ${service.phone}` : '',
    service.workTime ? `${t('account.about.workTime')}: ${service.workTime}` : '',
  ].filter(Boolean);
  return lines.length || service.url ? lines.join('\n') : t('account.about.none');
}

export async function showCustomerService(): Promise<void> {
  let service: CustomerService;
  try {
    service = await getCustomerService();
  } catch (error) {
    notify(describeError(error));
    return;
  }
  const actions: DialogAction[] = [];
  if (service.url) actions.push({ label: t('account.about.online'), primary: true, href: service.url });
  if (service.phone) actions.push({ label: t('account.about.phone'), href: `tel:${service.phone.replace(/[^\d+]/g, '')}` });
  actions.push({ label: t('common.close') });
  await openDialog({ title: t('account.about.customerService'), message: customerServiceLines(service), actions });
}

/**
 * Per phone, what give-check says `give` would do (ok, or the refusal in the catalogue's words) or what `give` did
 * (one of the four statuses of spec §4, with the reason of a failure). The reference server ends every item success
 * or failed at once; waiting and transferring are shown for a backend that runs them later.
 */
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { phoneLabel } from '../../devices/phone-store.ts';
import type { CheckItem, TransferItem } from '../api.ts';

/** The phone's name as the store knows it, else its number from the reply, else its id. */
function nameOf(userPhoneId: number, phoneNo: string, name = ''): string {
  const known = phoneLabel(userPhoneId);
  return name || (known.phoneNo ? known.name : phoneNo || known.name);
}

export function CheckRows({ items }: { items: CheckItem[] }) {
  return (
    <ul class="transfer-items" data-testid="transfer-check">
      {items.map((item) => (
        <li key={item.userPhoneId} class="transfer-item" data-testid="transfer-check-item" data-phone-id={item.userPhoneId} data-ok={item.ok}>
          <span class="transfer-item__name">{nameOf(item.userPhoneId, item.phoneNo, item.name)}</span>
          <span class={`transfer-item__verdict ${item.ok ? 'transfer-ok' : 'transfer-bad'}`}>
            {item.ok ? t('transfer.device.ok') : describe(item.code, item.msg)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ResultRows({ items, testId = 'transfer-result' }: { items: TransferItem[]; testId?: string }) {
  return (
    <ul class="transfer-items" data-testid={testId}>
      {items.map((item) => (
        <li key={item.userPhoneId} class="transfer-item" data-testid={`${testId}-item`} data-phone-id={item.userPhoneId} data-status={item.status}>
          <span class="transfer-item__name">{nameOf(item.userPhoneId, item.phoneNo)}</span>
          <span class={`transfer-item__verdict transfer-status--${item.status}`}>
            {t(`transfer.status.${item.status}`)}
            {item.status === 'failed' && item.code ? <span class="transfer-item__reason">{describe(item.code, item.msg)}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

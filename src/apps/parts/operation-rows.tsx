/**
 * An operation as it stands: per phone, in progress (with its share done), done, or failed with the reason in the
 * catalogue's words. The reference server ends each item in a few seconds; a real phone takes a minute or two.
 */
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { phoneLabel } from '../../devices/phone-store.ts';
import type { AppOperationItem } from '../api.ts';

/** The phone's name from the reply, else as the store knows it, else its number. */
function nameOf(item: AppOperationItem): string {
  const known = phoneLabel(item.userPhoneId);
  return item.name || (known.phoneNo ? known.name : item.phoneNo || known.name);
}

function verdict(item: AppOperationItem): string {
  if (item.status === 'running') return t('apps.operation.progress', { progress: item.progress });
  return t(item.status === 'success' ? 'apps.operation.done' : 'apps.operation.failed');
}

export function OperationRows({ items }: { items: AppOperationItem[] }) {
  return (
    <ul class="apps-items" data-testid="apps-items">
      {items.map((item) => (
        <li key={item.userPhoneId} class="apps-item" data-testid="apps-item" data-phone-id={item.userPhoneId} data-status={item.status}>
          <span class="apps-item__name">{nameOf(item)}</span>
          <span class={`apps-item__verdict apps-status--${item.status}`}>
            {verdict(item)}
            {item.status === 'failed' && item.code ? (
              <span class="apps-item__reason" data-testid="apps-item-reason">{describe(item.code, item.msg)}</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

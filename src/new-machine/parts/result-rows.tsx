/**
 * Each phone's result: refused (the reason in the catalogue's words), changing with its reboot's share done (the
 * phone store, kept fresh by devices/polling.ts while the phone is busy), or done once it is back.
 */
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { isBusy, type BatchEntry } from '../../../shared/device-types.ts';
import { phonesById } from '../../devices/phone-store.ts';

type Verdict = 'running' | 'done' | 'failed';

export function ResultRows({ entries }: { entries: BatchEntry[] }) {
  const byId = phonesById.value;
  return (
    <ul class="nm-items" data-testid="nm-results">
      {entries.map((entry) => {
        const phone = byId.get(entry.userPhoneId);
        const operation = phone?.operation?.type === 'newMachine' && isBusy(phone.businessStatus) ? phone.operation : null;
        const verdict: Verdict = !entry.success ? 'failed' : operation ? 'running' : 'done';
        return (
          <li key={entry.userPhoneId} class="nm-item" data-testid="nm-result" data-phone-id={entry.userPhoneId} data-status={verdict}>
            <span>{phone?.name ?? `#${entry.userPhoneId}`}</span>
            <span class={`nm-item__verdict nm-status--${verdict}`}>
              {verdict === 'running' ? t('newMachine.result.progress', { progress: operation!.progress }) : t(`newMachine.result.${verdict}`)}
              {verdict === 'failed' ? <span class="nm-item__reason" data-testid="nm-result-reason">{describe(entry.code, entry.msg)}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The chosen phones' models now (state.ts currentFetcher), shown first: for one phone its whole identity, for several
 * each phone's model. After a change the server holds the new identity at once, so the list shows it as soon as it is read.
 */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { phoneLabel } from '../../devices/phone-store.ts';
import type { MockIdentity } from '../api.ts';
import { currentFetcher, currentKey } from '../state.ts';

function Facts({ identity }: { identity: MockIdentity }) {
  const rows: Array<[string, string]> = [
    [t('newMachine.params.brand'), identity.brand],
    [t('newMachine.params.systemVersion'), identity.systemVersion],
    [t('newMachine.params.imei'), identity.imei],
    [t('newMachine.params.serialNo'), identity.serialNo],
    [t('newMachine.params.wlanMac'), identity.wlanMac],
    [t('newMachine.params.androidId'), identity.androidId],
  ];
  return (
    <dl class="nm-facts" data-testid="nm-current-facts">
      {rows.map(([name, value]) => [<dt key={`${name}-t`}>{name}</dt>, <dd key={`${name}-d`}>{value}</dd>])}
    </dl>
  );
}

export function CurrentModels({ ids }: { ids: readonly number[] }) {
  const current = useQuery(ids.length ? currentKey(ids) : null, currentFetcher(ids));
  const list = current.data ?? [];
  return (
    <section class="card" aria-busy={current.loading} aria-labelledby="nm-current-title">
      <h2 class="card__title" id="nm-current-title">{t('newMachine.current.title')}</h2>
      {current.error && !current.data ? (
        <p class="field__error" role="alert">{describeError(current.error)}</p>
      ) : !current.data ? (
        <p class="muted">{t('common.loading')}</p>
      ) : (
        <ul class="nm-current">
          {list.map((row) => (
            <li key={row.userPhoneId} class="nm-current__row" data-testid="nm-current" data-phone-id={row.userPhoneId} data-model={row.model}>
              <span class="nm-current__name">{phoneLabel(row.userPhoneId).name}</span>
              <span class="nm-current__model">{row.label}</span>
            </li>
          ))}
        </ul>
      )}
      {list.length === 1 && list[0]!.identity ? <Facts identity={list[0]!.identity} /> : null}
    </section>
  );
}

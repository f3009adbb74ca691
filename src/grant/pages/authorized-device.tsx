/**
 * authorizedDevice (person layout): the phones other accounts granted me, with their permission, end and owner
 * (masked); each opens in phone-view, where the stream host enforces the granted permission (a view grant watches;
 * a control grant drives until the owner takes control back). None of the owner's device actions are offered here.
 */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { GrantedPhone } from '../api.ts';
import { useGrantedPhones } from '../state.ts';
import '../parts/grant.css';
export { ensureGrantTexts as ready } from '../texts/index.ts';

function open(phone: GrantedPhone): void {
  // View-only is the host's rule; the page is told too, so it offers no input it would refuse.
  goToPage('phone-view', { query: `?id=${phone.userPhoneId}${phone.permission === 'view' ? '&viewOnly=1' : ''}` });
}

function GrantedCard({ phone }: { phone: GrantedPhone }) {
  return (
    <article class="grant-card" data-testid="granted-phone" data-phone-id={phone.userPhoneId} data-permission={phone.permission}>
      <div class="grant-card__head">
        <span class="grant-card__name">{phone.name}</span>
        <span class="grant-status grant-status--active">{t(`grant.permission.${phone.permission}`)}</span>
      </div>
      <dl class="grant-facts">
        <dt>{t('grant.common.phone')}</dt>
        <dd>{phone.phoneNo}</dd>
        <dt>{t('grant.common.owner')}</dt>
        <dd>{phone.owner}</dd>
        <dt>{t('grant.common.expires')}</dt>
        <dd>{formatDateTime(phone.expireTime)}</dd>
      </dl>
      <div class="grant-card__actions">
        <button
          type="button"
          class="btn btn--primary"
          aria-label={t('grant.devices.openLabel', { name: phone.name })}
          data-testid="granted-open"
          onClick={() => open(phone)}
        >
          {t('grant.devices.open')}
        </button>
      </div>
    </article>
  );
}

export default function AuthorizedDevicePage(_props: PageProps) {
  const view = useGrantedPhones();
  const data = view.data;
  let body;
  if (view.error && !data) {
    body = (
      <div class="grant-empty" role="alert">
        <p class="grant-error">{describeError(view.error)}</p>
        <button type="button" class="btn btn--link" onClick={view.refetch}>{t('common.retry')}</button>
      </div>
    );
  } else if (!data) {
    body = <p class="grant-empty">{t('common.loading')}</p>;
  } else if (!data.list.length) {
    body = <p class="grant-empty" data-testid="list-empty">{t('grant.devices.empty')}</p>;
  } else {
    body = data.list.map((phone) => <GrantedCard key={phone.grantId} phone={phone} />);
  }
  return (
    <div class="grant-page" data-testid="granted-phones">
      <div class="grant-toolbar">
        {data ? <span class="muted grant-toolbar__count" data-testid="granted-count">{t('grant.devices.count', { count: data.list.length, limit: data.limit })}</span> : null}
        <button type="button" class="btn" data-testid="granted-use-code" onClick={() => goToPage('use-authorization-code')}>
          {t('grant.devices.useCode')}
        </button>
      </div>
      {body}
    </div>
  );
}

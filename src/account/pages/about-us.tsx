/** aboutUs (person layout): client name, logo, version, the agreements by their CMS names, customer service. */
import { Link } from 'wouter';
import { locale, t } from '../../core/i18n/index.ts';
import { Menu, MenuRow } from '../../core/ui/menu.tsx';
import { isSafeUrl } from '../../core/safe-url.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { aboutApp } from '../../app/client-state.ts';
import { pathTo } from '../../app/navigate.ts';
import { getAgreementNames, getCustomerService, type AgreementName, type CustomerService } from '../account-api.ts';
import { customerServiceLines } from '../parts/customer-service.ts';

export default function AboutUsPage() {
  const about = aboutApp.value;
  const language = locale.value;
  // Without the CMS names the agreements keep their default titles; without the service, its row says so.
  const names: AgreementName[] = useQuery(['account', 'agreement-names', language], getAgreementNames, { keepPrevious: true }).data ?? [];
  const service: CustomerService | null = useQuery(['account', 'customer-service', language], getCustomerService, { keepPrevious: true }).data ?? null;

  const nameOf = (type: number) => names.find((entry) => entry.type === type)?.name ?? t(type === 2 ? 'account.agreement.privacy' : 'account.agreement.user');
  return (
    <div class="about">
      <div class="centered about__brand">
        {about?.logoUrl ? <img src={about.logoUrl} alt="" width="72" height="72" class="brand__logo" /> : null}
        <h2 class="brand__name" data-testid="about-name">{about?.clientName}</h2>
        <p class="muted" data-testid="about-version">{t('account.about.version', { version: __APP_VERSION__ })}</p>
      </div>
      <p class="section-title">{t('account.about.agreements')}</p>
      <Menu>
        <Link href={pathTo('user-agreement')} class="menu__row">
          <span class="menu__label">{nameOf(1)}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
        <Link href={pathTo('privacy-agreement')} class="menu__row">
          <span class="menu__label">{nameOf(2)}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
      </Menu>
      <p class="section-title">{t('account.about.help')}</p>
      <Menu>
        <Link href={pathTo('ai-tutorial')} class="menu__row" data-testid="about-tutorials">
          <span class="menu__label">{t('account.about.tutorials')}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
        <Link href={pathTo('sdk-guide')} class="menu__row" data-testid="about-sdk-guide">
          <span class="menu__label">{t('account.about.sdkGuide')}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
        <Link href={pathTo('game-list')} class="menu__row" data-testid="about-games">
          <span class="menu__label">{t('account.about.games')}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
      </Menu>
      <p class="section-title">{t('account.about.customerService')}</p>
      <Menu>
        {service && (service.url || service.phone || service.workTime) ? (
          <>
            {service.phone ? <MenuRow label={t('account.about.phone')} value={<a href={`tel:${service.phone}`}>{service.phone}</a>} /> : null}
            {service.workTime ? <MenuRow label={t('account.about.workTime')} value={service.workTime} /> : null}
            {service.url && isSafeUrl(service.url) ? <MenuRow label={t('account.about.online')} value={<a href={service.url} target="_blank" rel="noopener noreferrer">{service.url}</a>} /> : null}
          </>
        ) : (
          <MenuRow label={service ? customerServiceLines(service) : t('common.loading')} />
        )}
      </Menu>
    </div>
  );
}

/** profile (home layout, the "Me" tab): who is logged in, the profile banner, and the account's entries. */
import { t } from '../../core/i18n/index.ts';
import { maskMobile } from '../../core/format.ts';
import { Menu, MenuRow } from '../../core/ui/menu.tsx';
import { goToPage } from '../../app/navigation.ts';
import { routeBySegment } from '../../app/routes.ts';
import { AdBanner } from '../parts/ad-banner.tsx';
import { showCustomerService } from '../parts/customer-service.ts';
import { Avatar } from '../parts/avatar.tsx';
import { AdPosition } from '../api.ts';
import { displayName, isGuest, user } from '../state.ts';
import { confirmLogout } from '../parts/confirm-logout.ts';

/** Entries of later issues appear once their pages exist: an entry never leads to a 404. */
const ENTRIES = [
  { segment: 'order-list', label: 'profile.orders' },
  { segment: 'recharge-phone', label: 'profile.renew' },
  { segment: 'upgrade-select-phone', label: 'profile.upgrade' },
  { segment: 'activation-code', label: 'profile.activationCode' },
  { segment: 'my-coupon', label: 'profile.coupons' },
  { segment: 'message-center', label: 'profile.messages' },
  { segment: 'system-setting', label: 'profile.settings' },
  { segment: 'about-us', label: 'profile.aboutUs' },
] as const;

export default function ProfilePage() {
  const info = user.value;
  return (
    <div class="profile">
      <button type="button" class="profile__head" data-testid="profile-head" onClick={() => goToPage('personal-center')}>
        <Avatar url={info?.avatar} name={displayName.value} />
        <span class="profile__who">
          <span class="profile__name" data-testid="profile-name">{displayName.value}</span>
          <span class="muted">{isGuest.value ? t('guest.guestName') : maskMobile(info?.mobile)}</span>
        </span>
        <span class="menu__chevron" aria-hidden="true">›</span>
      </button>
      <AdBanner position={AdPosition.PROFILE} />
      <Menu>
        <MenuRow label={t('profile.personalCenter')} onClick={() => goToPage('personal-center')} testId="entry-personal-center" />
        {ENTRIES.filter((entry) => routeBySegment(entry.segment)).map((entry) => (
          <MenuRow key={entry.segment} label={t(entry.label)} onClick={() => goToPage(entry.segment)} testId={`entry-${entry.segment}`} />
        ))}
        <MenuRow label={t('profile.customerService')} onClick={() => void showCustomerService()} testId="entry-customer-service" />
      </Menu>
      <div class="card-actions">
        <button type="button" class="btn btn--block" data-testid="logout" onClick={() => void confirmLogout()}>
          {t('settings.logout')}
        </button>
      </div>
    </div>
  );
}

/** profile (home layout, the "Me" tab): who is logged in, the profile banner, and the account's entries. */
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { maskMobile } from '../../../shared/format.ts';
import { Menu, MenuRow } from '../../core/ui/menu.tsx';
import { goToPage } from '../../app/navigate.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import { AdBanner } from '../parts/ad-banner.tsx';
import { showCustomerService } from '../parts/customer-service.ts';
import { Avatar } from '../parts/avatar.tsx';
import { AdPosition } from '../account-api.ts';
import { displayName, fetchUser, isGuest, user } from '../state.ts';
import { OfflineMark, useKeptOffline } from '../../devices/offline-mark.tsx';
import { confirmLogout } from '../parts/confirm-logout.ts';
import { UnreadCount } from '../../messages/unread-count.tsx';

/**
 * Entries of pages that exist (a segment must be in the route table, so an entry never leads to a 404); one whose
 * client function is off is not shown (spec §6), rather than leading to a gate that keeps the user here.
 */
const ENTRIES: ReadonlyArray<{ segment: RouteSegment; label: MessageKey }> = [
  { segment: 'order-list', label: 'account.profile.orders' },
  { segment: 'recharge-phone', label: 'account.profile.renew' },
  { segment: 'upgrade-select-phone', label: 'account.profile.upgrade' },
  { segment: 'activation-code', label: 'account.profile.activationCode' },
  { segment: 'my-coupon', label: 'account.profile.coupons' },
  { segment: 'authorization-manager', label: 'account.profile.authorizationManager' },
  { segment: 'authorized-device', label: 'account.profile.authorizedDevice' },
  { segment: 'use-authorization-code', label: 'account.profile.useAuthorizationCode' },
  { segment: 'my-share-screen', label: 'account.profile.shares' },
  { segment: 'ai-assistant', label: 'account.profile.aiAssistant' },
  { segment: 'network-check', label: 'account.profile.networkCheck' },
  { segment: 'system-setting', label: 'account.profile.settings' },
  { segment: 'about-us', label: 'account.profile.aboutUs' },
];

export default function ProfilePage() {
  const info = user.value;
  // Offline, what this page shows is what was last known: marked with its time, and asked again once back online.
  const keptAt = useKeptOffline(() => void fetchUser());
  return (
    <div class="profile">
      {keptAt !== null ? <OfflineMark savedAt={keptAt} page /> : null}
      <button type="button" class="profile__head" data-testid="profile-head" onClick={() => goToPage('personal-center')}>
        <Avatar url={info?.avatar} name={displayName.value} />
        <span class="profile__who">
          <span class="profile__name" data-testid="profile-name">{displayName.value}</span>
          <span class="muted">{isGuest.value ? t('account.guest.guestName') : maskMobile(info?.mobile)}</span>
        </span>
        <span class="menu__chevron" aria-hidden="true">›</span>
      </button>
      <AdBanner position={AdPosition.PROFILE} />
      <Menu>
        <MenuRow label={t('account.profile.personalCenter')} onClick={() => goToPage('personal-center')} testId="entry-personal-center" />
        {/* Messages here, with their unread count: what the "Me" tab's badge points to. */}
        <MenuRow label={t('account.personal.messages')} value={<UnreadCount />} onClick={() => goToPage('message-center')} testId="entry-message-center" />
        {ENTRIES.filter((entry) => entryAllowed(entry.segment, permissionKeys.value)).map((entry) => (
          <MenuRow key={entry.segment} label={t(entry.label)} onClick={() => goToPage(entry.segment)} testId={`entry-${entry.segment}`} />
        ))}
        <MenuRow label={t('account.profile.customerService')} onClick={() => void showCustomerService()} testId="entry-customer-service" />
      </Menu>
      <div class="card-actions">
        <button type="button" class="btn btn--block" data-testid="logout" onClick={() => void confirmLogout()}>
          {t('account.settings.logout')}
        </button>
      </div>
    </div>
  );
}

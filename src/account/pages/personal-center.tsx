/**
 * personalCenter (person layout): avatar, nickname (edit in place), masked mobile, user number with
 * copy, register time, and the account's entries. Entries that need a registered account ask a guest to log in.
 */
import { t } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { formatDateTime, maskMobile } from '../../../shared/format.ts';
import { Menu, MenuRow } from '../../core/ui/menu.tsx';
import { UnreadCount } from '../../messages/unread-count.tsx';
import { notify } from '../../core/ui/notify.ts';
import { goToPage } from '../../app/navigate.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import { Avatar } from '../parts/avatar.tsx';
import { InviteCodeCard } from '../parts/invite-code-card.tsx';
import { NicknameEditor } from '../parts/nickname-editor.tsx';
import { requireAccount } from '../parts/require-account.ts';
import { showCustomerService } from '../parts/customer-service.ts';
import { displayName, isGuest, user } from '../state.ts';

async function openForAccount(segment: RouteSegment) {
  if (await requireAccount()) goToPage(segment);
}

async function copyUserNo(userNo: string) {
  const copied = await copyText(userNo);
  notify(copied ? t('common.copied') : t('errors.copyFailed'), copied ? 'success' : 'error');
}

export default function PersonalCenterPage() {
  const info = user.value;
  const guest = isGuest.value;
  return (
    <div class="personal">
      <div class="personal__head">
        <Avatar url={info?.avatar} name={displayName.value} size={72} />
      </div>
      <Menu>
        <NicknameEditor />
        <MenuRow label={t('account.personal.mobile')} value={<span data-testid="personal-mobile">{guest ? '' : maskMobile(info?.mobile)}</span>} />
        <MenuRow
          label={t('account.personal.userNo')}
          value={
            <span class="with-action">
              <span data-testid="user-no">{info?.userNo}</span>
              {info?.userNo ? (
                <button type="button" class="btn btn--ghost" onClick={() => void copyUserNo(info.userNo)} data-testid="copy-user-no">
                  {t('common.copy')}
                </button>
              ) : null}
            </span>
          }
        />
        <MenuRow label={t('account.personal.registerTime')} value={formatDateTime(info?.registerTime)} />
      </Menu>
      <Menu>
        <MenuRow label={t('account.personal.password')} value={info?.hasPassword ? t('account.personal.passwordSet') : t('account.personal.passwordNotSet')}
          onClick={() => void openForAccount('password-manager')} testId="entry-password" />
        <MenuRow label={t('account.personal.binding')} onClick={() => void openForAccount('mobile-phone-binding')} testId="entry-binding" />
        <MenuRow label={t('account.personal.invitePoster')} onClick={() => void openForAccount('invite-poster')} testId="entry-invite-poster" />
        <MenuRow label={t('account.personal.messages')} value={<UnreadCount />} onClick={() => goToPage('message-center')} testId="entry-messages" />
        <MenuRow label={t('account.profile.settings')} onClick={() => goToPage('system-setting')} testId="entry-settings" />
        <MenuRow label={t('account.profile.aboutUs')} onClick={() => goToPage('about-us')} testId="entry-about" />
        <MenuRow label={t('account.profile.customerService')} onClick={() => void showCustomerService()} testId="entry-customer-service" />
        <MenuRow label={t('account.personal.help')} onClick={() => goToPage('ai-tutorial')} testId="entry-help" />
        <MenuRow label={t('account.personal.sdkGuide')} onClick={() => goToPage('sdk-guide')} testId="entry-sdk-guide" />
        <MenuRow label={t('account.personal.cancelAccount')} onClick={() => void openForAccount('cancel-account')} testId="entry-cancel" danger />
      </Menu>
      <InviteCodeCard />
    </div>
  );
}

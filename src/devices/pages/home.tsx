/**
 * home (home layout). The device list arrives with the devices issue; until then home shows who is
 * logged in and offers logout, so the foundation can be used end to end.
 */
import { t } from '../../core/i18n/index.ts';
import { formatDateTime, maskMobile } from '../../core/format.ts';
import { LanguageSwitch } from '../../core/ui/language-switch.tsx';
import { displayName, isGuest, user } from '../../account/state.ts';
import { confirmLogout } from '../../account/parts/confirm-logout.ts';

export default function HomePage() {
  const info = user.value;
  const name = displayName.value;
  return (
    <div class="home">
      <header class="home__header row-between">
        <h1 class="home__title">{t('home.title')}</h1>
        <LanguageSwitch />
      </header>
      <section class="card" data-testid="user-card">
        <div class="home__user">
          {info?.avatar ? (
            <img class="home__avatar" src={info.avatar} alt="" width="48" height="48" />
          ) : (
            <span class="home__avatar" aria-hidden="true">{name.slice(0, 1)}</span>
          )}
          <p class="home__name" data-testid="user-name">{t('home.hello', { name })}</p>
        </div>
        <dl class="home__facts">
          {isGuest.value ? null : (
            <>
              <dt>{t('home.mobile')}</dt>
              <dd data-testid="user-mobile">{maskMobile(info?.mobile)}</dd>
            </>
          )}
          <dt>{t('home.userNo')}</dt>
          <dd>{info?.userNo ?? ''}</dd>
          <dt>{t('home.registerTime')}</dt>
          <dd>{formatDateTime(info?.registerTime)}</dd>
        </dl>
      </section>
      <p class="muted centered-text">{t('home.devicesComing')}</p>
      <div class="card-actions">
        <button type="button" class="btn btn--block" data-testid="logout" onClick={() => void confirmLogout()}>
          {t('home.logout')}
        </button>
      </div>
    </div>
  );
}

/**
 * systemSetting (person layout): language (applied at once, stored), the virtual-keys default
 * (isShowVirtualKey, on unless stored false), installing the app (install-pwa), clear cache, version, logout.
 */
import { useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, locale, setLocale, t } from '../../core/i18n/index.ts';
import { Link } from 'wouter';
import { Menu, MenuRow } from '../../core/ui/menu.tsx';
import { pathTo } from '../../app/navigate.ts';
import { notify } from '../../core/ui/notify.ts';
import { isShowVirtualKey, write } from '../../core/storage.ts';
import { clearCaches } from '../parts/clear-caches.ts';
import { confirmLogout } from '../parts/confirm-logout.ts';
import { isLoggedIn } from '../state.ts';

export default function SystemSettingPage() {
  const [virtualKeys, setVirtualKeys] = useState(isShowVirtualKey());

  const toggleVirtualKeys = () => {
    write('isShowVirtualKey', !virtualKeys);
    setVirtualKeys(!virtualKeys);
  };

  return (
    <div class="settings">
      <fieldset class="card settings__languages">
        <legend class="field__label">{t('account.settings.language')}</legend>
        {LOCALES.map((code) => (
          <label key={code} class="radio" lang={code}>
            <input type="radio" name="language" value={code} checked={locale.value === code} onChange={() => void setLocale(code)} />
            <span>{LANGUAGE_NAMES[code]}</span>
          </label>
        ))}
      </fieldset>
      <Menu>
        <label class="menu__row">
          <span class="menu__label">{t('account.settings.virtualKeys')}</span>
          <input type="checkbox" role="switch" class="switch" checked={virtualKeys} onChange={toggleVirtualKeys} data-testid="virtual-keys" />
        </label>
        <Link href={pathTo('install-pwa')} class="menu__row" data-testid="entry-install">
          <span class="menu__label">{t('account.settings.install')}</span><span class="menu__chevron" aria-hidden="true">›</span>
        </Link>
        <MenuRow label={t('account.settings.clearCache')} testId="clear-cache"
          onClick={() => void clearCaches().then(() => notify(t('account.settings.cacheCleared'), 'success'))} />
        <MenuRow label={t('account.settings.version')} value={<span data-testid="app-version">{__APP_VERSION__}</span>} />
      </Menu>
      {isLoggedIn.value ? (
        <div class="card-actions">
          <button type="button" class="btn btn--block" data-testid="logout" onClick={() => void confirmLogout()}>
            {t('account.settings.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * installPwa (layout none): installing this client's app (its manifest: server/routes/pwa.ts). What the page offers
 * depends on the browser (install-way.ts): already installed, the browser's own prompt behind a button, Safari's
 * steps on iOS, how to leave a partner's webview for the browser, or the browser's menu.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { errorText } from '../../core/errors-later.ts';
import { notify } from '../../core/ui/notify.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import { aboutApp } from '../../app/client-state.ts';
import type { PageProps } from '../../app/route-types.ts';
import { iconPath } from '../../../shared/contract/pwa-words.ts';
import { appInstalled, installPrompt, promptInstall } from '../install-prompt.ts';
import { installWay } from '../install-way.ts';
import { IosSteps } from '../parts/ios-steps.tsx';
import '../parts/install.css';
export { ensureInstallTexts as ready } from '../texts/index.ts';

const standalone = () =>
  (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) || (navigator as Navigator & { standalone?: boolean }).standalone === true;

export default function InstallPwaPage({ clientNo }: PageProps) {
  const [outcome, setOutcome] = useState<'accepted' | 'dismissed' | null>(null);
  const name = aboutApp.value?.clientName || clientNo;
  const way = appInstalled.value ? 'installed' : installWay({ userAgent: navigator.userAgent, standalone: standalone(), hasPrompt: installPrompt.value !== null, touchPoints: navigator.maxTouchPoints });

  const install = async () => setOutcome((await promptInstall()) ? 'accepted' : 'dismissed');
  const copyLink = async () => {
    if (await copyText(location.href)) notify(t('common.copied'), 'success');
    else notify(await errorText('errors.copyFailed'));
  };

  let body;
  if (way === 'installed') {
    body = (
      <section class="card install-way" data-testid="install-installed">
        <h2>{t('install.installed.title')}</h2>
        <p>{t(outcome === 'accepted' ? 'install.prompt.accepted' : 'install.installed.text', { name })}</p>
      </section>
    );
  } else if (way === 'webview') {
    body = (
      <section class="card install-way" data-testid="install-webview">
        <h2>{t('install.webview.title')}</h2>
        <p>{t('install.webview.text')}</p>
        <button type="button" class="btn btn--primary btn--block" onClick={() => void copyLink()} data-testid="install-copy-link">
          {t('install.webview.copy')}
        </button>
      </section>
    );
  } else if (way === 'ios') {
    body = (
      <section class="card install-way" data-testid="install-ios">
        <h2>{t('install.ios.title')}</h2>
        <IosSteps />
      </section>
    );
  } else if (way === 'prompt') {
    body = (
      <section class="card install-way" data-testid="install-prompt">
        <button type="button" class="btn btn--primary btn--block" onClick={() => void install()} data-testid="install-button">
          {t('install.prompt.button')}
        </button>
      </section>
    );
  } else {
    body = (
      <section class="card install-way" data-testid="install-menu">
        <h2>{t('install.menu.title')}</h2>
        <p>{outcome === 'dismissed' ? t('install.prompt.dismissed') : t('install.menu.text')}</p>
      </section>
    );
  }

  return (
    <div class="install-page">
      <PageHeader title="install.title" clientNo={clientNo} />
      <main class="install-page__body">
        <div class="install-app">
          <img class="install-app__icon" src={iconPath(clientNo, 192)} alt="" width="72" height="72" />
          <p class="install-app__name">{name}</p>
        </div>
        <p class="install-page__intro">{t('install.intro', { name })}</p>
        {body}
      </main>
    </div>
  );
}

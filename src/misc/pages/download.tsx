/**
 * download: how to get the app. It is a PWA, so "download" means adding it to the home screen; where
 * the browser offers an install prompt, one tap does it.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pagePath } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';

export { ensureDownloadTexts as ready } from '../texts/index.ts';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

export default function DownloadPage({ clientNo }: PageProps) {
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    const capture = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as InstallPromptEvent);
    };
    addEventListener('beforeinstallprompt', capture);
    return () => removeEventListener('beforeinstallprompt', capture);
  }, []);

  return (
    <div class="centered" data-testid="download">
      <h1>{t('misc.download.title')}</h1>
      <p class="muted">{t('misc.download.intro')}</p>
      <ol class="steps">
        <li>{t('misc.download.stepOpen')}</li>
        <li>{t('misc.download.stepShare')}</li>
        <li>{t('misc.download.stepAdd')}</li>
      </ol>
      {installEvent ? (
        <button type="button" class="btn btn--primary" onClick={() => void installEvent.prompt()}>
          {t('misc.download.install')}
        </button>
      ) : null}
      {clientNo ? (
        <Link href={pagePath('', clientNo)} class="btn">
          {t('misc.download.openWeb')}
        </Link>
      ) : null}
    </div>
  );
}

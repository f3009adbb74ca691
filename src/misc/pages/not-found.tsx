/** 404 (its own layout): also where an address without a valid client number ends. */
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pagePath } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { secureData } from '../../app/client-state.ts';

export default function NotFoundPage({ clientNo }: PageProps) {
  // Home is only worth offering for a client that can open it (a non-H5 client would bounce back here).
  const platform = secureData.value?.platform;
  const canGoHome = Boolean(clientNo) && (!platform || platform.toLowerCase() === 'h5');
  return (
    <div class="centered" data-testid="not-found">
      <p class="not-found__code" aria-hidden="true">404</p>
      <h1>{t('misc.notFound.title')}</h1>
      <p class="muted">{t('misc.notFound.message')}</p>
      {canGoHome ? (
        <Link href={pagePath('', clientNo)} class="btn btn--primary">
          {t('misc.notFound.backHome')}
        </Link>
      ) : null}
    </div>
  );
}

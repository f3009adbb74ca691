/** The app shell: error boundary > router (base /app) > route view, with the overlays beside it. */
import { useLayoutEffect, useState } from 'react';
import lazy, { ErrorBoundary } from 'preact-iso/lazy';
import { Router } from 'wouter';
import { t } from '../core/i18n/index.ts';
import { NoticeHost } from '../core/ui/notice-host.tsx';
import { dialogs } from '../core/ui/dialogs.ts';
import { progress } from './progress-bar.ts';
import { RouteView, type FirstPageHooks } from './route-view.tsx';
import { BASE } from './navigate.ts';
import { firstPageRendered } from './first-paint.ts';

function ProgressBar() {
  const value = progress.value;
  if (value === null) return null;
  return <div class="progress" role="progressbar" aria-valuemin={0} aria-valuemax={1} aria-valuenow={value} style={{ transform: `scaleX(${value})` }} />;
}

/** Loaded when the first dialog opens: the login screen usually opens none, so it does not carry the host. */
const DialogHost = lazy(() => import('../core/ui/dialog-host.tsx').then((module) => module.DialogHost));

function CrashNotice({ beforeFirstPage }: FirstPageHooks) {
  // Shown instead of any page: boot must still hand the screen over to it, and what waits for the first page to be
  // painted must still come (a cached client's refresh, which may bring back the data that makes the page fail).
  useLayoutEffect(() => {
    beforeFirstPage?.();
    firstPageRendered();
  }, [beforeFirstPage]);
  return (
    <div class="page-failed" role="alert">
      <p>{t('app.shell.pageCrashed')}</p>
      <button type="button" class="btn btn--primary" onClick={() => location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** The hooks are boot's hand-over from the page index.html showed (main.tsx). */
export function App(hooks: FirstPageHooks) {
  const [crashed, setCrashed] = useState(false);
  return (
    <div class="app">
      <ProgressBar />
      <ErrorBoundary
        onError={(error) => {
          console.error(error);
          setCrashed(true);
        }}
      >
        <Router base={BASE}>{crashed ? <CrashNotice {...hooks} /> : <RouteView {...hooks} />}</Router>
      </ErrorBoundary>
      <NoticeHost />
      {dialogs.value.length > 0 ? (
        <ErrorBoundary onError={(error) => console.error(error)}>
          <DialogHost />
        </ErrorBoundary>
      ) : null}
    </div>
  );
}

/** The app shell: error boundary > router (base /app) > route view, with the overlays beside it. */
import { useLayoutEffect, useState } from 'react';
import { ErrorBoundary } from 'preact-iso/lazy';
import { Router } from 'wouter';
import { t } from '../core/i18n/index.ts';
import { DialogHost, NoticeHost } from '../core/ui/hosts.tsx';
import { progress } from './progress-bar.ts';
import { RouteView, type FirstPageHooks } from './route-view.tsx';
import { BASE } from './navigate.ts';

function ProgressBar() {
  const value = progress.value;
  if (value === null) return null;
  return <div class="progress" role="progressbar" aria-valuemin={0} aria-valuemax={1} aria-valuenow={value} style={{ transform: `scaleX(${value})` }} />;
}

function CrashNotice({ beforeFirstPage }: FirstPageHooks) {
  // Shown instead of any page: boot must still hand the screen over to it.
  useLayoutEffect(() => beforeFirstPage?.(), [beforeFirstPage]);
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
      <DialogHost />
    </div>
  );
}

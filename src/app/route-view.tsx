/**
 * Renders the page for the current address after the route rules have run (resolve-route.ts).
 * wouter supplies the location (base /app); the page of the previous address stays on screen,
 * under the progress bar, until the next one is ready, then slides in by level.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { t, type MessageKey } from '../core/i18n/index.ts';
import { setLoginNavigator } from '../account/session.ts';
import { clientNo } from './client-state.ts';
import { doneProgress, startProgress } from './progress-bar.ts';
import { resolveRoute, type CurrentRoute } from './resolve-route.ts';
import { slideDirection, type SlideDirection } from './router-rules.ts';
import { pagePath } from './paths.ts';
import { leaveRoute } from './stream-session.ts';
import { releaseHoldsOf, reloadOnNavigation } from './update-guard.ts';
import { currentRouteName } from './navigate.ts';
import { pageComponent } from './pages.ts';
import { Layout } from './layouts/index.tsx';
import type { RouteDef } from './route-types.ts';
import type { ComponentChildren } from 'preact';

interface View {
  route: RouteDef;
  clientNo: string;
  query: URLSearchParams;
  direction: SlideDirection;
  failed: boolean;
  key: number;
}

/** A page in its layout, as the route view shows it and as the build prerenders it (src/prerender.tsx). */
export function PageFrame(props: { route: RouteDef; clientNo: string; direction: SlideDirection; children: ComponentChildren }) {
  return (
    <div class={`page page--${props.direction}`}>
      <Layout route={props.route} clientNo={props.clientNo}>
        {props.children}
      </Layout>
    </div>
  );
}

/**
 * A failed page's frame: the text of its title may be in the part it could not load, so the header takes it from the
 * shell's table of page titles (app.pageTitles, src/app/text-parts/page-titles-zh-CN.ts, the same words), loaded with
 * the first page, where it has an entry.
 */
function failedFrameRoute(route: RouteDef): RouteDef {
  // t() gives a key without a text back unchanged: a page whose title shows, or that has no entry, keeps its own.
  const title = `app.pageTitles.${route.name}` as MessageKey;
  return route.title && t(route.title) === route.title && t(title) !== title ? { ...route, title } : route;
}

/** Boot's hand-over from the page index.html showed (main.tsx): both run once, in the task that shows the first page. */
export interface FirstPageHooks {
  /** Just before the first page renders: the app's root goes in place of index.html's. */
  beforeFirstPage?: () => void;
  /** Once it has rendered, before it is painted: what was typed into index.html's page moves into it. */
  afterFirstPage?: () => void;
}

export function RouteView({ beforeFirstPage, afterFirstPage }: FirstPageHooks) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [view, setView] = useState<View | null>(null);
  const [attempt, setAttempt] = useState(0);
  const current = useRef<CurrentRoute | null>(null);
  const shown = useRef(false);

  useLayoutEffect(() => {
    if (!view || shown.current) return;
    shown.current = true;
    afterFirstPage?.();
  }, [view, afterFirstPage]);

  useEffect(() => {
    // A session can end before the first page is on screen (a reply saying the trial is over may beat the page's
    // chunk): no page has named the client yet then, but the client state has, and /login without it ends on 404.
    setLoginNavigator(() => navigate(pagePath('login', current.current?.clientNo || clientNo.peek()), { replace: true }));
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    startProgress();
    const url = { pathname: location, search: search ? `?${search}` : '', host: window.location.host };
    resolveRoute(url, current.current).then((result) => {
      if (cancelled) return;
      if (result.kind === 'redirect') {
        navigate(result.to, { replace: true });
        return;
      }
      doneProgress();
      if (result.kind === 'abort') {
        // A path containing manifest.json is aborted (spec §2): put the address back to the page still on screen.
        if (current.current) navigate(current.current.path, { replace: true });
        return;
      }
      const previous = current.current;
      leaveRoute(previous?.route.name, result.route.name);
      if (previous && previous.route !== result.route) releaseHoldsOf(previous.route.name);
      // A new version waiting for this moment loads the page being opened (the address is already set).
      if (previous && reloadOnNavigation()) return;
      current.current = { route: result.route, clientNo: result.clientNo, path: location + url.search };
      if (!previous) beforeFirstPage?.();
      currentRouteName.value = result.route.name;
      setView((old) => ({
        route: result.route,
        clientNo: result.clientNo,
        query: new URLSearchParams(search),
        direction: slideDirection(previous?.route.level, result.route.level),
        failed: result.kind === 'failed',
        key: (old?.key ?? 0) + 1,
      }));
    });
    return () => {
      cancelled = true;
    };
    // The first-page hooks are read once, at the first page: not a reason to resolve the route again.
  }, [location, search, attempt, navigate]);

  // A page that could not load while offline comes up by itself once the link is back, and on Retry.
  const retry = () => setAttempt((n) => n + 1);
  const failed = view?.failed ?? false;
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);

  if (!view) return null;
  const Page = pageComponent(view.route);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <PageFrame key={view.key} route={view.failed ? failedFrameRoute(view.route) : view.route} clientNo={view.clientNo} direction={view.direction}>
      {view.failed ? (
        <div class="page-failed" role="alert" data-testid="page-failed" data-offline={offline}>
          <p>{t(offline ? 'app.shell.pageOffline' : 'app.shell.chunkFailed')}</p>
          <button type="button" class="btn btn--primary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <Page clientNo={view.clientNo} query={view.query} routeName={view.route.name} title={view.route.title} />
      )}
    </PageFrame>
  );
}

/**
 * The layouts of the signed-in app (spec §2), loaded with the first page that uses one (layouts/index.tsx): the
 * "page" family (person, buy, code, device, message) is a header with back and title over a scrolling body; phone is
 * full-bleed; home has the guest banner and the bottom navigation; ai is the header over a full-height column that
 * its page scrolls itself (a chat with its composer pinned at the bottom); single is the header over an article. Their styles, and those of the pages inside them
 * (cards, menus, avatars), come along in app-layouts.css, so the login screen's first paint carries none of them.
 */
import { Link } from 'wouter';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { permissionKeys } from '../client-state.ts';
import { GuestBanner } from '../../account/parts/guest-banner.tsx';
import { bottomNavPage, pagePath } from '../navigate.ts';
import type { RouteSegment } from '../route-types.ts';
import { PageHeader } from './page-header.tsx';
import { UnreadBadge } from '../../messages/parts/unread-badge.tsx';
import type { LayoutProps, LayoutTable } from './index.tsx';
import './app-layouts.css';

function PageLayout({ route, clientNo, children }: LayoutProps) {
  return (
    <div class="layout layout--page">
      <PageHeader title={route.title} clientNo={clientNo} />
      <main class="layout__body">{children}</main>
    </div>
  );
}

function PhoneLayout({ route, clientNo, children }: LayoutProps) {
  return (
    <div class="layout layout--phone">
      {route.title ? <PageHeader title={route.title} clientNo={clientNo} /> : null}
      <main class="layout__body">{children}</main>
    </div>
  );
}

/** The header over a column as tall as the screen: the page lays out its own scrolling part and what stays put. */
function AiLayout({ route, clientNo, children }: LayoutProps) {
  return (
    <div class="layout layout--page layout--ai">
      <PageHeader title={route.title} clientNo={clientNo} />
      <main class="layout__body layout__body--column">{children}</main>
    </div>
  );
}

/** The header over one article at a readable measure. */
function SingleLayout({ route, clientNo, children }: LayoutProps) {
  return (
    <div class="layout layout--page layout--single">
      <PageHeader title={route.title} clientNo={clientNo} />
      <main class="layout__body">
        <article class="layout__article">{children}</article>
      </main>
    </div>
  );
}

const TABS: ReadonlyArray<{ segment: RouteSegment; label: MessageKey; permission?: string }> = [
  { segment: '', label: 'app.nav.home' },
  // Spec §6: the discover tab is a client function (`discovery`).
  { segment: 'discover', label: 'app.nav.discover', permission: 'discovery' },
  { segment: 'profile', label: 'app.nav.profile' },
];

function HomeLayout({ route, clientNo, children }: LayoutProps) {
  const tabs = TABS.filter((tab) => !tab.permission || permissionKeys.value.has(tab.permission));
  return (
    <div class="layout layout--home">
      <GuestBanner />
      <main class="layout__body">{children}</main>
      {tabs.length > 1 ? (
        <nav class="tabbar" data-page={bottomNavPage.value}>
          {tabs.map((tab) => (
            <Link
              key={tab.segment}
              href={pagePath(tab.segment, clientNo)}
              class={`tabbar__item${route.segment === tab.segment ? ' tabbar__item--active' : ''}`}
              aria-current={route.segment === tab.segment ? 'page' : undefined}
              data-nav-page={tab.segment === '' ? 'home' : 'other'}
            >
              {t(tab.label)}
              {tab.segment === 'profile' ? <UnreadBadge /> : null}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

export const APP_LAYOUTS: LayoutTable = {
  home: HomeLayout,
  person: PageLayout,
  buy: PageLayout,
  code: PageLayout,
  device: PageLayout,
  message: PageLayout,
  phone: PhoneLayout,
  ai: AiLayout,
  single: SingleLayout,
};

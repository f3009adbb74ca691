/**
 * The layouts of spec §2. Several share a shape: the "page" family (person, buy, code, device,
 * message) is a header with back and title over a scrolling body; phone is full-bleed; home has
 * the bottom navigation; loginLayout carries the brand; the rest pass through.
 */
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { aboutApp, permissionKeys } from '../client-state.ts';
import { GuestBanner } from '../../account/parts/guest-banner.tsx';
import { bottomNavPage, pagePath } from '../navigate.ts';
import type { LayoutName, RouteDef, RouteSegment } from '../route-types.ts';
import { PageHeader } from './page-header.tsx';

interface LayoutProps {
  route: RouteDef;
  clientNo: string;
  children: ComponentChildren;
}

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
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

function LoginLayout({ children }: LayoutProps) {
  const about = aboutApp.value;
  return (
    <div class="layout layout--login">
      {/* The logo's box is kept without a logo: the page prerendered without client data must not move when it arrives. */}
      <div class="brand">
        {about?.logoUrl ? <img class="brand__logo" src={about.logoUrl} alt="" width="64" height="64" /> : <span class="brand__logo" aria-hidden="true" />}
        <p class="brand__name">{about?.clientName ?? ''}</p>
      </div>
      <main class="layout__body">{children}</main>
    </div>
  );
}

function PlainLayout({ children }: LayoutProps) {
  return <div class="layout layout--plain">{children}</div>;
}

const LAYOUTS: Record<LayoutName, (props: LayoutProps) => ComponentChildren> = {
  home: HomeLayout,
  person: PageLayout,
  buy: PageLayout,
  code: PageLayout,
  device: PageLayout,
  message: PageLayout,
  phone: PhoneLayout,
  loginLayout: LoginLayout,
  '404': PlainLayout,
  ai: PlainLayout,
  single: PlainLayout,
  none: PlainLayout,
};

export function Layout(props: LayoutProps) {
  const Chosen = LAYOUTS[props.route.layout];
  return <Chosen {...props} />;
}

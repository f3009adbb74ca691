/**
 * The layouts, one named per route (spec §2's list: home, person, loginLayout, ...). Only the first screen's are
 * here, in the entry: loginLayout carries the brand, and the plain ones pass through. The signed-in app's (header and
 * back, bottom navigation, guest banner) and the styles of its pages are in app-layouts.tsx, which every page but the
 * first screen's loads with its own chunk (routes.ts).
 */
import type { ComponentChildren } from 'preact';
import { aboutApp } from '../client-state.ts';
import type { LayoutName, RouteDef } from '../route-types.ts';

export interface LayoutProps {
  route: RouteDef;
  clientNo: string;
  children: ComponentChildren;
}

export type LayoutTable = Partial<Record<LayoutName, (props: LayoutProps) => ComponentChildren>>;

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

/** The layouts the entry draws itself: the login page's, and the plain ones that only pass their page through. */
const ENTRY_LAYOUTS: LayoutTable = { loginLayout: LoginLayout, '404': PlainLayout, none: PlainLayout };

/**
 * The layouts whose pages need nothing of the signed-in app's: the login page (and the agreement shown in its frame)
 * and the 404 page, the two index.html paints by itself. Every other page loads app-layouts.tsx, for its layout or,
 * with a plain one, for the styles of cards and menus it uses. scripts/boot-plan.mjs reads this list too.
 */
export const SELF_CONTAINED_LAYOUTS: readonly LayoutName[] = ['loginLayout', '404'];

let appLayouts: LayoutTable | undefined;

/** Loads the signed-in app's layouts and styles when this layout's pages need them; resolves at once otherwise. */
export async function loadLayoutsFor(layout: LayoutName): Promise<void> {
  if (appLayouts || SELF_CONTAINED_LAYOUTS.includes(layout)) return;
  appLayouts = (await import('./app-layouts.tsx')).APP_LAYOUTS;
}

export function Layout(props: LayoutProps) {
  // Routes load their layout before they render (routes.ts); plain is only a fallback that never shows in practice.
  const Chosen = ENTRY_LAYOUTS[props.route.layout] ?? appLayouts?.[props.route.layout] ?? PlainLayout;
  return <Chosen {...props} />;
}

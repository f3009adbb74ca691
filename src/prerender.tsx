/**
 * Build time only (scripts/prerender.mjs runs it under Node after the app's build): the public pages that are the
 * first screen of most visits, rendered to HTML, so index.html paints the frame, the brand
 * area and the form before any JS has arrived. One static build serves every tenant, so they are rendered neutral: no
 * client data, no brand yet (the page's inline script fills a cached one in, app/inline-prerender.ts).
 * preact-render-to-string's async renderer is what preact-iso's prerender() wraps; it is used directly because the app
 * takes the page over rather than hydrating it (main.tsx), so the hydration data preact-iso appends has no reader.
 */
import { renderToStringAsync } from 'preact-render-to-string';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { installDictionary, type Locale } from './core/i18n/index.ts';
import zhCN from './app/text-parts/first-screen-zh-CN.ts';
import enUS from './app/text-parts/first-screen-en-US.ts';
import { routeBySegment } from './app/routes.ts';
import { PageFrame } from './app/route-view.tsx';
import { slideDirection } from './app/router-rules.ts';
import { BASE } from './app/navigate.ts';

/** The pages index.html carries, by route segment. */
export const PRERENDERED_SEGMENTS = ['login', '404'] as const;
export type PrerenderedSegment = (typeof PRERENDERED_SEGMENTS)[number];

const DICTIONARIES = { 'zh-CN': zhCN, 'en-US': enUS };

/** The markup the app's first render of this page shows inside #app, in one language. */
export async function prerenderPage(segment: PrerenderedSegment, locale: Locale): Promise<string> {
  installDictionary(locale, DICTIONARIES[locale]);
  const route = routeBySegment(segment);
  if (!route?.public) throw new Error(`prerender: ${segment} is not a public page`);
  const { default: Page } = await route.load();
  // A fixed location: there is no browser here, and the page is rendered without its client number.
  const { hook, searchHook } = memoryLocation({ path: `${BASE}/${segment}/`, static: true });
  return renderToStringAsync(
    <Router base={BASE} hook={hook} searchHook={searchHook}>
      <div class="app">
        <PageFrame route={route} clientNo="" direction={slideDirection(undefined, route.level)}>
          <Page clientNo="" query={new URLSearchParams()} routeName={route.name} title={route.title} />
        </PageFrame>
      </div>
    </Router>,
  );
}

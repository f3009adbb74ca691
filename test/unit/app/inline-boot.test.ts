import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { parseRouteTable, parseSelfContainedLayouts } from '../../../scripts/boot-plan.mjs';
import { SELF_CONTAINED_LAYOUTS } from '../../../src/app/layouts/index.tsx';
import { ROUTES } from './route-rows.ts';
import { clientNoFromUrl, parsePath } from '../../../src/app/router-rules.ts';
import { boot, bootCalls, decideBoot, type BootPlan } from '../../../src/app/inline-boot.ts';
import { FIRST_PHONE_PAGE } from '../../../src/devices/first-page.ts';
import { fetchWithBootReplies } from '../../../src/app/boot-replies.ts';
import { configureHttp } from '../../../src/core/http.ts';
import { MISSING_TENANT_MESSAGE } from '../../../shared/error-codes.ts';
import { aboutApp, clientFunctions, loadClient, resetClient, secureData } from '../../../src/app/client-state.ts';

const root = new URL('../../../', import.meta.url).pathname;

test('the build reads the same route table the app uses: every page, its segment, layout, whether it is public or shows before the catalogue', () => {
  // Sorted by segment, as ROUTES is (route-rows.ts): the table is in two files.
  const parsed = parseRouteTable().sort((a, b) => (a.segment < b.segment ? -1 : 1));
  assert.equal(
    parsed.map(({ name, segment, layout, public: open, catalogueLater }) => ({ name, segment, layout, open, catalogueLater })),
    ROUTES.map((route) => ({ name: route.name, segment: route.segment, layout: route.layout, open: Boolean(route.public), catalogueLater: Boolean(route.catalogueLater) })),
  );
  for (const route of parsed) assert.ok(existsSync(root + route.module), route.module);
});

test('the build reads the route table with a parser: rows formatted like any other code read the same', () => {
  const sources: Record<string, string> = {
    'src/app/routes.ts': [
      "import type { RouteEntry } from './route-types.ts';",
      'const homePage = () => import("../devices/pages/home.tsx");',
      'const FIRST_PAGES = [',
      '  {',
      '    name: "home",',
      "    segment: '',",
      '    level: 0,',
      '    layout: `home`,',
      '    // a comment between the fields',
      '    catalogueLater: true,',
      '    load: homePage,',
      '  },',
      "  { name: 'login', segment: 'login', level: 0, layout: 'loginLayout', public: true,",
      "    load: () =>",
      "      import('../account/pages/login.tsx') },",
      '] as const satisfies readonly RouteEntry[];',
    ].join('\n'),
    'src/app/more-routes.ts': [
      'export const MORE_PAGES = [',
      "  { name: 'download', segment: 'download', level: 1, layout: 'none', public: false, load: () => import('../misc/pages/download.tsx') },",
      '] as const;',
    ].join('\n'),
  };
  assert.equal(parseRouteTable((file: string) => sources[file]!), [
    { name: 'home', segment: '', layout: 'home', public: false, catalogueLater: true, module: 'src/devices/pages/home.tsx', file: 'src/app/routes.ts' },
    { name: 'login', segment: 'login', layout: 'loginLayout', public: true, catalogueLater: false, module: 'src/account/pages/login.tsx', file: 'src/app/routes.ts' },
    { name: 'download', segment: 'download', layout: 'none', public: false, catalogueLater: false, module: 'src/misc/pages/download.tsx', file: 'src/app/more-routes.ts' },
  ]);
});

test('a row the build cannot read for sure fails the reading instead of being left out', () => {
  const table = (rows: string) => (file: string) => (file === 'src/app/routes.ts' ? `const FIRST_PAGES = [${rows}] as const;` : 'export const MORE_PAGES = [];');
  const row = "{ name: 'home', segment: '', level: 0, layout: 'home', load: () => import('../devices/pages/home.tsx') }";
  assert.is(parseRouteTable(table(row)).length, 1);
  const unreadable = [
    '...OTHER_PAGES',
    row.replace("segment: ''", 'segment: HOME'),
    row.replace("layout: 'home'", "['layout']: 'home'"),
    row.replace(' load:', ' public: isOpen, load:'),
    row.replace("() => import('../devices/pages/home.tsx')", "() => import(homeModule)"),
    row.replace("() => import('../devices/pages/home.tsx')", 'lazyHome'),
    row.replace(", load: () => import('../devices/pages/home.tsx')", ''),
  ];
  for (const rows of unreadable) assert.throws(() => parseRouteTable(table(rows)), /boot plan: src\/app\/routes\.ts, FIRST_PAGES/, rows);
  assert.throws(() => parseRouteTable(() => 'export const ROWS = [];'), /FIRST_PAGES: not an array literal/);
});

test('the build knows which layouts load nothing of the signed-in app, as the app does', () => {
  assert.equal(parseSelfContainedLayouts(), [...SELF_CONTAINED_LAYOUTS]);
  assert.ok(SELF_CONTAINED_LAYOUTS.includes('loginLayout'));
});

/** A plan as the build makes it, with one file per page so the decision's files name the page. */
const PLAN: BootPlan = {
  base: '/app/',
  version: 'test',
  files: [...ROUTES.map((route) => `${route.name}.js`), 'zh.js', 'en.js', 'app-zh.js', 'app-en.js', 'errors-zh.js', 'errors-en.js', 'shop-zh.js', 'shop-en.js', 'exports.js'],
  routes: Object.fromEntries(ROUTES.map((route, index) => [route.segment, [index]])),
  publicSegments: ROUTES.filter((route) => route.public).map((route) => route.segment),
  texts: { 'zh-CN': [ROUTES.length], 'en-US': [ROUTES.length + 1] },
  appTexts: { 'zh-CN': [ROUTES.length + 2], 'en-US': [ROUTES.length + 3] },
  errorTexts: { 'zh-CN': [ROUTES.length + 4], 'en-US': [ROUTES.length + 5] },
  catalogueLater: ROUTES.filter((route) => route.catalogueLater).map((route) => route.segment),
  routeTexts: [{ segments: ['order-list', 'my-coupon'], files: { 'zh-CN': [ROUTES.length + 6], 'en-US': [ROUTES.length + 7] } }],
  exports: ROUTES.length + 8,
  run: [],
};

test('the inline boot reads an address as the route rules do (page and client number)', () => {
  localStorage.setItem('token', JSON.stringify('t'));
  const addresses: Array<[string, string]> = [
    ['/app/login/demo', ''],
    ['/app/demo', ''],
    ['/app/GREEN', ''],
    ['/app/add-phone/green', ''],
    ['/app/404/demo', ''],
    ['/app/404', ''],
    ['/app/login', ''],
    ['/app/phone-view/demo', '?id=3'],
    ['/app/login/demo', '?clientNo=Other'],
    ['/app/', ''],
  ];
  for (const [pathname, search] of addresses) {
    const decision = decideBoot(PLAN, pathname, search);
    const appPath = pathname.slice('/app'.length);
    assert.is(decision.segment, parsePath(appPath).segment, pathname);
    assert.is(decision.clientNo, clientNoFromUrl({ pathname: appPath, search, host: 'localhost' }), pathname + search);
  }
  localStorage.clear();
});

test('the inline boot asks for the page, the stored language\'s texts and, for a signed-in page, the app\'s texts', () => {
  localStorage.clear();
  assert.equal(decideBoot(PLAN, '/app/login/demo', '').files, ['/app/login.js', '/app/zh.js']);
  // Without a token a private page is the login page.
  assert.equal(decideBoot(PLAN, '/app/demo', '').files, ['/app/login.js', '/app/zh.js']);
  localStorage.setItem('token', JSON.stringify('t'));
  localStorage.setItem('language', JSON.stringify('en-US'));
  // Home shows before the error catalogue (routes.ts, catalogueLater); other signed-in pages wait for it.
  assert.equal(decideBoot(PLAN, '/app/demo', '').files, ['/app/home.js', '/app/en.js', '/app/app-en.js']);
  // A page that loads a text part of its own (the shop's) has it in the same round, in the stored language.
  assert.equal(decideBoot(PLAN, '/app/order-list/demo', '').files, ['/app/orderList.js', '/app/en.js', '/app/shop-en.js', '/app/app-en.js', '/app/errors-en.js']);
  assert.equal(decideBoot(PLAN, '/app/404', '').calls, []);
  localStorage.clear();
});

test('a returning visitor opening home also asks for the first page of phones; anyone else does not', () => {
  localStorage.clear();
  localStorage.setItem('token', JSON.stringify('t'));
  assert.not.ok(decideBoot(PLAN, '/app/demo', '').calls.includes(FIRST_PHONE_PAGE), 'tenant not known yet');
  localStorage.setItem('clientNo', JSON.stringify('demo'));
  localStorage.setItem('tenantId', JSON.stringify(1));
  localStorage.setItem('clientId', JSON.stringify(1));
  assert.equal(decideBoot(PLAN, '/app/demo', '').calls, [...bootCalls('demo'), FIRST_PHONE_PAGE]);
  assert.not.ok(decideBoot(PLAN, '/app/green', '').calls.includes(FIRST_PHONE_PAGE), 'another client');
  assert.not.ok(decideBoot(PLAN, '/app/profile/demo', '').calls.includes(FIRST_PHONE_PAGE), 'another page');
  localStorage.removeItem('token');
  assert.not.ok(decideBoot(PLAN, '/app/demo', '').calls.includes(FIRST_PHONE_PAGE), 'signed out');
  localStorage.clear();
});

test('for a client whose data this device holds, the inline boot leaves the client calls to the app\'s refresh', () => {
  localStorage.clear();
  localStorage.setItem('token', JSON.stringify('t'));
  for (const [key, value] of Object.entries({ clientNo: 'demo', tenantId: 1, clientId: 1, aboutAppData: { clientName: 'Demo', logoUrl: '' } })) {
    localStorage.setItem(key, JSON.stringify(value));
  }
  assert.equal(decideBoot(PLAN, '/app/demo', '').calls, [FIRST_PHONE_PAGE], 'home: only the phones');
  assert.equal(decideBoot(PLAN, '/app/login/demo', '').calls, [], 'login: nothing');
  assert.equal(decideBoot(PLAN, '/app/green', '').calls, bootCalls('green'), 'another client is asked for');
  localStorage.removeItem('aboutAppData');
  assert.equal(decideBoot(PLAN, '/app/demo', '').calls, [...bootCalls('demo'), FIRST_PHONE_PAGE], 'part of it missing: asked for');
  localStorage.clear();
});

test('the inline boot sends exactly the calls the app makes for a client, so the app can take their replies', async () => {
  const asked: string[] = [];
  const previous = configureHttp({
    baseURL: location.origin,
    tokens: () => null,
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.pathname + url.search);
      const data = url.pathname.endsWith('secure-data') ? { tenantId: 1, clientId: 1, platform: 'h5' } : url.pathname.endsWith('list') ? [] : { clientName: 'Demo', logoUrl: '' };
      return new Response(JSON.stringify({ code: 0, msg: '', data }), { status: 200 });
    }) as typeof fetch,
  });
  try {
    localStorage.clear();
    resetClient('mixed7');
    assert.is(await loadClient('mixed7'), 'ok');
    assert.equal([...asked].sort(), [...bootCalls('mixed7')].sort());
  } finally {
    configureHttp(previous);
    resetClient('');
    localStorage.clear();
  }
});

test('a backend that needs the tenant headers for the details is asked again once the tenant is known, without a logout', async () => {
  const asked: Array<{ path: string; tenant: string | null }> = [];
  let loggedOut = false;
  const previous = configureHttp({
    baseURL: location.origin,
    tokens: () => null,
    headers: (): Record<string, string> => (secureData.value ? { 'tenant-id': String(secureData.value.tenantId) } : {}),
    logout: () => (loggedOut = true),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const tenant = new Headers(init?.headers).get('tenant-id');
      asked.push({ path: url.pathname, tenant });
      const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.pathname.endsWith('secure-data')) return reply({ code: 0, msg: '', data: { tenantId: 7, clientId: 9, platform: 'h5' } });
      if (!tenant) return reply({ code: 400, msg: MISSING_TENANT_MESSAGE, data: null });
      return reply({ code: 0, msg: '', data: url.pathname.endsWith('list') ? [{ key: 'productBuy', name: 'Buy', props: {}, enable: true }] : { clientName: 'Strict', logoUrl: '' } });
    }) as typeof fetch,
  });
  try {
    localStorage.clear();
    resetClient('strict');
    assert.is(await loadClient('strict'), 'ok');
    assert.is(loggedOut, false);
    assert.is(aboutApp.value?.clientName, 'Strict');
    assert.is(clientFunctions.value.length, 1);
    assert.equal(asked.filter((call) => !call.path.endsWith('secure-data')).map((call) => call.tenant), [null, null, '7', '7']);
  } finally {
    configureHttp(previous);
    resetClient('');
    localStorage.clear();
  }
});

/** The network as the app's fetch sees it: every request answered 'network', its address recorded. */
function stubNetwork(): { sent: string[]; restore: () => void } {
  const sent: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return new Response('network');
  }) as typeof fetch;
  return { sent, restore: () => (globalThis.fetch = realFetch) };
}

test('an early reply answers its request once, and a GET\'s only by a GET', async () => {
  const { sent, restore } = stubNetwork();
  try {
    window.__bootReplies = { '/api/x?a=1': Promise.resolve(new Response('early')) };
    assert.is(await (await fetchWithBootReplies(`${location.origin}/api/x?a=1`, { method: 'POST' })).text(), 'network');
    assert.is(await (await fetchWithBootReplies(`${location.origin}/api/x?a=1`)).text(), 'early');
    assert.is(await (await fetchWithBootReplies(`${location.origin}/api/x?a=1`)).text(), 'network');
    assert.is(sent.length, 2);
    // A timeout set by the caller still ends a reply that started early and never came.
    window.__bootReplies = { '/api/slow': new Promise<Response>(() => {}) };
    const controller = new AbortController();
    const pending = fetchWithBootReplies(`${location.origin}/api/slow`, { signal: controller.signal });
    controller.abort();
    await pending.then(
      () => assert.unreachable('should have been aborted'),
      (error: Error) => assert.is(error.name, 'AbortError'),
    );
  } finally {
    restore();
    delete window.__bootReplies;
  }
});

test('a POST answered early is taken by the same method, address and body only, once', async () => {
  const { sent, restore } = stubNetwork();
  const body = JSON.stringify({ token: 't', displayName: 'Ann', viewerKey: 'k' });
  try {
    window.__bootReplies = { [`POST /api/device/share/join ${body}`]: Promise.resolve(new Response('early')) };
    const join = (init: RequestInit) => fetchWithBootReplies(`${location.origin}/api/device/share/join`, init).then((reply) => reply.text());
    assert.is(await join({ method: 'POST', body: JSON.stringify({ token: 't', displayName: 'Bob', viewerKey: 'k' }) }), 'network', 'another body');
    assert.is(await join({ method: 'PUT', body }), 'network', 'another method');
    assert.is(await join({ method: 'post', body }), 'early');
    assert.is(await join({ method: 'POST', body }), 'network', 'taken once');
    assert.is(sent.length, 3);
  } finally {
    restore();
    delete window.__bootReplies;
  }
});

test('a page\'s early start in the plan is run as a module script, first, with the headers of the boot calls kept for it', () => {
  const segment = 'share-screen-control';
  const files = ['assets/early.js', 'assets/page.js'];
  const plan: BootPlan = { ...PLAN, files: [...PLAN.files, ...files], routes: { ...PLAN.routes, [segment]: [0, 1].map((at) => PLAN.files.length + at) }, run: [PLAN.files.length] };
  const { restore } = stubNetwork();
  history.replaceState(null, '', '/app/share-screen-control/demo?token=abc');
  // The test's document does not load the script it adds (and would report that as an error).
  const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings;
  settings.handleDisabledFileLoadingAsSuccess = true;
  try {
    localStorage.clear();
    boot(plan);
    const scripts = [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
    assert.equal(scripts, ['/app/assets/early.js']);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    assert.ok(preloads.includes('/app/assets/page.js'));
    assert.not.ok(preloads.includes('/app/assets/early.js'), 'run, not only fetched');
    assert.is(window.__bootHeaders?.['fingerprint-id'], window.__fingerprint);
    assert.is(window.__bootHeaders?.version, 'test');
  } finally {
    restore();
    for (const element of document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"], link[rel="stylesheet"]')) element.remove();
    delete window.__bootReplies;
    delete window.__bootHeaders;
    history.replaceState(null, '', '/app/demo');
    settings.handleDisabledFileLoadingAsSuccess = false;
    localStorage.clear();
  }
});

test.run();

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp } from '../../../src/core/http.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { dialogs } from '../../../src/core/ui/dialogs.ts';
import { notices } from '../../../src/core/ui/notify.ts';
import { read, write } from '../../../src/core/storage.ts';
import { prefetchRoute, resolveRoute, type CurrentRoute } from '../../../src/app/resolve-route.ts';
import { clientNo, resetClient, secureData } from '../../../src/app/client-state.ts';
import { saveTokens, tokens } from '../../../src/account/state.ts';
import { routeBySegment } from '../../../src/app/routes.ts';
import { loadClient } from '../../../src/app/client-state.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import { clearSession, logout, setLoginNavigator } from '../../../src/account/state.ts';

const CLIENTS: Record<string, { tenantId: number; clientId: number; platform: string }> = {
  DEMO: { tenantId: 1, clientId: 1, platform: 'h5' },
  GREEN: { tenantId: 100, clientId: 2, platform: 'h5' },
  DESK: { tenantId: 2, clientId: 3, platform: 'pc' },
};

let secureReply: ((no: string) => { code: number; msg: string; data: unknown }) | null = null;
/** Holds the secure-data reply of one client number until released. */
let holdSecure: { no: string; until: Promise<void> } | null = null;

/** A small backend for the boot calls, behind the http fetch seam. */
configureHttp({
  baseURL: 'http://api.test',
  tokens: () => tokens.value,
  headers: () => ({}),
  fetch: (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname.endsWith('get-client-secure-data')) {
      const no = url.searchParams.get('clientNo') ?? '';
      if (holdSecure?.no === no) await holdSecure.until;
      if (secureReply) return reply(secureReply(no));
      const data = CLIENTS[no];
      return reply(data ? { code: 0, msg: '', data } : { code: ErrorCode.CLIENT_NOT_FOUND, msg: 'Client does not exist', data: null });
    }
    if (url.pathname.endsWith('get-about-app')) return reply({ code: 0, msg: '', data: { clientName: 'Demo', logoUrl: '/l.svg' } });
    if (url.pathname.endsWith('client-function/list')) return reply({ code: 0, msg: '', data: [{ key: 'productBuy', name: 'Buy', props: {}, enable: true }] });
    if (url.pathname.endsWith('user/get')) return reply({ code: 0, msg: '', data: { nickname: 'U', userNo: '1', avatar: '', mobile: '13800138000', registerTime: 1 } });
    return new Response('{}', { status: 404 });
  }) as typeof fetch,
});

const url = (pathname: string, search = '') => ({ pathname, search, host: 'localhost' });

// Notices wait for a dictionary; with one in place they are made as soon as a call fails.
installDictionary('en-US', enUS);

function fresh() {
  localStorage.clear();
  resetClient('');
  tokens.value = null;
  dialogs.value = [];
  notices.value = [];
  secureReply = null;
}

test('a new visitor to home is sent to login with the client number, after the client is loaded', async () => {
  fresh();
  const result = await resolveRoute(url('/demo'), null);
  assert.equal(result, { kind: 'redirect', to: '/login/demo' });
  assert.is(clientNo.value, 'demo');
  assert.is(read('clientNo'), 'demo');
  assert.is(read('tenantId'), 1);
  assert.is(read('aboutAppData')?.clientName, 'Demo');
});

test('the login page renders for a visitor; with a token it sends home', async () => {
  fresh();
  const login = await resolveRoute(url('/login/demo'), null);
  assert.is(login.kind, 'render');
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  assert.equal(await resolveRoute(url('/login/demo'), null), { kind: 'redirect', to: '/demo' });
});

test("an invite link's code is kept as the login route resolves, also when a session (a guest trial) sends it home", async () => {
  fresh();
  sessionStorage.clear();
  assert.is((await resolveRoute(url('/login/demo', '?invite=12345678'), null)).kind, 'render');
  assert.is(sessionStorage.getItem('inviteCode'), '12345678');
  sessionStorage.clear();
  saveTokens({ accessToken: 'guest', refreshToken: 'r' });
  assert.equal(await resolveRoute(url('/login/demo', '?invite=87654321'), null), { kind: 'redirect', to: '/demo' });
  assert.is(sessionStorage.getItem('inviteCode'), '87654321');
  // Only the login route's address carries the code.
  sessionStorage.clear();
  await resolveRoute(url('/demo', '?invite=11111111'), null);
  assert.is(sessionStorage.getItem('inviteCode'), null);
});

test('a different client number clears the stored session of the old one', async () => {
  fresh();
  await resolveRoute(url('/login/demo'), null);
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  write('userInfo', { userId: 1, nickname: 'x', userNo: '1', avatar: '', mobile: '1', registerTime: 1, hasPassword: false, guest: false, guideSeen: true });
  const result = await resolveRoute(url('/login/green'), null);
  assert.is(result.kind, 'render', 'no token any more, so login is shown instead of home');
  assert.is(read('token'), undefined);
  assert.is(read('userInfo'), undefined);
  assert.is(read('clientNo'), 'green');
  assert.is(secureData.value?.tenantId, 100);
});

test('boot ends another client\'s session at once for any page, its row loaded yet or not', async () => {
  // A page of more-routes.ts may still be waiting for its row; the client number does not depend on it.
  for (const path of ['/manage-group/green', '/login/green']) {
    fresh();
    await resolveRoute(url('/login/demo'), null);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    prefetchRoute(url(path));
    assert.is(tokens.value, null, path);
    assert.is(read('token'), undefined, path);
    assert.is(clientNo.value, 'green', path);
  }
});

test('no client number anywhere: session cleared, /404', async () => {
  fresh();
  write('clientNo', 'demo');
  write('token', 'stale');
  assert.equal(await resolveRoute(url('/'), null), { kind: 'redirect', to: '/404' });
  assert.is(read('token'), undefined);
  assert.is(read('clientNo'), undefined);
});

test('a non-h5 client without a code parameter: H5 notice and its 404', async () => {
  fresh();
  assert.equal(await resolveRoute(url('/login/desk'), null), { kind: 'redirect', to: '/404/desk' });
  assert.is(dialogs.value.length, 1);
  assert.is(dialogs.value[0].message, 'Please use an H5 client number');
  dialogs.value = [];
  assert.is((await resolveRoute(url('/login/desk', '?code=1'), null)).kind, 'render');
  assert.is(dialogs.value.length, 0);
});

test('an unknown client ends on its 404', async () => {
  fresh();
  assert.equal(await resolveRoute(url('/login/nobody'), null), { kind: 'redirect', to: '/404/nobody' });
});

test('a failing client call is a red notice with the server message', async () => {
  fresh();
  installDictionary('en-US', enUS);
  secureReply = () => ({ code: 500, msg: 'database unavailable', data: null });
  await resolveRoute(url('/login/demo'), null);
  await Promise.resolve();
  assert.equal(notices.value.map((notice) => [notice.kind, notice.text]), [['error', 'Error code: 500 database unavailable']]);
});

test('an unknown client is a red notice too, then its 404', async () => {
  fresh();
  installDictionary('en-US', enUS);
  assert.equal(await resolveRoute(url('/login/nobody'), null), { kind: 'redirect', to: '/404/nobody' });
  await Promise.resolve();
  assert.equal(notices.value.map((notice) => notice.text), ['Error code: 1002000001 Client does not exist']);
});

test('a reply for the previous client number is not stored under the new one', async () => {
  fresh();
  let release!: () => void;
  holdSecure = { no: 'DEMO', until: new Promise<void>((resolve) => (release = resolve)) };
  const demo = resolveRoute(url('/login/demo'), null);
  const green = await resolveRoute(url('/login/green'), null);
  release();
  await demo;
  holdSecure = null;
  assert.is(green.kind, 'render');
  assert.is(clientNo.value, 'green');
  assert.is(secureData.value?.tenantId, 100);
  assert.is(read('tenantId'), 100);
  assert.is(await loadClient('green'), 'ok');
});

test("a share link's page shows while its client is looked up; a client that does not exist still ends on its 404", async () => {
  fresh();
  let release!: () => void;
  holdSecure = { no: 'DEMO', until: new Promise<void>((resolve) => (release = resolve)) };
  try {
    const shown = await resolveRoute(url('/share-screen-control/demo', '?token=abc'), null);
    assert.is(shown.kind, 'render', 'not held by the lookup');
    assert.is(secureData.value, null, 'still being looked up');
  } finally {
    release();
    holdSecure = null;
  }
  history.replaceState(null, '', '/app/share-screen-control/nobody?token=abc');
  assert.is((await resolveRoute(url('/share-screen-control/nobody', '?token=abc'), null)).kind, 'render');
  for (let wait = 0; wait < 50 && location.pathname !== '/app/404/nobody'; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(location.pathname, '/app/404/nobody');
  history.replaceState(null, '', '/app/demo');
});

test('a non-h5 client let in by a code parameter stays in for in-app moves', async () => {
  fresh();
  const entry = await resolveRoute(url('/login/desk', '?code=abc'), null);
  assert.is(entry.kind, 'render');
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  const previous: CurrentRoute = { route: routeBySegment('login')!, clientNo: 'desk', path: '/login/desk?code=abc' };
  assert.is((await resolveRoute(url('/desk'), previous)).kind, 'render');
  assert.is(dialogs.value.length, 0);
});

test('logout drops the session and the cached client data and goes to /login', async () => {
  fresh();
  await resolveRoute(url('/login/demo'), null);
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  let went = '';
  setLoginNavigator((to) => (went = to));
  await logout({ callServer: false });
  assert.is(went, 'login');
  for (const key of ['token', 'refreshToken', 'userInfo', 'tenantId', 'aboutAppData', 'allPermissionList'] as const) {
    assert.is(read(key), undefined, key);
  }
  assert.is(read('clientNo'), 'demo', 'the client number stays');
  clearSession();
});

test('a manifest.json path is aborted; the previous page stays', async () => {
  fresh();
  const previous: CurrentRoute = { route: routeBySegment('login')!, clientNo: 'demo', path: '/login/demo' };
  assert.equal(await resolveRoute(url('/demo/manifest.json'), previous), { kind: 'abort' });
});

test.run();

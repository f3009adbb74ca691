import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LIVE_APP, appUrl, loginWithPassword, openLogin, skipExpiryReminder, useEnglish } from './helpers.ts';

// index.html paints the login page by itself (prerendered by the build), and the app takes it over without changing
// what is on screen. The app's entry is inline in the page (scripts/inline-entry.mjs) and needs no file to start the
// login page, so to look at the prerendered page before the app runs, the tests hold the inline module itself.

type HeldPage = Window & { __releaseApp?: () => void };

/**
 * Serves the app's documents with the inline entry waiting on a promise first, until the returned function is called
 * (and passed through `edit`, if given). Without their Content-Security-Policy: its hash of the module no longer holds.
 */
async function holdApp(page: Page, edit: (html: string) => string = (html) => html): Promise<() => Promise<void>> {
  await page.route(/\/app\/[^.]*$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const reply = await route.fetch();
    const served = edit(await reply.text());
    // Exactly one inline module, the entry: were it not found, the page would run unheld and the tests still pass.
    if (served.split('<script type="module">').length !== 2) throw new Error('holdApp: the document has not one inline module');
    const html = served.replace('<script type="module">', '<script type="module">await new Promise((resolve) => (window.__releaseApp = resolve));');
    const headers = Object.fromEntries(Object.entries(reply.headers()).filter(([name]) => !/^(content-security-policy|content-length|content-encoding)$/i.test(name)));
    await route.fulfill({ status: reply.status(), headers, body: html });
  });
  return async () => {
    await page.waitForFunction(() => typeof (window as HeldPage).__releaseApp === 'function');
    await page.evaluate(() => (window as HeldPage).__releaseApp!());
  };
}

/** What a person reads and where: the texts of the form's controls and the boxes of the main ones. */
async function screenOf(page: Page) {
  const root = page.locator('#app');
  return {
    texts: await root.locator('label, button, a, .brand__name').allInnerTexts(),
    placeholders: await root.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).placeholder)),
    boxes: await Promise.all(['#mobile', 'button[type="submit"]', '.brand'].map((selector) => root.locator(selector).boundingBox())),
  };
}

test('with JavaScript off the address still shows the login form, in the default language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(appUrl('/login/green'));
  await expect(page.getByLabel('手机号')).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
  await context.close();
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  for (const client of ['demo', 'green'] as const) {
    test(`the prerendered login (${lang}, ${client}) is what the app then shows, in place, in the tenant's theme`, async ({ page }) => {
      // A returning visitor: the language chosen and the client data cached on an earlier visit.
      await openLogin(page, client);
      if (lang === 'en-US') {
        // Switched in the app, which fetches the client's name in that language and caches it.
        const cached = () => page.evaluate(() => localStorage.getItem('aboutAppData'));
        const before = await cached();
        await page.getByTestId('language-switch').click();
        await expect.poll(cached).not.toBe(before);
      }
      const release = await holdApp(page);
      await page.reload({ waitUntil: 'commit' });
      await expect(page.locator('#app')).toHaveAttribute('inert', '');
      // Before any of the app's JS: the right language, the tenant's theme and its name.
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', client === 'green' ? 'green' : 'default');
      await expect(page.locator('.brand__name')).not.toBeEmpty();
      const before = await screenOf(page);
      expect(before.texts.join(' ')).toContain(lang === 'zh-CN' ? '验证码登录' : 'SMS code');

      await release();
      await expect(page.locator(LIVE_APP).getByTestId('login-submit')).toBeEnabled();
      expect(await screenOf(page)).toEqual(before);
    });
  }
}

test('the app takes over a prerendered page without losing what was typed into it', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto(appUrl('/login/demo'), { waitUntil: 'commit' });
  await expect(page.locator('#app')).toHaveAttribute('inert', '');
  // Not by a person (the picture is inert), but an autofill or a script may fill it.
  await page.locator('#mobile').evaluate((input) => ((input as HTMLInputElement).value = '13800138000'));
  await release();
  await expect(page.locator(LIVE_APP).getByTestId('login-submit')).toBeEnabled();
  await expect(page.locator('#mobile')).toHaveValue('13800138000');
  // The app's own state has it: the code button checks the number, and it is valid.
  await page.getByTestId('send-code').click();
  await expect(page.locator('#mobile-error')).toHaveCount(0);
});

test('before the picker has swapped it, the Chinese login in the HTML is not shown to a visitor who gets another page or language', async ({ page }) => {
  // On a slow link the parser may paint between #app's markup and the script after it that picks the page; here that
  // script never comes, so what the page shows meanwhile stays on screen to be looked at.
  await holdApp(page, (html) => html.replace(/<\/template>\s*<script>[\s\S]*?<\/script>/, '</template>'));
  const chineseLogin = page.getByText('验证码登录');
  await page.goto(appUrl('/login/demo'), { waitUntil: 'commit' });
  await expect(chineseLogin).toBeVisible();
  // Another page in the same language: the 404 page, and home for a visitor with a token.
  await page.goto(appUrl('/404'), { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-boot-page', '404');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#app form')).toHaveCount(1);
  await expect(chineseLogin).toBeHidden();
  await page.evaluate(() => localStorage.setItem('token', JSON.stringify('a-stored-token')));
  await page.goto(appUrl('/demo'), { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-boot-page', '');
  await expect(chineseLogin).toBeHidden();
  // The login page in the other language.
  await page.evaluate(() => localStorage.removeItem('token'));
  await useEnglish(page);
  await page.goto(appUrl('/login/demo'), { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('html')).toHaveAttribute('data-boot-page', 'login');
  await expect(chineseLogin).toBeHidden();
});

test('the 404 page is prerendered too; a page that is not shows the boot spinner, never the login page', async ({ page }) => {
  await holdApp(page);
  await page.goto(appUrl('/404'), { waitUntil: 'commit' });
  await expect(page.locator('#app')).toContainText('404');
  await expect(page.locator('#app form')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('token', JSON.stringify('a-stored-token')));
  await page.goto(appUrl('/demo'), { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-boot-page', '');
  await expect(page.locator('#app')).toBeEmpty();
  await expect(page.locator('#app form')).toHaveCount(0);
});

test('index.html carries no inline style attribute (the page policy allows none) and its inline blocks are allowed', async ({ request }) => {
  const reply = await request.get(appUrl('/login/demo'));
  const html = await reply.text();
  expect(html).not.toMatch(/\sstyle="/);
  const policy = reply.headers()['content-security-policy'] ?? '';
  expect(policy).not.toContain('unsafe-inline');
  expect(policy.match(/sha256-/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
});

test('the login page asks for no script file; a page opened by address asks for the file of the entry\'s exports with its own', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The entry is in the page itself, whole: nothing to preload, nothing for a Link header to name.
  const reply = await page.request.get(appUrl('/login/demo'));
  const html = await reply.text();
  expect(/<script type="module"[^>]*\bsrc=/.test(html), 'no module script by address').toBe(false);
  const modules = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(modules, 'one inline module').toHaveLength(1);
  expect(modules[0]).toContain('window.__appExports=');
  // compat's Suspense, SuspenseList and PureComponent, which the app does not use, are not in it
  // (scripts/compat-classes-plugin.mjs).
  expect(modules[0]).not.toContain('revealOrder');
  expect(modules[0]).not.toContain('isPureReactComponent');
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(reply.headers()['link']).toBeUndefined();
  // With the app held back, what the page asks for is what the HTML and its boot ask for: no script. (Once its first
  // page shows, the app asks for the stub, which the login screen's idle loads import.)
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (/\/app\/assets\/[^/]*\.js$/.test(request.url())) scripts.push(new URL(request.url()).pathname);
  });
  const release = await holdApp(page);
  await page.goto(appUrl('/login/demo'), { waitUntil: 'load' });
  expect(scripts).toEqual([]);
  await release();
  await expect(page.locator(`${LIVE_APP} [data-testid="login-submit"]`)).toBeEnabled();

  // Home (a stored token) is a lazy page: the boot asks for the stub of the entry's exports beside the page's chunks.
  const plan = JSON.parse(readFileSync(new URL('../../dist/boot-plan.json', import.meta.url), 'utf8')) as { files: string[]; routes: Record<string, number[]> };
  const stubFile = plan.routes['']!.map((index) => plan.files[index]!).find((file) => /^assets\/index-[^/]*\.js$/.test(file));
  expect(stubFile, 'the plan lists the entry\'s file with home').toBeTruthy();
  expect(plan.routes['login'], 'and nothing with login').toEqual([]);
  await page.evaluate(() => localStorage.setItem('token', JSON.stringify('a-stored-token')));
  await page.goto('about:blank');
  scripts.length = 0;
  // Held again: what is asked for is what the boot asks for.
  await page.goto(appUrl('/demo'), { waitUntil: 'load' });
  expect(scripts).toContain(`/app/${stubFile}`);
  const stub = await (await page.request.get(appUrl(`/${stubFile}`))).text();
  expect(stub.length, 'the file keeps only the exports').toBeLessThan(4000);
  expect(stub).toMatch(/^const\{[\w$:,]+\}=window\.__appExports;export\{[\w$ ,]+\};\s*$/);

  // The rows of every page but the first screens are a file of their own (src/app/more-routes.ts): home goes without
  // it, and a page of it asks for it in the same round as its own files.
  const moreRoutes = plan.files.find((file) => /^assets\/more-routes-[^/]*\.js$/.test(file));
  expect(moreRoutes, 'the rest of the route table is a file').toBeTruthy();
  expect(scripts).not.toContain(`/app/${moreRoutes}`);
  await page.goto('about:blank');
  scripts.length = 0;
  await page.goto(appUrl('/manage-group/demo'), { waitUntil: 'load' });
  expect(scripts).toContain(`/app/${moreRoutes}`);
  expect(scripts).toContain(`/app/${stubFile}`);
});

test('a page opened in the app asks for all its scripts at once, its own texts included, from the boot plan in the HTML', async ({ page }) => {
  // The entry carries no lists of each page's scripts (vite.config.ts): the app reads them from the plan index.html
  // holds. Held back, the page's own chunk cannot be what makes the browser ask for the rest.
  const plan = JSON.parse(readFileSync(new URL('../../dist/boot-plan.json', import.meta.url), 'utf8')) as {
    files: string[];
    routes: Record<string, number[]>;
    routeTexts: Array<{ segments: string[]; files: Record<string, number[]> }>;
  };
  // The shop's texts are a part the shop pages load themselves (src/shop/texts/index.ts), in the page's language.
  const shopTexts = plan.routeTexts.find((part) => part.segments.includes('order-list'))!.files['en-US']!.map((index) => plan.files[index]!);
  expect(shopTexts.some((file) => /shop-en-US-[^/]*\.js$/.test(file))).toBe(true);
  const scripts = [...plan.routes['order-list']!.map((index) => plan.files[index]!), ...shopTexts].filter((file) => file.endsWith('.js'));
  const pageChunk = scripts.find((file) => /order-list-[^/]*\.js$/.test(file))!;
  const others = scripts.filter((file) => file !== pageChunk);
  expect(others.length).toBeGreaterThan(2);

  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page);
  await page.getByRole('link', { name: /^Me(\s|$)/ }).click();
  await expect(page.getByTestId('entry-order-list')).toBeVisible();

  const asked = new Set<string>();
  page.on('request', (request) => asked.add(new URL(request.url()).pathname.replace('/app/', '')));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/app/${pageChunk}`, async (route) => {
    await released;
    await route.continue();
  });
  const loadedBefore = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.replace('/app/', '')));
  await page.getByTestId('entry-order-list').click();
  // Everything the page needs that this session had not fetched yet is asked for while its chunk is still held.
  await expect.poll(() => others.filter((file) => !loadedBefore.includes(file) && !asked.has(file))).toEqual([]);
  expect(others.some((file) => !loadedBefore.includes(file))).toBe(true);
  expect(shopTexts.filter((file) => loadedBefore.includes(file)), 'home does not load the shop texts').toEqual([]);
  release();
  await expect(page).toHaveURL(/\/app\/order-list\/demo$/);
  await expect(page.getByTestId('order-list')).toBeAttached();
});

test("the app's calls carry the device fingerprint the inline boot computed and sent its own calls with", async ({ page }) => {
  // The fingerprint code lives in the inline boot only (app/inline-boot.ts); the app reads its result.
  const fingerprints = new Map<string, string | undefined>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) fingerprints.set(path, request.headers()['fingerprint-id']);
  });
  await openLogin(page);
  await loginWithPassword(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
  const bootCall = fingerprints.get('/api/merchant/client/get-client-secure-data');
  expect(bootCall).toMatch(/^[0-9a-f]{16}$/);
  const appCalls = [...fingerprints].filter(([path]) => path.includes('/auth/') || path.includes('/device/'));
  expect(appCalls.length).toBeGreaterThan(0);
  for (const [path, value] of appCalls) expect(value, path).toBe(bootCall);
});

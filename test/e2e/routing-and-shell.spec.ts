import { expect, test, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder, useEnglish } from './helpers.ts';

test('a new visitor to /app/demo lands on the login page with the client number, in Chinese', async ({ page }) => {
  await page.goto(appUrl('/demo'));
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('tab-sms')).toHaveText('验证码登录');
  await expect(page).toHaveTitle('演示云手机 - 单机游戏');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/static/logos/demo.svg');
  // iOS takes no SVG for the home screen: the icon the server draws from the logo (server/routes/pwa.ts).
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/app/pwa/demo-192.png');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', '演示云手机 - 单机游戏');
  // A description per tenant (its client name), for search results and link previews.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', '演示云手机：在浏览器里租用、续费和操控云手机');
});

test('a route without its client number gets the one from the query appended', async ({ page }) => {
  await page.goto(appUrl('/login?clientNo=GREEN'));
  await expect(page).toHaveURL(/\/app\/login\/green$/);
});

test('switching to English applies at once, updates the title and survives a reload', async ({ page }) => {
  await openLogin(page);
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('tab-sms')).toHaveText('SMS code');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page).toHaveTitle('Demo Cloud Phone - Offline game');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Demo Cloud Phone: rent, renew and control cloud phones in your browser');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('"en-US"');
  await page.reload();
  await expect(page.getByTestId('tab-sms')).toHaveText('SMS code');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('tab-sms')).toHaveText('验证码登录');
});

test('tenant 100 (/app/green) shows the dark-green theme; demo keeps the default blue', async ({ page }) => {
  await openLogin(page, 'green');
  const theme = await page.evaluate(() => {
    const styles = getComputedStyle(document.documentElement);
    const button = getComputedStyle(document.querySelector('[data-testid="login-submit"]')!);
    return {
      name: document.documentElement.dataset.theme,
      base: styles.getPropertyValue('--base').trim(),
      accent: styles.getPropertyValue('--accent').trim(),
      status: styles.getPropertyValue('--status').trim(),
      radius: button.borderTopLeftRadius,
      background: button.backgroundColor,
      image: getComputedStyle(document.querySelector('.layout--login')!).backgroundImage,
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    };
  });
  expect(theme).toMatchObject({ name: 'green', base: '#1c4e42', accent: '#4ce46b', status: '#ff0392', radius: '12px', background: 'rgb(28, 78, 66)', themeColor: '#00aba9' });
  expect(theme.image).toContain('green-main.svg');

  await openLogin(page, 'demo');
  const demo = await page.evaluate(() => ({
    name: document.documentElement.dataset.theme,
    radius: getComputedStyle(document.querySelector('[data-testid="login-submit"]')!).borderTopLeftRadius,
    background: getComputedStyle(document.querySelector('[data-testid="login-submit"]')!).backgroundColor,
  }));
  expect(demo).toEqual({ name: 'default', radius: '4px', background: 'rgb(4, 93, 249)' });
});

test('a non-H5 client (/app/desk) shows the H5 notice and ends on 404', async ({ page }) => {
  await page.goto(appUrl('/desk'));
  await expect(page.getByRole('dialog')).toContainText('请使用 H5 客户端编号访问');
  await expect(page).toHaveURL(/\/app\/404\/desk$/);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a non-H5 client with a code parameter is let through', async ({ page }) => {
  await page.goto(appUrl('/login/desk?code=abc'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an address with no client number ends on 404, and stored session data is cleared', async ({ page }) => {
  await openLogin(page);
  await page.evaluate(() => localStorage.setItem('token', JSON.stringify('stale')));
  await page.goto(appUrl('/'));
  await expect(page).toHaveURL(/\/app\/404$/);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('clientNo')])).toEqual([null, null]);
});

test('an unknown client number ends on its 404', async ({ page }) => {
  await page.goto(appUrl('/nosuchclient'));
  await expect(page).toHaveURL(/\/app\/404\/nosuchclient$/);
});

test('changing the client number clears the stored session of the old one', async ({ page }) => {
  await openLogin(page, 'demo');
  await page.evaluate(() => localStorage.setItem('token', JSON.stringify('demo-token')));
  await page.goto(appUrl('/login/green'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('clientNo')])).toEqual([null, '"green"']);
});

test('the agreements open from the login page and show their sanitized content', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('link', { name: '隐私政策' }).click();
  await expect(page).toHaveURL(/\/app\/privacy-agreement\/demo$/);
  // The title shows at once; the content (and its cached copy) arrive with the CMS reply.
  await expect(page.getByTestId('agreement').locator('.agreement__content')).toContainText('隐私');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('secondAgreementData'))).toContain('"type":2');
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
});

test('the download page needs no client lookup', async ({ page }) => {
  await page.goto(appUrl('/download'));
  await expect(page.getByTestId('download')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/download$/);
});

test('the app container follows the window height', async ({ page }) => {
  await openLogin(page);
  await page.setViewportSize({ width: 390, height: 700 });
  await expect.poll(() => page.evaluate(() => document.querySelector('.app')!.getBoundingClientRect().height)).toBe(700);
});

test('on a wide screen the app is a 9:16 phone frame', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLogin(page);
  const box = await page.evaluate(() => document.querySelector('.app')!.getBoundingClientRect().toJSON());
  expect(box.height).toBe(800);
  expect(Math.round(box.width)).toBe(450);
});

/** The demo user, in English, signed in and on home (today's expiry reminder already seen). */
async function signInOnHome(page: Page): Promise<void> {
  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page);
  await expect(page.getByTestId('phone-card').first()).toBeVisible();
}

test('a signed-in page shows only with the error texts it words things with; without them it offers a retry', async ({ page }) => {
  // Pages word refusals with the catalogue's texts without a failed call (the stream's states, a copy that failed):
  // a page shown before they arrive would show raw keys. Cut off, they make the page fail and retry. (Home alone
  // shows before them and waits where it needs them: devices.spec.ts.)
  await signInOnHome(page);
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.getByTestId('user-no')).toBeVisible();
  await page.route(/\/assets\/(errors-en-US|error-catalogue)-[^/]*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) })).toBeVisible();
  await expect(page.getByTestId('user-no')).toHaveCount(0);
  await page.unroute(/\/assets\/(errors-en-US|error-catalogue)-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('user-no')).toBeVisible();
});

test('a page whose row of the route table has not loaded offers a retry, and the retry opens it', async ({ page }) => {
  // Only the first screens' rows travel in index.html; the others are a file (src/app/more-routes.ts) that a page of
  // them waits for. Cut off, the page fails in the plain frame with a retry instead of being taken for a 404.
  await signInOnHome(page);
  const moreRoutes = /\/assets\/more-routes-[^/]*\.js$/;
  await page.route(moreRoutes, (route) => route.abort());
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) })).toBeVisible();
  await expect(page).toHaveURL(/\/personal-center\/demo$/);
  await page.unroute(moreRoutes);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('user-no')).toBeVisible();
});

test('a page whose style sheet does not load offers a retry, and the retry shows it styled', async ({ page }) => {
  // Opened from another page, a page's styles come through the app's chunk loader (src/app/chunk-loader.ts), which
  // holds the page back until its sheet has loaded: a page is never shown unstyled, and a sheet that failed is asked
  // for again by the retry.
  await signInOnHome(page);
  await page.goto(appUrl('/profile/demo'));
  const shopSheet = /\/assets\/shop-[^/]*\.css$/;
  await page.route(shopSheet, (route) => route.abort());
  await page.getByText('My orders').click();
  await expect(page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) })).toBeVisible();
  await expect(page.getByTestId('order-list')).toHaveCount(0);
  await page.unroute(shopSheet);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('order-list')).toBeAttached();
  // .shop-page's bottom padding comes from that sheet alone (src/shop/parts/shop.css).
  await expect(page.locator('.shop-page')).toHaveCSS('padding-bottom', '24px');
});

import { expect, test } from '@playwright/test';
import { appUrl, openLogin } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

test('the production build registers /sw.js for /app/ and a reload with the network cut still shows login', async ({ page, context }) => {
  await openLogin(page);
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(new URL(registration.scope).pathname).toBe('/app/');
  expect(new URL(registration.script!).pathname).toBe('/sw.js');
  // Wait until the worker controls the page, so the reload goes through it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('tab-sms')).toHaveText('验证码登录');
  // Once idle, the share meta has asked for the shell's idle texts (app/idle/share-meta.ts). A language switch loads every
  // part asked for so far in the other language: all of them come from the precache.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /在浏览器里租用/);
  await page.getByRole('button', { name: '语言: English' }).click();
  await expect(page.getByTestId('tab-sms')).toHaveText('SMS code');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /in your browser/);
  await page.getByRole('button', { name: 'Language: 简体中文' }).click();
  await expect(page.getByTestId('tab-sms')).toHaveText('验证码登录');
  // A history route is answered by the app's HTML from the cache; its lazy chunk was never fetched,
  // so the page says it needs the network instead of going blank, and opens by itself once the network is back.
  await page.goto(appUrl('/forget-password/demo'));
  await expect(page.getByTestId('page-failed')).toContainText('网络已断开，联网后将自动打开此页面');
  await expect(page.getByTestId('page-failed')).toHaveAttribute('data-offline', 'true');
  await context.setOffline(false);
  await expect(page.getByTestId('page-failed')).toHaveCount(0);
  await expect(page.locator('#mobile')).toBeVisible();
});

test('an /api/ request is never answered with the app HTML by the worker', async ({ page }) => {
  await openLogin(page);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const reply = await page.evaluate(async () => {
    const response = await fetch('/api/no-such-endpoint');
    return { status: response.status, type: response.headers.get('content-type') };
  });
  expect(reply.status).toBe(404);
  expect(reply.type).toContain('application/json');
});

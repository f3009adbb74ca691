import { expect, test, type Page } from '@playwright/test';
import { openLogin, serverDb, useEnglish } from './helpers.ts';

/**
 * Ends the current guest's trial on the server. It waits for home's own calls first: a reply of "trial ended"
 * to one of them would end the session in the page a following reload is leaving, and the reloaded page would
 * then open on login with no notice to show.
 */
async function expireTrialOnServer(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').userId as number);
  expect(userId).toBeGreaterThan(0);
  const db = serverDb();
  db.prepare('UPDATE users SET trial_expires_at = ? WHERE id = ? AND guest = 1').run(Date.now() - 1000, userId);
  db.close();
}

/** Seconds left, read from the banner's mm:ss. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('trial-countdown').textContent()) ?? '';
  const match = /(\d+):(\d\d)/.exec(text);
  if (!match) throw new Error(`no countdown in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a guest trial starts from the login screen with a live countdown, and ends with a notice and login', async ({ page }) => {
  await page.clock.install();
  await openLogin(page);
  await page.getByTestId('try-first').click();
  await expect(page).toHaveURL(/\/app\/demo$/);
  await expect(page.getByTestId('guest-banner')).toContainText('Trial mode');
  const start = await secondsLeft(page);
  // The trial length is server configuration: GUEST_TRIAL_MINUTES = 10 for the demo tenant.
  expect(start).toBeGreaterThan(9 * 60);
  expect(start).toBeLessThanOrEqual(10 * 60);

  await page.clock.fastForward('01:00');
  await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(start - 59);

  await page.clock.fastForward('09:30');
  await expect(page.getByRole('dialog')).toContainText('Your trial time is up');
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a trial the server has ended sends the guest to login with the notice', async ({ page }) => {
  await openLogin(page);
  await page.getByTestId('try-first').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await expireTrialOnServer(page);
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('Your trial time is up');
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
});

test('a trial that ends before the first page is ready still lands on the client\'s login', async ({ page }) => {
  await openLogin(page);
  await page.getByTestId('try-first').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await expireTrialOnServer(page);
  // What a loaded machine does by chance: the server's "trial ended" arrives while home's chunk is still loading,
  // so no page has been shown yet when the session ends.
  const refused = page.waitForResponse((response) => response.url().includes('/api/merchant/user/get'));
  await page.route(/\/assets\/home-[^/]*\.js$/, async (route) => {
    await refused;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('Your trial time is up');
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
});

test('features that need an account say so to a guest and offer login', async ({ page }) => {
  await openLogin(page);
  await page.getByTestId('try-first').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await page.getByRole('link', { name: /^Me(\s|$)/ }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Guest');
  await page.getByTestId('profile-head').click();
  await page.getByTestId('entry-password').click();
  await expect(page.getByRole('dialog')).toContainText('This feature needs a registered account. Log in now?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/personal-center\/demo$/);
  await page.getByTestId('edit-nickname').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
});

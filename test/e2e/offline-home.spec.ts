/**
 * A returning user launched offline (the service worker in control, the network cut, a reload) sees the phones, groups
 * and counts home last knew, marked offline with the time they were saved; actions that need the network say so;
 * back online the list is asked again and the mark goes; after logout nothing is kept. Both themes pass axe with the
 * mark on screen. SHOTS_DIR=<folder> saves screenshots of the offline screens there.
 */
import { expect, test, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import { appUrl, plantPhones, registerNewUser, serverDb, skipExpiryReminder } from './helpers.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/** The kept copy is written a moment after the list lands: until it names these phones. */
async function expectKept(page: Page, names: string[]): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('phoneList') ?? 'null') as { phones: Array<{ name: string }> } | null)?.phones.map((phone) => phone.name) ?? []))
    .toEqual(names);
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A new account on `clientNo` with two phones (one in a group), on home with the service worker in control and the list kept. */
async function returningUser(page: Page, clientNo: string, language: 'en-US' | 'zh-CN'): Promise<number[]> {
  await page.addInitScript((lang) => localStorage.setItem('language', JSON.stringify(lang)), language);
  await skipExpiryReminder(page, clientNo);
  const mobile = await registerNewUser(page, clientNo);
  const ids = plantPhones(mobile, [{ name: 'Kept A' }, { name: 'Kept B', group: 'Work' }]);
  // "Me" visited before: its page's files are in the service worker's cache, as a returning user's are.
  await page.goto(appUrl(`/profile/${clientNo}`));
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.goto(appUrl(`/${clientNo}`));
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
  await expectKept(page, ['Kept A', 'Kept B']);
  return ids;
}

test('offline, home shows the phones last known with the offline mark and time; online again it refreshes; logout keeps nothing', async ({ page, context }) => {
  const [firstId] = await returningUser(page, 'demo', 'en-US');

  await context.setOffline(true);
  await page.reload();
  const mark = page.getByTestId('offline-mark');
  await expect(mark).toBeVisible();
  await expect(mark).toContainText('Offline');
  await expect(page.getByTestId('offline-mark-time')).toHaveText(/updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
  await expect(page.getByTestId('phone-card').first()).toContainText('Kept A');
  await expect(page.getByRole('tab', { name: /Work/ })).toBeVisible();
  await expect(page.getByTestId('device-empty')).toHaveCount(0);
  await expect(page.getByText('Network exception')).toHaveCount(0);
  await shot(page, 'home-offline-en-light');
  await expectAxeClean(page);
  // Opening a phone needs the network: it says so instead of failing.
  await page.getByTestId('phone-card').first().locator('.phone-card__name').click();
  await expect(page.getByText('You are offline. This needs the network')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/demo$/);

  // "Me" shows the user as stored, with the same mark.
  await page.locator('.tabbar a[href$="/profile/demo"]').click();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.getByTestId('offline-mark')).toBeVisible();
  await shot(page, 'me-offline-en-light');
  await page.locator('.tabbar a[href$="/demo"]').first().click();
  await expect(page.getByTestId('offline-mark')).toBeVisible();

  // Back online: the list is asked again (a phone renamed meanwhile shows its new name) and the mark goes.
  const db = serverDb();
  try {
    db.prepare('UPDATE phones SET name = ? WHERE id = ?').run('Renamed A', firstId);
  } finally {
    db.close();
  }
  await context.setOffline(false);
  await expect(page.getByTestId('phone-card').first()).toContainText('Renamed A');
  await expect(page.getByTestId('offline-mark')).toHaveCount(0);
  await expectKept(page, ['Renamed A', 'Kept B']);

  // Logout takes the kept list; an offline start then has nothing of it.
  await page.locator('.tabbar a[href$="/profile/demo"]').click();
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  expect(await page.evaluate(() => localStorage.getItem('phoneList'))).toBeNull();
  await context.setOffline(true);
  await page.goto(appUrl('/demo'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('offline-mark')).toHaveCount(0);
  await expect(page.getByTestId('phone-card')).toHaveCount(0);
});

test('the offline mark on the dark green tenant, in Chinese, passes axe on home and "Me"', async ({ page, context }) => {
  await returningUser(page, 'green', 'zh-CN');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-mark')).toContainText('离线');
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
  await shot(page, 'home-offline-zh-green');
  await expectAxeClean(page);
  await page.locator('.tabbar a[href$="/profile/green"]').click();
  await expect(page.getByTestId('offline-mark')).toBeVisible();
  await shot(page, 'me-offline-zh-green');
  await expectAxeClean(page);
});

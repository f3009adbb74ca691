/**
 * The first-run guide (server/API.md "First-run guide"): a new account opening home is shown home-guide over it once,
 * steps through it or skips it, lands on home, and is not shown it again after a reload. The browser tests' server
 * creates accounts with the guide seen (NEW_ACCOUNTS_SKIP_GUIDE), so each test here unsets it for its own user. Also
 * the entries this work added (the personal centre's help and SDK guide, discover's game list) and the message list
 * following a language switch.
 */
import { expect, test, type Page } from '@playwright/test';
import { ok } from './accessibility-data.ts';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';

/** The account of this number has not seen the guide, as a new account of a server without the setting. */
function unsee(mobile: string): void {
  const db = serverDb();
  try {
    db.prepare('UPDATE users SET guide_seen_at = NULL WHERE mobile = ? AND deleted_at IS NULL').run(mobile);
  } finally {
    db.close();
  }
}

function seenAt(mobile: string): number | null {
  const db = serverDb();
  try {
    return db.prepare('SELECT guide_seen_at FROM users WHERE mobile = ? AND deleted_at IS NULL').pluck().get(mobile) as number | null;
  } finally {
    db.close();
  }
}

/** A horizontal finger move across the guide's card, `dx` px (negative: to the left). */
async function swipe(page: Page, dx: number): Promise<void> {
  await page.getByTestId('home-guide').evaluate((guide, dx) => {
    const box = guide.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const touch = (clientX: number) => new Touch({ identifier: 1, target: guide, clientX, clientY: y });
    guide.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(x)], changedTouches: [touch(x)] }));
    guide.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(x + dx)] }));
  }, dx);
}

/** Home after a fresh start: its user/get has answered and the page has had its idle moments (when it would open the guide). */
async function openHomeSettled(page: Page): Promise<void> {
  const userGet = page.waitForResponse((response) => response.url().includes('/api/merchant/user/get'));
  await page.goto(appUrl('/demo'));
  await userGet;
  await expect(page.getByTestId('device-empty').or(page.getByTestId('phone-card').first())).toBeVisible();
  for (let round = 0; round < 2; round++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
}

test('a new account sees the guide over home once: steps, dots and focus, Done lands on home, a reload does not show it again', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  unsee(mobile);
  await page.goto(appUrl('/demo'));
  await expect(page).toHaveURL(/\/app\/home-guide\/demo$/);
  const title = page.getByTestId('guide-step-title');
  await expect(title).toHaveText('Your cloud phones');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cloud phones' })).toBeVisible();
  await expect(page.getByTestId('guide-count')).toHaveText('Step 1 of 4');
  const dots = page.getByRole('group', { name: 'Guide steps' }).getByRole('button');
  await expect(dots).toHaveCount(4);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(dots.nth(1)).toHaveAccessibleName('Step 2: Add a phone');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText('Add a phone');
  await expect(title).toBeFocused();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(title).toHaveText('Your cloud phones');
  await expect(title).toBeFocused();
  // A swipe to the left turns to the next step, to the right back.
  await swipe(page, -120);
  await expect(title).toHaveText('Add a phone');
  await swipe(page, 120);
  await expect(title).toHaveText('Your cloud phones');
  // A dot goes to its step.
  await dots.nth(2).click();
  await expect(title).toHaveText('Discover');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText('Me and messages');
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  expect(seenAt(mobile)).toBeNull();

  const marked = page.waitForResponse((response) => response.url().includes('/api/merchant/user/guide/seen'));
  await page.getByRole('button', { name: 'Done' }).click();
  expect((await (await marked).json()).code).toBe(0);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await expect(page.getByTestId('device-empty')).toBeVisible();
  expect(seenAt(mobile)).toEqual(expect.any(Number));

  await page.reload();
  await openHomeSettled(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.context().close();
});

test('Skip marks the guide seen and puts home in its place; home of an account that has seen it never opens it', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  // Seen (as the server created it): home stays home.
  await openHomeSettled(page);
  await expect(page).toHaveURL(/\/app\/demo$/);

  unsee(mobile);
  await page.reload();
  await expect(page).toHaveURL(/\/app\/home-guide\/demo$/);
  const marked = page.waitForResponse((response) => response.url().includes('/api/merchant/user/guide/seen'));
  await page.getByRole('button', { name: 'Skip' }).click();
  await marked;
  await expect(page).toHaveURL(/\/app\/demo$/);
  expect(seenAt(mobile)).toEqual(expect.any(Number));
  // The guide replaced its own entry: back does not return to it.
  await page.goto(appUrl('/discover/demo'));
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/demo$/);
  await openHomeSettled(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.context().close();
});

test('the personal centre opens the tutorials and the SDK guide, discover opens the game list', async ({ browser }) => {
  const { page } = await person(browser);
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('entry-help').click();
  await expect(page).toHaveURL(/\/app\/ai-tutorial\/demo$/);
  await expect(page.getByTestId('content-item').first()).toBeVisible();
  await page.goBack();
  await page.getByTestId('entry-sdk-guide').click();
  await expect(page).toHaveURL(/\/app\/sdk-guide\/demo$/);
  await expect(page.getByTestId('single-page')).toBeVisible();

  await page.goto(appUrl('/discover/demo'));
  await page.getByRole('link', { name: 'Game list' }).click();
  await expect(page).toHaveURL(/\/app\/game-list\/demo$/);
  await expect(page.getByTestId('game').first()).toBeVisible();
  await page.context().close();
});

test('after a language switch the message list is read again in the new language', async ({ browser }) => {
  const sender = await person(browser);
  const { page, mobile } = await person(browser);
  const [phone] = plantPhones(sender.mobile, [{ name: 'Present' }]);
  await ok(sender.page, 'PUT /api/device/user/phone/give', { body: { userPhoneIds: [phone!], target: mobile } });

  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('entry-messages').click();
  await expect(page.getByTestId('message-item')).toContainText('Cloud phones received');

  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('entry-settings').click();
  await page.locator('input[name="language"][value="zh-CN"]').check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goBack();
  await page.getByTestId('entry-messages').click();
  await expect(page.getByTestId('message-item')).toContainText('收到转移的云手机');
  await expect(page.getByTestId('message-item')).not.toContainText('Cloud phones received');
  await sender.page.context().close();
  await page.context().close();
});

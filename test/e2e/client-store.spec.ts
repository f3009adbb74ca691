/**
 * The client's one store of phones (src/devices/phone-store.ts, src/core/store/): a change made on one page shows on
 * every page that shows the phone, without a reload; and a page about one phone asks for that phone, not the account.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder } from './helpers.ts';
import { openTool, stage, userWithPhones } from './stream-helpers.ts';

/** The device-list calls the page makes from now on. */
function listCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/device/user/phone/list') calls.push(url);
  });
  return calls;
}

test('a rename on phone-view shows on the home list and on the batch page at once, without a reload', async ({ page }) => {
  await userWithPhones(page, [{ name: 'Farm one' }, { name: 'Farm two' }]);
  await page.goto(appUrl('/demo'));
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
  // The batch page lists the whole account once.
  await page.getByTestId('shortcut-batch-operation').click();
  await page.getByTestId('batch-choose').click();
  await expect(page.getByTestId('choose-row')).toHaveCount(2);
  // The choose page replaced the batch page in the history: one step back is home.
  await page.goBack();
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
  await page.getByTestId('phone-card').filter({ hasText: 'Farm one' }).locator('.phone-card__name').click();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  // Gone if the document is ever loaded again.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await openTool(page, 'rename');
  const field = page.getByTestId('rename-sheet').locator('#phone-name');
  // A name the rule refuses is said next to the field, and what was typed stays.
  await field.fill('x'.repeat(21));
  await page.getByTestId('rename-save').click();
  await expect(page.locator('#phone-name-error')).not.toBeEmpty();
  await expect(field).toHaveValue('x'.repeat(21));
  await field.fill('Farm renamed');
  await page.getByTestId('rename-save').click();
  await expect(page.getByTestId('rename-sheet')).toHaveCount(0);
  await page.getByTestId('tools-open').click();
  await expect(page.getByTestId('tools-sheet').locator('.sheet__title')).toHaveText('Farm renamed');
  await page.getByTestId('tool-exit').click();

  await expect(page.getByTestId('phone-card').filter({ hasText: 'Farm renamed' })).toHaveCount(1);
  // The batch page shows the new name from the store while its own refresh of the list is held back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/device/user/phone/list**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('shortcut-batch-operation').click();
  await page.getByTestId('batch-choose').click();
  await expect(page.getByTestId('choose-row').filter({ hasText: 'Farm renamed' })).toHaveCount(1);
  await expect(page.getByTestId('choose-row').filter({ hasText: 'Farm one' })).toHaveCount(0);
  release();
  await expect(page.getByTestId('choose-row')).toHaveCount(2);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe('the 1,000-phone account', () => {
  test.beforeEach(async ({ page }) => {
    await skipExpiryReminder(page);
    await openLogin(page);
    await loginWithPassword(page, '13800138001', 'demo1234');
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    // Home has read its whole list: what follows is the renew page's own asking.
    await page.waitForFunction(() => performance.getEntriesByName('devices:loaded').length > 0);
  });

  test('renewing one phone from its card asks for that phone only, never the whole account', async ({ page }) => {
    const calls = listCalls(page);
    const card = page.getByTestId('phone-card').first();
    const name = (await card.locator('.phone-card__name').textContent())!.trim();
    await card.getByTestId('phone-more').click();
    await page.getByTestId('action-renew').click();
    await expect(page.getByTestId('renew-lines')).toContainText(name);
    const id = new URL(page.url()).searchParams.get('id');
    expect(calls.map((url) => [...url.searchParams.entries()].filter(([key]) => key !== 'pageNo'))).toEqual([
      [['userPhoneIds', id], ['pageSize', '1']],
    ]);
  });

  test('a renew page opened by its address asks for its phone only', async ({ page }) => {
    const id = await page.getByTestId('phone-card').nth(1).getAttribute('data-phone-id');
    const calls = listCalls(page);
    await page.goto(appUrl(`/recharge-single-phone/demo?id=${id}`));
    await expect(page.getByTestId('renew-lines').locator('li')).toHaveCount(1);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((url) => url.searchParams.get('userPhoneIds') !== id)).toEqual([]);
  });
});

/**
 * The client's one store of phones (src/devices/phone-store.ts, src/core/store/): a change made on one page shows on
 * every page that shows the phone, without a reload. (A page about one phone asking for that phone only is checked on
 * the 1,000-phone account, in long-device-list.spec.ts.)
 */
import { expect, test } from '@playwright/test';
import { appUrl } from './helpers.ts';
import { openTool, stage, userWithPhones } from './stream-helpers.ts';

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

/** Spec §9: dialogs, sheets and popups stack from z-index 2000; a dialog over a sheet is on top, notices over both. */
import { expect, test, type Locator } from '@playwright/test';
import { appUrl } from './helpers.ts';
import { openPhoneView, userWithPhones } from './stream-helpers.ts';

const zIndex = (layer: Locator) => layer.evaluate((element) => Number(getComputedStyle(element).zIndex));

/** The element a tap at the middle of `box` would reach is inside it: nothing paints over it. */
const onTop = (box: Locator) =>
  box.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
  });

test('an open sheet and a dialog over it stack from 2000, the dialog above, notices above both', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Layers phone' }]);
  await openPhoneView(page, id!);
  await page.getByTestId('tools-open').click();
  await page.getByTestId('tool-clipboard').click();
  const sheetLayer = page.locator('.sheet-backdrop').filter({ has: page.getByTestId('clipboard-panel') });
  await expect(sheetLayer).toBeVisible();
  const sheetZ = await zIndex(sheetLayer);
  expect(sheetZ).toBeGreaterThanOrEqual(2000);

  await page.getByTestId('clipboard-text').fill('layers');
  await page.getByTestId('phrase-save').click();
  await page.getByTestId('phrase-delete').first().click();
  const dialog = page.locator('.dialog[role="dialog"]');
  await expect(dialog).toBeVisible();
  const dialogZ = await zIndex(page.locator('.dialog-backdrop'));
  expect(dialogZ).toBeGreaterThanOrEqual(2000);
  expect(dialogZ).toBeGreaterThan(sheetZ);
  expect(await onTop(dialog)).toBe(true);
  expect(await zIndex(page.locator('.notices'))).toBeGreaterThan(dialogZ);
});

test("a notice shows below the page header, so the header's back button stays in sight", async ({ page }) => {
  await userWithPhones(page, []);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('copy-user-no').click();
  const notice = page.locator('.notice').first();
  await expect(notice).toBeVisible();
  const header = await page.locator('.page-header').first().boundingBox();
  const shown = await notice.boundingBox();
  expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});


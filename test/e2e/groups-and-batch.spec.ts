/**
 * Groups (manageGroup, phoneGroupSetting, movePhoneToGroup) and batch operations (chooseDevice,
 * batchOperation). Each test registers its own user and plants its phones in the server's database,
 * so nothing here moves, reboots or renames a phone another test looks at.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, plantPhones, registerNewUser, serverDb, useEnglish } from './helpers.ts';

function groupOfPhones(ids: number[]): Array<{ name: string; isDefault: number }> {
  const db = serverDb();
  try {
    return ids.map((id) => db.prepare('SELECT g.name, g.is_default AS isDefault FROM phones p JOIN phone_groups g ON g.id = p.group_id WHERE p.id = ?').get(id) as { name: string; isDefault: number });
  } finally {
    db.close();
  }
}

const groupRow = (page: Page, name: string) => page.getByTestId('group-row').filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('groups: create (empty, 21 characters, a look-alike of the default group and a blank glyph refused, text kept), rename, delete; the default group has no rename or delete', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/manage-group/demo'));
  const rows = page.getByTestId('group-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-default', 'true');
  await expect(rows.first().getByTestId('group-name')).toHaveText('Default group');
  await expect(rows.first().getByTestId('group-rename')).toHaveCount(0);
  await expect(rows.first().getByTestId('group-delete')).toHaveCount(0);

  await page.getByTestId('new-group-name-submit').click();
  await expect(page.locator('#new-group-name-error')).toHaveText('The name is required');
  await page.locator('#new-group-name').fill('g'.repeat(21));
  await page.getByTestId('new-group-name-submit').click();
  await expect(page.locator('#new-group-name-error')).toHaveText('The name can be at most 20 characters');
  await expect(page.locator('#new-group-name')).toHaveValue('g'.repeat(21));
  await expect(rows).toHaveCount(1);
  // A look-alike of the default group (a Cyrillic е) is refused as the default group; a blank braille pattern as an
  // invisible character. Each message sits under the field and the text stays.
  await page.locator('#new-group-name').fill('D\u0435fault group');
  await page.getByTestId('new-group-name-submit').click();
  await expect(page.locator('#new-group-name-error')).toHaveText('A group with this name already exists');
  await expect(page.locator('#new-group-name')).toHaveValue('D\u0435fault group');
  await page.locator('#new-group-name').fill('\u2800');
  await page.getByTestId('new-group-name-submit').click();
  await expect(page.locator('#new-group-name-error')).toHaveText('The name cannot contain control, invisible or text-direction characters');
  await expect(page.locator('#new-group-name')).toHaveValue('\u2800');
  await expect(rows).toHaveCount(1);

  await page.locator('#new-group-name').fill('Team 甲');
  await page.getByTestId('new-group-name-submit').click();
  await expect(groupRow(page, 'Team 甲')).toBeVisible();
  await expect(groupRow(page, 'Team 甲').getByTestId('group-count')).toHaveText('Phones: 0');
  await expect(page.locator('#new-group-name')).toHaveValue('');
  // The same name again (case aside) is refused by the server; the message sits under the field, the text stays.
  await page.locator('#new-group-name').fill('team 甲');
  await page.getByTestId('new-group-name-submit').click();
  await expect(page.locator('#new-group-name-error')).toBeVisible();
  await expect(page.locator('#new-group-name')).toHaveValue('team 甲');
  await expect(rows).toHaveCount(2);

  await groupRow(page, 'Team 甲').getByTestId('group-rename').click();
  await page.locator('#rename-group-name').fill('r'.repeat(21));
  await page.getByTestId('rename-group-name-submit').click();
  await expect(page.locator('#rename-group-name-error')).toHaveText('The name can be at most 20 characters');
  await page.locator('#rename-group-name').fill('Team 乙');
  await page.getByTestId('rename-group-name-submit').click();
  await expect(groupRow(page, 'Team 乙')).toBeVisible();
  await page.reload();
  await expect(groupRow(page, 'Team 乙')).toBeVisible();

  await groupRow(page, 'Team 乙').getByTestId('group-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('will move to the default group');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);

  // The default group's settings: its phones only, no rename form, no delete.
  await rows.first().getByTestId('group-open').click();
  await expect(page).toHaveURL(/\/app\/phone-group-setting\/demo\?id=\d+$/);
  await expect(page.getByTestId('group-empty')).toHaveText('No phones in this group');
  await expect(page.locator('#group-setting-name')).toHaveCount(0);
  await expect(page.getByTestId('group-setting-delete')).toHaveCount(0);
});

test('moving phones: to a group created on the move page, out again from the group settings', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const [a, b, c] = plantPhones(mobile, [{ name: 'Move A' }, { name: 'Move B' }, { name: 'Move C' }]) as [number, number, number];

  await page.goto(appUrl(`/move-phone-to-group/demo?ids=${a},${b}`));
  await page.getByTestId('move-submit').click();
  await expect(page.getByTestId('move-error')).toHaveText('Choose a target group');
  await page.locator('#move-new-group').fill('Shelf');
  await page.getByTestId('move-new-group-submit').click();
  const shelf = page.getByTestId('move-target').filter({ hasText: 'Shelf' });
  await expect(shelf.locator('input')).toBeChecked();
  await page.getByTestId('move-submit').click();
  await expect(page.getByText('Phones moved: 2')).toBeVisible();
  expect(groupOfPhones([a, b, c]).map((group) => group.name)).toEqual(['Shelf', 'Shelf', '']);

  await page.goto(appUrl('/manage-group/demo'));
  await expect(groupRow(page, 'Shelf').getByTestId('group-count')).toHaveText('Phones: 2');
  await expect(groupRow(page, 'Default group').getByTestId('group-count')).toHaveText('Phones: 1');

  await groupRow(page, 'Shelf').getByTestId('group-open').click();
  await expect(page.getByTestId('group-phone-count')).toHaveText('Phones in this group (2)');
  await page.getByTestId('group-phone').filter({ hasText: 'Move A' }).locator('input').check();
  await page.getByTestId('group-remove-phones').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('group-phone-count')).toHaveText('Phones in this group (1)');
  await expect(page.getByTestId('group-phone')).toHaveText(/Move B/);

  await page.getByTestId('group-phone').filter({ hasText: 'Move B' }).locator('input').check();
  await page.getByTestId('group-move-phones').click();
  await expect(page).toHaveURL(new RegExp(`/move-phone-to-group/demo\\?ids=${b}$`));
  await expect(page.getByTestId('move-target').filter({ hasText: 'Shelf' })).toContainText('Current');
  await page.getByTestId('move-target').filter({ hasText: 'Default group' }).locator('input').check();
  await page.getByTestId('move-submit').click();
  // Back on the group's settings, now empty.
  await expect(page).toHaveURL(/\/phone-group-setting\/demo\?id=\d+$/);
  await expect(page.getByTestId('group-empty')).toBeVisible();
  expect(groupOfPhones([a, b, c]).every((group) => group.isDefault === 1)).toBe(true);
});

test('choose devices: select all, select by group, one by one, then on to the batch page', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const ids = plantPhones(mobile, [
    { name: 'Pick 1' }, { name: 'Pick 2' }, { name: 'Pick 3' },
    { name: 'Crew 1', group: 'Crew' }, { name: 'Crew 2', group: 'Crew' }, { name: 'Crew 3', group: 'Crew' },
  ]);
  await page.goto(appUrl('/choose-device/demo?action=reboot'));
  const count = page.getByTestId('choose-count');
  await expect(count).toHaveText('0 of 6 selected');
  await page.getByTestId('choose-all').check();
  await expect(count).toHaveText('6 of 6 selected');
  await page.getByTestId('choose-all').uncheck();
  await expect(count).toHaveText('0 of 6 selected');

  const crew = page.getByTestId('choose-group').filter({ hasText: 'Crew' });
  await crew.click();
  await expect(count).toHaveText('3 of 6 selected');
  await expect(crew).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('choose-row').filter({ hasText: 'Pick 2' }).locator('input').check();
  await expect(count).toHaveText('4 of 6 selected');
  await crew.click();
  await expect(count).toHaveText('1 of 6 selected');

  await page.getByTestId('choose-next').click();
  await expect(page).toHaveURL(new RegExp(`/batch-operation/demo\\?action=reboot&ids=${ids[1]}$`));
  await expect(page.getByTestId('batch-count')).toHaveText('Cloud phones: 1');
  await expect(page.getByTestId('batch-action-reboot').locator('input')).toBeChecked();
});

test('choose devices: 1,000 phones render only the rows on screen and select all at once', async ({ page }) => {
  await openLogin(page);
  await loginWithPassword(page, '13800138001', 'demo1234');
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/choose-device/demo?action=screenshot'));
  await expect(page.getByTestId('choose-count')).toHaveText('0 of 1000 selected');
  expect(await page.getByTestId('choose-row').count()).toBeLessThan(60);
  await page.getByTestId('choose-all').check();
  await expect(page.getByTestId('choose-count')).toHaveText('1000 of 1000 selected');
  await page.getByTestId('choose-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
  await expect(page.getByTestId('choose-row').filter({ hasText: 'Phone 1000' })).toBeVisible();
  expect(await page.getByTestId('choose-row').count()).toBeLessThan(60);
});

test('a batch of 11 screenshots is refused before any call, naming the limit', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const ids = plantPhones(mobile, Array.from({ length: 11 }, (_, i) => ({ name: `Shot ${i + 1}` })));
  await page.goto(appUrl(`/batch-operation/demo?action=screenshot&ids=${ids.join(',')}`));
  // Counted from here: the home page left behind may still have asked for its thumbnails.
  let screenshotCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/device/user/phone/screenshot')) screenshotCalls++;
  });
  await expect(page.getByTestId('batch-count')).toHaveText('Cloud phones: 11');
  await expect(page.getByTestId('batch-error')).toContainText('at most 10 devices');
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-error')).toHaveText('Screenshots: at most 10 devices at once; 11 are chosen. Choose fewer devices.');
  await expect(page.getByTestId('batch-summary')).toHaveCount(0);
  expect(screenshotCalls).toBe(0);
});

test('a batch reboot shows per-device results, then each phone back online without a refresh', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const ids = plantPhones(mobile, [{ name: 'Boot 1' }, { name: 'Boot 2' }, { name: 'Boot 3', status: 'maintenance' }]);
  await page.goto(appUrl(`/batch-operation/demo?action=reboot&ids=${ids.join(',')}`));
  await page.getByTestId('batch-run').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reboot' }).click();
  await expect(page.getByTestId('batch-summary')).toHaveText('2 succeeded, 1 failed');
  const refused = page.locator(`[data-testid="batch-result"][data-phone-id="${ids[2]}"]`);
  await expect(refused).toHaveAttribute('data-success', 'false');
  await expect(refused).toContainText('Failed: The device is under maintenance');
  await expect(refused).toContainText('Boot 3');
  const first = page.locator(`[data-testid="batch-result"][data-phone-id="${ids[0]}"]`);
  await expect(first).toHaveAttribute('data-success', 'true');
  await expect(first.getByTestId('batch-progress')).toBeVisible();
  await expect(first.getByTestId('batch-live-status')).toHaveText('Online', { timeout: 10_000 });
  await expect(page.locator(`[data-testid="batch-result"][data-phone-id="${ids[1]}"]`).getByTestId('batch-live-status')).toHaveText('Online');
});

test('a batch screenshot of 2 phones shows 2 images with download links', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const ids = plantPhones(mobile, [{ name: 'Snap 1' }, { name: 'Snap 2' }]);
  await page.goto(appUrl(`/batch-operation/demo?action=screenshot&ids=${ids.join(',')}`));
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-summary')).toHaveText('2 succeeded, 0 failed');
  const images = page.getByTestId('batch-shot').locator('img');
  await expect(images).toHaveCount(2);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByTestId('batch-shot').first().getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/api\/device\/screenshot\/\d+\.svg\?/);
});

test('root is switched for every chosen phone; factory reset needs the typed word', async ({ page }) => {
  const mobile = await registerNewUser(page);
  const ids = plantPhones(mobile, [{ name: 'Wipe 1' }, { name: 'Wipe 2' }]);
  await page.goto(appUrl(`/batch-operation/demo?action=root&ids=${ids.join(',')}`));
  await page.getByTestId('batch-root-on').click();
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-summary')).toHaveText('2 succeeded, 0 failed');
  const db = serverDb();
  const roots = ids.map((id) => db.prepare('SELECT root FROM phones WHERE id = ?').pluck().get(id));
  db.close();
  expect(roots).toEqual([1, 1]);

  // Root first: a reset keeps the phones operating for a few seconds, when other actions are refused.
  await page.getByTestId('batch-action-reset').click();
  await page.getByTestId('batch-run').click();
  await expect(page.locator('#reset-confirm-error')).toHaveText('The text does not match "RESET"');
  await expect(page.getByTestId('batch-summary')).toHaveCount(0);
  await page.locator('#reset-confirm').fill('RESET');
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-progress').first()).toBeVisible();
  await expect(page.getByTestId('batch-live-status')).toHaveText(['Online', 'Online'], { timeout: 15_000 });
});

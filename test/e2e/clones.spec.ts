/**
 * Clones and templates (server/API.md "Clones and templates"): a template taken from a phone with an installed app,
 * with its progress until it is available; cloned onto two phones, which are then shown being cloned and carry the
 * template's app (their own one gone); a target short of validity refused in the catalogue's words; the template
 * deleted. The entries: the action sheet, the batch page, and none for templates on the green tenant.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appUrl, person, plantPhones, registerNewUser, serverDb, skipExpiryReminder, useEnglish } from './helpers.ts';

const PACKAGE = 'com.example.shopkit';

/** Installs the app on these phones the way installApp does (a row of phone_apps). */
function plantApp(phoneIds: number[], packageName: string, label: string) {
  const db = serverDb();
  try {
    const insert = db.prepare(
      'INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
    );
    for (const id of phoneIds) insert.run(id, packageName, label, '1.4.0', 14, 20 * 1024 ** 2, Date.now());
  } finally {
    db.close();
  }
}

const sheetFor = async (page: Page, name: string) => {
  await page.getByTestId('phone-card').filter({ hasText: name }).getByTestId('phone-more').click();
  await expect(page.getByTestId('action-sheet')).toBeVisible();
};

test('a template from a phone, cloned onto two phones that then carry its app; a short phone refused; the template deleted', async ({ browser }) => {
  // A template takes 6 s and a clone 8 s on the reference server (OPERATION_DURATION_MS), on top of the steps.
  test.setTimeout(60_000);
  const { page, mobile } = await person(browser);
  const [source, one, two, short] = plantPhones(mobile, [
    { name: 'Clone source' }, { name: 'Clone one' }, { name: 'Clone two' }, { name: 'Clone short', validMs: 2 * 3600_000 },
  ]);
  plantApp([source!], PACKAGE, 'Shop kit');
  plantApp([one!], 'com.example.old', 'Old app');

  // The action sheet's entry opens the template page for its phone.
  await page.goto(appUrl('/demo'));
  await page.getByTestId('view-list').click();
  await sheetFor(page, 'Clone source');
  await page.getByTestId('action-template').click();
  await expect(page).toHaveURL(new RegExp(`/app/clone-template/demo\\?id=${source}$`));
  await expect(page.getByTestId('template-source')).toHaveText('From phone: Clone source');
  await expect(page.getByTestId('template-empty')).toBeVisible();

  // A name over 20 characters is refused next to the field; a valid one starts the template with its progress.
  await page.locator('#template-name').fill('x'.repeat(21));
  await page.getByTestId('template-create').click();
  await expect(page.locator('#template-name-error')).toHaveText('The name can be at most 20 characters');
  await page.locator('#template-name').fill('Shop kit v1');
  await page.getByTestId('template-create').click();
  const item = page.getByTestId('template-item').filter({ hasText: 'Shop kit v1' });
  await expect(item).toHaveAttribute('data-state', 'creating');
  await expect(item.getByTestId('template-progress')).toHaveText(/Creating \d+%/);
  await expect(item).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(item.getByTestId('template-state')).toHaveText('Available');
  await expect(item.getByTestId('template-days-left')).toHaveText('Days left: 7');
  await expect(item).toContainText('Size 532 MB');
  await expect(item).toContainText('1 app');

  // Cloned onto two phones: the order number, each phone being cloned, then done.
  await page.goto(appUrl(`/clone-phone/demo?ids=${one},${two}`));
  await expect(page.getByTestId('clone-phone-count')).toHaveText('2 phones chosen');
  await page.getByTestId('clone-template-choice').filter({ hasText: 'Shop kit v1' }).locator('input').check();
  await page.getByTestId('clone-start').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Clone the template "Shop kit v1" onto 2 phones?');
  await dialog.getByRole('button', { name: 'Start cloning' }).click();
  await expect(page.getByTestId('clone-order-no')).toHaveText(/^Clone order number: CL\d{20}$/);
  const items = page.getByTestId('clone-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAttribute('data-status', 'cloning');
  await expect(items.first()).toContainText(/Being cloned \d+%/);
  await expect(page.locator('[data-testid="clone-item"][data-status="done"]')).toHaveCount(2, { timeout: 20_000 });

  // Both phones now carry the template's app; the one's own app is gone.
  await page.goto(appUrl(`/app-manager/demo?ids=${one},${two}`));
  const row = page.locator(`[data-testid="apps-row"][data-package="${PACKAGE}"]`);
  await expect(row.getByTestId('apps-row-facts')).toHaveText('Version 1.4.0 · On 2 of 2 phones');
  await expect(page.locator('[data-testid="apps-row"][data-package="com.example.old"]')).toHaveCount(0);

  // A phone with less validity than the clone limit's hours is refused in the catalogue's words.
  await page.goto(appUrl(`/clone-phone/demo?ids=${short}`));
  await page.getByTestId('clone-template-choice').first().locator('input').check();
  await page.getByTestId('clone-start').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start cloning' }).click();
  await expect(page.getByTestId('clone-error')).toHaveText('Remaining time insufficient to be cloned');

  // The way to the template list, where the template is deleted (asked first).
  await page.getByTestId('clone-manage').click();
  await expect(page).toHaveURL(/\/app\/clone-template\/demo$/);
  await expect(item.getByTestId('template-delete')).toHaveAccessibleName('Delete Shop kit v1');
  await item.getByTestId('template-delete').click();
  await expect(page.getByRole('dialog')).toContainText('Delete the template "Shop kit v1"?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('template-empty')).toBeVisible({ timeout: 10_000 });
  await page.context().close();
});

/** A new account of the green tenant (tenant 100: templates switched off), in English. */
async function greenPerson(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await useEnglish(page);
  await skipExpiryReminder(page, 'green');
  return { page, mobile: await registerNewUser(page, 'green') };
}

test('entries: the batch page leads to the clone page; the green tenant, which cannot make templates, offers neither', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [one, two] = plantPhones(mobile, [{ name: 'Batch one' }, { name: 'Batch two' }]);
  await page.goto(appUrl(`/batch-operation/demo?action=reboot&ids=${one},${two}`));
  await page.getByTestId('batch-clone').click();
  await expect(page).toHaveURL(new RegExp(`/app/clone-phone/demo\\?ids=${one},${two}$`));
  await expect(page.getByTestId('clone-no-template')).toHaveText('No template available: create one from a phone first');
  await expect(page.getByTestId('clone-manage')).toBeVisible();
  await expect(page.getByTestId('clone-start'), 'nothing to clone from yet').toBeDisabled();
  await page.context().close();

  const green = await greenPerson(browser);
  const [phone] = plantPhones(green.mobile, [{ name: 'Green clone' }]);
  await green.page.goto(appUrl('/green'));
  await green.page.getByTestId('view-list').click();
  await sheetFor(green.page, 'Green clone');
  // Templates cannot be made there, so no Clone leads to "create a template first": neither entry is offered.
  await expect(green.page.getByTestId('action-rename')).toBeVisible();
  await expect(green.page.getByTestId('action-template')).toHaveCount(0);
  await expect(green.page.getByTestId('action-clone')).toHaveCount(0);
  await green.page.goto(appUrl(`/batch-operation/green?action=reboot&ids=${phone}`));
  await expect(green.page.getByTestId('batch-transfer')).toBeVisible();
  await expect(green.page.getByTestId('batch-clone')).toHaveCount(0);
  await green.page.context().close();
});

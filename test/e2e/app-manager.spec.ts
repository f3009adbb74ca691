/**
 * App batch management (server/API.md "Apps"): the apps of 2-3 chosen phones as one list, then start, stop and
 * uninstall of one package over all of them, with live per-phone progress and each phone's result in the catalogue's
 * words. An app planted in `phone_apps` (as the upload feature will install one) shows in the list and can be
 * uninstalled; a system app cannot.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';

const PACKAGE = 'com.example.todo';

/** Installs the app on these phones the way installApp does (a row of phone_apps). */
function plantApp(phoneIds: number[], packageName = PACKAGE, label = 'Todo list') {
  const db = serverDb();
  try {
    const insert = db.prepare(
      'INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
    );
    for (const id of phoneIds) insert.run(id, packageName, label, '2.1.0', 21, 123456, Date.now());
  } finally {
    db.close();
  }
}

function installedOn(packageName: string): number[] {
  const db = serverDb();
  try {
    return db.prepare('SELECT phone_id FROM phone_apps WHERE package_name = ? ORDER BY phone_id').pluck().all(packageName) as number[];
  } finally {
    db.close();
  }
}

const row = (page: Page, packageName: string) => page.locator(`[data-testid="apps-row"][data-package="${packageName}"]`);
const item = (page: Page, id: number) => page.locator(`[data-testid="apps-item"][data-phone-id="${id}"]`);

test('start, stop and uninstall over three phones: live progress, then per-phone results', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [one, two, off] = plantPhones(mobile, [{ name: 'Apps one' }, { name: 'Apps two' }, { name: 'Apps off', status: 'offline' }]);
  plantApp([one, off]);

  await page.goto(appUrl(`/app-manager/demo?ids=${one},${two},${off}`));
  await expect(page.getByTestId('apps-phone-count')).toHaveText('3 phones chosen');
  const todo = row(page, PACKAGE);
  await expect(todo).toContainText('Todo list');
  await expect(todo).toContainText(PACKAGE);
  await expect(todo.getByTestId('apps-row-facts')).toHaveText('Version 2.1.0 · On 2 of 3 phones');
  // The installed app comes first; the built-ins are marked as system apps.
  await expect(page.getByTestId('apps-row').first()).toHaveAttribute('data-package', PACKAGE);
  await expect(page.locator('[data-testid="apps-row"][data-system="true"]').first()).toContainText('System app');

  // Start: every phone is asked; progress shows while it runs, then each phone's result.
  await todo.locator('input').check();
  await page.getByTestId('apps-start').click();
  const operation = page.getByTestId('apps-operation');
  await expect(operation).toHaveAttribute('data-status', 'running');
  await expect(item(page, one)).toHaveAttribute('data-status', 'running');
  await expect(item(page, one)).toContainText(/In progress \d+%/);
  await expect(operation).toHaveAttribute('data-status', 'partial', { timeout: 15_000 });
  await expect(item(page, one)).toHaveAttribute('data-status', 'success');
  await expect(item(page, one)).toContainText('Apps one');
  await expect(item(page, one)).toContainText('Done');
  await expect(item(page, two)).toHaveAttribute('data-status', 'failed');
  await expect(item(page, two).getByTestId('apps-item-reason')).toHaveText('The app is not installed on this phone');
  await expect(item(page, off).getByTestId('apps-item-reason')).toHaveText('The device is offline');
  await expect(operation.getByRole('heading')).toHaveText('Start "Todo list": Partly done');
  await expect(todo.getByTestId('apps-row-facts')).toHaveText('Version 2.1.0 · On 2 of 3 phones · Running on 1');

  // Stop: no longer running.
  await page.getByTestId('apps-stop').click();
  await expect(operation.getByRole('heading')).toHaveText('Stop "Todo list": Partly done', { timeout: 15_000 });
  await expect(item(page, one)).toHaveAttribute('data-status', 'success');
  await expect(todo.getByTestId('apps-row-facts')).toHaveText('Version 2.1.0 · On 2 of 3 phones');

  // Uninstall asks first; cancelled, nothing happens.
  await page.getByTestId('apps-uninstall').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Uninstall "Todo list" from 3 phones?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(operation.getByRole('heading')).toHaveText(/^Stop/);
  await page.getByTestId('apps-uninstall').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Uninstall' }).click();
  await expect(operation.getByRole('heading')).toHaveText('Uninstall "Todo list": Partly done', { timeout: 15_000 });
  await expect(item(page, one)).toHaveAttribute('data-status', 'success');
  await expect(item(page, off).getByTestId('apps-item-reason')).toHaveText('The device is offline');
  expect(installedOn(PACKAGE)).toEqual([off]);
  await expect(todo.getByTestId('apps-row-facts')).toHaveText('Version 2.1.0 · On 1 of 3 phones');
  await page.context().close();
});

test('a system app starts but is never uninstalled; the entries from the action sheet and the batch page', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [one, two] = plantPhones(mobile, [{ name: 'Sys one' }, { name: 'Sys two' }]);

  // The device action sheet opens the manager for its phone.
  await page.goto(appUrl('/demo'));
  await page.getByTestId('phone-card').filter({ hasText: 'Sys one' }).getByTestId('phone-more').click();
  await page.getByTestId('action-apps').click();
  await expect(page).toHaveURL(new RegExp(`/app/app-manager/demo\\?ids=${one}$`));
  await expect(page.getByTestId('apps-phone-count')).toHaveText('1 phone chosen');

  const system = page.locator('[data-testid="apps-row"][data-system="true"]').first();
  await system.locator('input').check();
  await expect(page.getByTestId('apps-uninstall')).toBeDisabled();
  await expect(page.getByText('System apps cannot be uninstalled')).toBeVisible();
  await page.getByTestId('apps-start').click();
  await expect(page.getByTestId('apps-operation')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  await expect(system.getByTestId('apps-row-facts')).toContainText('Running on 1');

  // The batch page links the chosen phones to it.
  await page.goto(appUrl(`/batch-operation/demo?action=reboot&ids=${one},${two}`));
  await page.getByTestId('batch-apps').click();
  await expect(page).toHaveURL(new RegExp(`/app/app-manager/demo\\?ids=${one},${two}$`));
  await expect(page.getByTestId('apps-phone-count')).toHaveText('2 phones chosen');
  await page.context().close();
});

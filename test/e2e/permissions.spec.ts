/** Spec §6: entries tied to a client function are shown only when the function list enables it (`enable: true`). */
import { expect, test, type Page } from '@playwright/test';
import { registerNewUser, useEnglish } from './helpers.ts';

const ALL_KEYS = [
  'root_button', 'reboot_button', 'reset_button', 'upgrade_button', 'new_button', 'renew_button', 'transfer_button',
  'auth_button', 'clone_button', 'template_button', 'change_button', 'connect_button', 'discovery', 'productBuy',
  'activationCode', 'screen_sharing',
];

/**
 * Answers the function list with every key enabled except as overridden: `false`, `'missing'` (the entry has no
 * enable flag) or `'absent'` (no entry at all).
 */
async function functionList(page: Page, overrides: Record<string, false | 'missing' | 'absent'>): Promise<void> {
  const list = ALL_KEYS.filter((key) => overrides[key] !== 'absent').map((key) => {
    const entry: Record<string, unknown> = { key, name: key, props: {} };
    if (overrides[key] !== 'missing') entry.enable = overrides[key] ?? true;
    return entry;
  });
  await page.route('**/api/merchant/client-function/list**', (route) =>
    route.fulfill({ json: { code: 0, msg: '', data: list } }),
  );
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('profile entries of functions that are off or not enabled are gone; the rest stay', async ({ page }) => {
  await functionList(page, { renew_button: false, upgrade_button: 'missing', activationCode: 'absent', discovery: false });
  await registerNewUser(page);
  await expect(page.getByTestId('shortcut-add-phone')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: /^Me(\s|$)/ }).click();
  await expect(page.getByTestId('entry-order-list')).toBeVisible();
  await expect(page.getByTestId('entry-my-coupon')).toBeVisible();
  await expect(page.getByTestId('entry-system-setting')).toBeVisible();
  await expect(page.getByTestId('entry-recharge-phone')).toHaveCount(0);
  await expect(page.getByTestId('entry-upgrade-select-phone')).toHaveCount(0);
  await expect(page.getByTestId('entry-activation-code')).toHaveCount(0);
});

test('with neither purchase function the buy and renew entries are gone instead of leading nowhere', async ({ page }) => {
  await functionList(page, { productBuy: false, activationCode: 'missing' });
  await registerNewUser(page);
  await expect(page.getByTestId('shortcut-manage-group')).toBeVisible();
  await expect(page.getByTestId('shortcut-add-phone')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Discover', exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^Me(\s|$)/ }).click();
  await expect(page.getByTestId('entry-upgrade-select-phone')).toBeVisible();
  await expect(page.getByTestId('entry-recharge-phone')).toHaveCount(0);
  await expect(page.getByTestId('entry-activation-code')).toHaveCount(0);
  await page.getByTestId('entry-personal-center').click();
  await expect(page.getByTestId('entry-settings')).toBeVisible();
});

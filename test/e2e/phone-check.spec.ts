/**
 * The phone check (server/API.md "Phone check"): an offline phone shows the connection problem with the reboot fix,
 * and the fix works (the phone restarts and the check runs again, all clear); an expiring phone offers renewal, and
 * the entry from the device action sheet opens the check of that phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, plantPhones } from './helpers.ts';

const HOUR = 3600_000;
const row = (page: Page, name: string) => page.locator(`[data-testid="check-row"][data-check="${name}"]`);

test('an offline phone: the connection problem with the reboot fix, which brings it back', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [id] = plantPhones(mobile, [{ name: 'Sleeping', status: 'offline' }]);

  // From the device action sheet.
  await page.goto(appUrl('/demo'));
  await page.getByTestId('phone-card').filter({ hasText: 'Sleeping' }).getByTestId('phone-more').click();
  await page.getByTestId('action-phoneCheck').click();
  await expect(page).toHaveURL(new RegExp(`/app/phone-check/demo\\?id=${id}$`));

  await expect(row(page, 'reachable')).toHaveAttribute('data-result', 'problem');
  await expect(row(page, 'reachable')).toContainText('The device is offline');
  await expect(row(page, 'memory')).toHaveAttribute('data-result', 'skipped');
  await expect(page.getByTestId('check-verdict')).toHaveText('1 problem found');
  await expect(row(page, 'storage')).toContainText(/GB used of 64\.0 GB/);

  await row(page, 'reachable').getByTestId('check-fix-reboot').click();
  await expect(page.getByTestId('check-rebooting')).toBeVisible();
  await expect(row(page, 'reachable')).toHaveAttribute('data-result', 'ok', { timeout: 15_000 });
  await expect(page.getByTestId('check-rebooting')).toHaveCount(0);
  await expect(row(page, 'memory')).toHaveAttribute('data-result', 'ok');
  await expect(row(page, 'latency')).toContainText(/\d+(\.\d)? ms/);
  await expect(page.getByTestId('check-verdict')).toHaveText('No problem found: ready to use');
});

test('an expiring phone offers renewal, which opens the renew page for it', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [id] = plantPhones(mobile, [{ name: 'Almost over', validMs: 5 * HOUR }]);
  await page.goto(appUrl(`/phone-check/demo?id=${id}`));
  await expect(row(page, 'time')).toHaveAttribute('data-result', 'warning');
  await expect(row(page, 'time')).toContainText('Expiring soon: renew in time');
  await row(page, 'time').getByTestId('check-fix-renew').click();
  await expect(page).toHaveURL(new RegExp(`/app/recharge-single-phone/demo\\?id=${id}$`));
});

test("phone-view's connection failure offers the phone check of that phone", async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [id] = plantPhones(mobile, [{ name: 'Unreachable', status: 'offline' }]);
  await page.goto(appUrl(`/phone-view/demo?id=${id}`));
  await expect(page.getByTestId('stream-failed')).toContainText('The device is offline');
  await page.getByTestId('stream-phone-check').click();
  await expect(page).toHaveURL(new RegExp(`/app/phone-check/demo\\?id=${id}$`));
  await expect(row(page, 'reachable').getByTestId('check-fix-reboot')).toBeVisible();
});

/**
 * Transfers to another account (server/API.md "Transfers"), two people in browser contexts of their own: the sender
 * chooses phones, names the receiver, sees per phone what will happen, confirms; the phones leave the sender's list
 * and arrive in the receiver's, and both see the order in their records.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, plantPhones, uniqueMobile } from './helpers.ts';

const HOUR = 3600 * 1000;

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

async function openHome(page: Page) {
  await page.goto(appUrl('/demo'));
  await expect(page.getByTestId('phone-card').first()).toBeVisible();
}

test('two phones move to another account: checked, confirmed, gone from the sender, arrived at the receiver, in both records', async ({ browser }) => {
  const sender = await person(browser);
  const receiver = await person(browser);
  const [first, second, short] = plantPhones(sender.mobile, [{ name: 'Gift one' }, { name: 'Gift two' }, { name: 'Nearly over', validMs: 2 * HOUR }]);
  const page = sender.page;

  // From the action sheet: the phone comes chosen.
  await openHome(page);
  await page.getByTestId('phone-card').filter({ hasText: 'Gift one' }).getByTestId('phone-more').click();
  await page.getByTestId('action-transfer').click();
  await expect(page).toHaveURL(new RegExp(`/app/transfer-device/demo\\?ids=${first}$`));
  await expect(page.getByTestId('transfer-chosen-phone')).toHaveText([/Gift one/]);

  // More phones from the picker.
  await page.getByTestId('transfer-choose').click();
  await page.getByTestId('pick-phone').filter({ hasText: 'Gift two' }).locator('input').check();
  await page.getByTestId('pick-phone').filter({ hasText: 'Nearly over' }).locator('input').check();
  await page.getByTestId('transfer-choose').click();
  await expect(page.getByTestId('transfer-count')).toHaveText('3/5 chosen');

  // A bad receiver is told next to the field, which keeps what was typed: the rule first, then the server's word.
  const field = page.locator('#transfer-target');
  await field.fill('12ab');
  await page.getByTestId('transfer-check-submit').click();
  await expect(page.locator('#transfer-target-error')).toHaveText('Enter an 11-digit mobile number or a user number (digits only)');
  await expect(field).toHaveValue('12ab');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const stranger = uniqueMobile();
  await field.fill(stranger);
  await page.getByTestId('transfer-check-submit').click();
  await expect(page.locator('#transfer-target-error')).toHaveText('The receiving account does not exist');
  await expect(field).toHaveValue(stranger);
  await field.fill(sender.mobile);
  await page.getByTestId('transfer-check-submit').click();
  await expect(page.locator('#transfer-target-error')).toHaveText('A phone cannot be transferred to your own account');

  // The check: two may go, the one with too little time is refused in the catalogue's words.
  await field.fill(receiver.mobile);
  await page.getByTestId('transfer-check-submit').click();
  const verdicts = page.getByTestId('transfer-check-item');
  await expect(verdicts).toHaveCount(3);
  await expect(page.locator(`[data-testid="transfer-check-item"][data-phone-id="${short}"]`)).toContainText('The phone has too little time left to be transferred');
  await expect(page.locator('[data-testid="transfer-check-item"][data-ok="true"]')).toHaveCount(2);
  await expect(page.getByText(`Receiver: ${masked(receiver.mobile)}`)).toBeVisible();

  await page.getByTestId('transfer-confirm').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(masked(receiver.mobile));
  await dialog.getByRole('button', { name: 'Transfer 2' }).click();
  const done = page.getByTestId('transfer-done');
  await expect(done).toHaveAttribute('data-status', 'success');
  await expect(page.locator('[data-testid="transfer-result-item"][data-status="success"]')).toHaveCount(2);
  const orderNo = (await page.getByTestId('transfer-order-no').textContent())!;
  expect(orderNo).toMatch(/^\d{20}$/);

  // The sender's list: the two are gone, the refused one stays.
  await page.getByTestId('transfer-finished').click();
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Nearly over' })).toBeVisible();
  await expect(page.getByTestId('phone-card')).toHaveCount(1);

  // The receiver's list: they arrived, with their time.
  await openHome(receiver.page);
  await expect(receiver.page.getByTestId('phone-name')).toHaveText(['Gift one', 'Gift two']);
  await expect(receiver.page.locator(`[data-phone-id="${second}"] [data-testid="phone-remaining"]`)).toContainText(/29d|30d/);

  // Both records: the sender's order with its two phones, the receiver's as received.
  await page.goto(appUrl('/transfer-list/demo'));
  const sent = page.locator(`[data-testid="transfer-record"][data-order-no="${orderNo}"]`);
  await expect(sent).toHaveAttribute('data-direction', 'sent');
  await expect(sent.getByTestId('transfer-record-to')).toContainText(masked(receiver.mobile));
  await expect(sent.getByTestId('transfer-record-from')).toContainText(masked(sender.mobile));
  await expect(sent.getByTestId('transfer-record-status')).toHaveText('Successful');
  await expect(sent.getByTestId('transfer-record-phone-item')).toHaveCount(2);
  await receiver.page.goto(appUrl('/transfer-list/demo'));
  const got = receiver.page.locator(`[data-testid="transfer-record"][data-order-no="${orderNo}"]`);
  await expect(got).toHaveAttribute('data-direction', 'received');
  await receiver.page.getByTestId('transfer-tab-sent').click();
  await expect(receiver.page.getByTestId('list-empty')).toBeVisible();
  await page.context().close();
  await receiver.page.context().close();
});

test('a phone moved today is refused at the check for the day and the frequency; the records link opens the list', async ({ browser }) => {
  const sender = await person(browser);
  const receiver = await person(browser);
  const [phone] = plantPhones(sender.mobile, [{ name: 'Round trip' }]);
  const page = sender.page;
  await page.goto(appUrl(`/transfer-device/demo?ids=${phone}`));
  await expect(page.getByTestId('transfer-chosen-phone')).toHaveCount(1);
  await page.locator('#transfer-target').fill(receiver.mobile);
  await page.getByTestId('transfer-check-submit').click();
  await page.getByTestId('transfer-confirm').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Transfer 1' }).click();
  await expect(page.getByTestId('transfer-done')).toHaveAttribute('data-status', 'success');

  // Straight back: the phone has changed hands today already.
  const back = receiver.page;
  await back.goto(appUrl(`/transfer-device/demo?ids=${phone}`));
  await expect(back.getByTestId('transfer-chosen-phone')).toHaveCount(1);
  await back.locator('#transfer-target').fill(sender.mobile);
  await back.getByTestId('transfer-check-submit').click();
  await expect(back.getByTestId('transfer-check-item')).toContainText("This phone has reached today's transfer limit");
  await expect(back.getByTestId('transfer-confirm')).toBeDisabled();
  await back.getByTestId('transfer-records-link').click();
  await expect(back).toHaveURL(/\/app\/transfer-list\/demo$/);
  await expect(back.getByTestId('transfer-record')).toHaveAttribute('data-direction', 'received');
  await page.context().close();
  await back.context().close();
});

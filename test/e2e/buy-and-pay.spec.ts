import { expect, test, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, registerNewUser, serverDb, skipExpiryReminder, useEnglish } from './helpers.ts';

// Money is checked to the cent against the seed prices (server/API.md "Commerce"):
// Standard 30d 3900, Pro 30d 7800; daily Standard 130, Pro 260.
const DAY = 86_400_000;

async function loginScaleAccount(page: Page): Promise<void> {
  // The 1,000-phone account: renewals and upgrades here disturb no other test.
  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page, '13800138001', 'demo1234');
  await expect(page).toHaveURL(/\/app\/demo$/);
}

/** A new user's order of one 7-day Standard phone, up to the payment page. */
async function orderOneWeek(page: Page): Promise<void> {
  await useEnglish(page);
  await registerNewUser(page);
  await page.goto(appUrl('/add-phone/demo'));
  await page.getByTestId('grade-1').click();
  await page.getByTestId('package-7').click();
  await page.getByTestId('buy-submit').click();
  await expect(page).toHaveURL(/\/app\/payment\/demo\?orderId=\d+$/);
}

async function payWithMock(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/app\/payment\/demo\?orderId=\d+$/);
  await page.getByTestId('method-mock').check();
  await page.getByTestId('pay-submit').click();
  await expect(page).toHaveURL(/\/app\/pay-result\/demo\?orderId=\d+$/);
  await expect(page.getByTestId('pay-result-title')).toHaveText('Payment successful');
}

test('buy a phone with the mock payment; the result counts down home, where the phone is listed', async ({ page }) => {
  await useEnglish(page);
  await registerNewUser(page);
  await expect(page.getByTestId('device-empty')).toBeVisible();
  // The empty home leads to buying a first phone.
  await page.getByTestId('empty-buy').click();
  await page.getByTestId('grade-1').click();
  await page.getByTestId('package-30').click();
  await expect(page.getByTestId('pay-amount')).toHaveText('¥39.00');
  await page.getByTestId('buy-submit').click();
  await expect(page.getByTestId('payment-amount')).toHaveText('¥39.00');
  await payWithMock(page);
  await expect(page.getByTestId('pay-result-countdown')).toContainText('Back to home in');
  await expect(page).toHaveURL(/\/app\/demo$/, { timeout: 10_000 });
  await expect(page.getByTestId('phone-card')).toHaveCount(1);
  await expect(page.getByTestId('phone-remaining').first()).toContainText(/29d 23h|30d 0h/);
});

test('buy with a coupon: the price is right to the cent, unusable coupons say why', async ({ page }) => {
  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/add-phone/demo'));
  await page.getByTestId('grade-2').click();
  await page.getByTestId('package-30').click();
  await page.getByTestId('quantity-more').click();
  await expect(page.getByTestId('pay-amount')).toHaveText('¥156.00');
  const picker = page.getByTestId('coupon-picker');
  await expect(picker.getByText('Not usable yet')).toBeVisible();
  const cash = picker.locator('label', { hasText: '¥5.00 off' });
  await cash.locator('input').check();
  await expect(page.getByTestId('pay-amount')).toHaveText('¥151.00');
  await page.getByTestId('buy-submit').click();
  await expect(page.getByTestId('payment-amount')).toHaveText('¥151.00');
  await payWithMock(page);
});

test('renew two phones: the new expiry of each is previewed and applied', async ({ page }) => {
  await loginScaleAccount(page);
  await page.goto(appUrl('/recharge-phone/demo'));
  const picker = page.getByTestId('phone-picker');
  await expect(picker.getByTestId('pick-phone').first()).toBeVisible();
  // Two phones of one level (a renewal order takes one level's package).
  const standard = picker.getByTestId('pick-phone').filter({ hasText: 'Standard' });
  await standard.nth(0).locator('input').check();
  await standard.nth(1).locator('input').check();
  await page.getByTestId('package-30').click();
  await expect(page.getByTestId('new-expiry')).toHaveCount(2);
  await expect(page.getByTestId('pay-amount')).toHaveText('¥78.00');
  const before = await page.getByTestId('new-expiry').allTextContents();
  expect(before.every((text) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(text))).toBe(true);
  await page.getByTestId('renew-submit').click();
  await payWithMock(page);
});

test('upgrade: the difference is the remaining whole days times the daily price gap', async ({ page }) => {
  await loginScaleAccount(page);
  const db = serverDb();
  const phone = db.prepare(
    "SELECT p.id, p.name FROM phones p JOIN users u ON u.id = p.user_id WHERE u.mobile = '13800138001' AND p.grade_id = 1 AND p.expire_time > ? ORDER BY p.id DESC LIMIT 1",
  ).get(Date.now() + 3 * DAY) as { id: number; name: string };
  const expireAt = Date.now() + 10 * DAY + 5 * 3600_000;
  db.prepare('UPDATE phones SET expire_time = ? WHERE id = ?').run(expireAt, phone.id);
  db.close();
  await page.goto(appUrl(`/upgrade-phone/demo?ids=${phone.id}`));
  await page.getByTestId('target-2').click();
  await expect(page.getByTestId('upgrade-line')).toHaveText('11 days left × (¥2.60 − ¥1.30) = ¥14.30');
  await expect(page.getByTestId('pay-amount')).toHaveText('¥14.30');
  await page.getByTestId('upgrade-submit').click();
  await payWithMock(page);
  const after = serverDb();
  const row = after.prepare('SELECT grade_id, expire_time FROM phones WHERE id = ?').get(phone.id) as { grade_id: number; expire_time: number };
  after.close();
  expect(row).toEqual({ grade_id: 2, expire_time: expireAt });
});

test('an upgrade is refused for a phone with under 1 day remaining, in the page and by the server', async ({ page }) => {
  await loginScaleAccount(page);
  const db = serverDb();
  const phone = db.prepare(
    "SELECT p.id, p.name FROM phones p JOIN users u ON u.id = p.user_id WHERE u.mobile = '13800138001' AND p.grade_id = 1 ORDER BY p.id LIMIT 1 OFFSET 3",
  ).get() as { id: number; name: string };
  db.prepare('UPDATE phones SET expire_time = ? WHERE id = ?').run(Date.now() + 12 * 3600_000, phone.id);
  db.close();
  await page.goto(appUrl(`/upgrade-phone/demo?ids=${phone.id}`));
  await page.getByTestId('target-2').click();
  await expect(page.getByTestId('upgrade-line')).toHaveText('Under 1 day remaining: cannot upgrade');
  await expect(page.getByTestId('upgrade-submit')).toBeDisabled();
  const refusal = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('token')!);
    const response = await fetch('/api/trade/order/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'tenant-id': '1' },
      body: JSON.stringify({ type: 'upgrade', targetGradeId: 2, userPhoneIds: [id] }),
    });
    return (await response.json()).msg as string;
  }, phone.id);
  expect(refusal).toBe('A phone needs at least 1 day remaining to upgrade');
});

test('double-tapping Pay creates one payment', async ({ page }) => {
  await orderOneWeek(page);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await page.getByTestId('pay-submit').dblclick();
  await expect(page.getByTestId('pay-result-title')).toHaveText('Payment successful');
  const db = serverDb();
  const payments = db.prepare('SELECT COUNT(*) FROM payments WHERE order_id = ?').pluck().get(orderId);
  const phones = db.prepare("SELECT COUNT(*) FROM orders o JOIN phones p ON p.user_id = o.user_id WHERE o.id = ?").pluck().get(orderId);
  db.close();
  expect(payments).toBe(1);
  expect(phones).toBe(1);
});

/** A new user's one-week order paid by a wallet method: up to the wallet's own page. */
async function toWallet(page: Page): Promise<void> {
  await orderOneWeek(page);
  await page.getByTestId('method-alipay').check();
  await page.getByTestId('pay-submit').click();
  await expect(page).toHaveURL(/\/pay\/wallet\//);
}

test('a wallet-type payment goes through the wallet page and comes back', async ({ page }) => {
  await toWallet(page);
  await page.getByRole('button', { name: /pay/i }).click();
  await expect(page).toHaveURL(/\/app\/pay-result\/demo\?orderId=\d+/);
  await expect(page.getByTestId('pay-result-title')).toHaveText('Payment successful');
});

test('a cancelled payment stays on its result, marked by a cross rather than colour alone, with retry', async ({ page }) => {
  await toWallet(page);
  await page.getByRole('button', { name: /cancel/i }).click();
  await expect(page).toHaveURL(/\/app\/pay-result\/demo\?orderId=\d+/);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-status', /failed|closed/);
  // No countdown home: the retry waits for the user.
  await expect(page.getByTestId('pay-result-countdown')).toHaveCount(0);
  const cross = await page.getByTestId('pay-result-icon').locator('path').getAttribute('d');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // A success's tick and this cross are different shapes.
  expect(cross).toMatch(/M22 22l20 20/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/app\/payment\/demo\?orderId=\d+$/);
  await payWithMock(page);
  expect(await page.getByTestId('pay-result-icon').locator('path').getAttribute('d')).not.toBe(cross);
  await expect(page.getByTestId('pay-result-countdown')).toContainText('Back to home in');
});

test('out of stock: one notice, the price shown, and the purchase continues with the device allocated later', async ({ page }) => {
  await useEnglish(page);
  await registerNewUser(page);
  await page.goto(appUrl('/add-phone/demo'));
  await page.getByTestId('grade-3').click();
  // One notice, and the price of what is ordered (the server's preview of the order allocated later), not a dash.
  await expect(page.getByTestId('out-of-stock')).toHaveText('Out of stock: you can still order, and your phone is allocated to you once it is back in stock.');
  // Not a second copy as an error (the level's chip says "Out of stock" as its note).
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/stock insufficient|contact support/i)).toHaveCount(0);
  await expect(page.getByTestId('pay-amount')).toHaveText(/^¥\d+\.\d\d$/);
  await page.getByTestId('buy-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This phone type is out of stock. Continue the purchase?');
  await expect(dialog).not.toContainText('contact support');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await payWithMock(page);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const db = serverDb();
  const status = db.prepare('SELECT status FROM orders WHERE id = ?').pluck().get(orderId);
  db.close();
  expect(status).toBe('waitAllocate');
});

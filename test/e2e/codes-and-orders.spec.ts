import { expect, test, type Page } from '@playwright/test';
import { appUrl, registerNewUser, serverDb, useEnglish } from './helpers.ts';

// Every test works on a brand-new user of tenant 1 (client "demo") and plants its own activation codes,
// redeem codes and coupons in the server's database: the seed codes are shared by the whole suite.

const DAY = 86_400_000;

/** A 12-character code no other test uses; upper case, so its lower-case twin is another code. */
function freshCode(prefix: string): string {
  const tail = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${prefix}${tail.slice(-(12 - prefix.length))}`.padEnd(12, '0').slice(0, 12);
}

function plantActivationCodes(codes: Array<{ code: string; type: 1 | 2; gradeId: number; days: number }>): void {
  const db = serverDb();
  const insert = db.prepare(
    'INSERT INTO activation_codes (tenant_id, code, type, grade_id, days, expires_at, created_at) VALUES (1, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  for (const { code, type, gradeId, days } of codes) insert.run(code, type, gradeId, days, now + 365 * DAY, now);
  db.close();
}

function codeUsed(code: string): boolean {
  const db = serverDb();
  const usedAt = db.prepare('SELECT used_at FROM activation_codes WHERE tenant_id = 1 AND code = ?').pluck().get(code);
  db.close();
  return usedAt !== null && usedAt !== undefined;
}

function userId(mobile: string): number {
  const db = serverDb();
  const id = db.prepare('SELECT id FROM users WHERE tenant_id = 1 AND mobile = ?').pluck().get(mobile) as number;
  db.close();
  return id;
}

/** A call of the API as the logged-in user, with the token the app stored. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('token')!);
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'tenant-id': '1' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, path, body },
  );
}

async function newUser(page: Page): Promise<string> {
  await useEnglish(page);
  return registerNewUser(page);
}

const rows = (page: Page) => page.getByTestId('code-row');
const row = (page: Page, code: string) => page.locator(`[data-testid="code-row"][data-code="${code}"]`);

test('new phones by code: a duplicate dropped, a wrong-case code refused, per-code results, phones listed', async ({ page }) => {
  await newUser(page);
  await expect(page.getByTestId('device-empty')).toBeVisible();
  const first = freshCode('E2EA');
  const second = freshCode('E2EB');
  plantActivationCodes([
    { code: first, type: 1, gradeId: 1, days: 30 },
    { code: second, type: 1, gradeId: 1, days: 30 },
  ]);
  const wrongCase = second.toLowerCase();

  await page.goto(appUrl('/activation-code/demo'));
  await page.getByTestId('code-entry-new').click();
  await expect(page).toHaveURL(/\/app\/add-code\/demo$/);

  const input = page.getByTestId('code-input');
  // A malformed code is flagged and nothing is sent until it is gone.
  await input.fill(`${first} SHORT1`);
  await expect(page.getByTestId('code-invalid')).toHaveText('1 code is not 12 letters or digits');
  await expect(row(page, 'SHORT1')).toHaveAttribute('data-status', 'invalid');
  await page.getByTestId('codes-activate').click();
  await expect(page.getByTestId('codes-error')).toHaveText('Remove or correct the flagged codes first');
  expect(codeUsed(first)).toBe(false);

  await input.fill(`${first}\n${second}, ${first}\n${wrongCase}`);
  await expect(page.getByTestId('code-count')).toHaveText('3 codes');
  await expect(page.getByTestId('code-duplicates')).toHaveText('1 duplicate dropped');
  await expect(page.getByTestId('code-invalid')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByTestId('code-status')).toHaveText(['Waiting for activation', 'Waiting for activation', 'Waiting for activation']);

  await page.getByTestId('codes-activate').click();
  await expect(row(page, first).getByTestId('code-status')).toHaveText('Activated successfully');
  await expect(row(page, second).getByTestId('code-status')).toHaveText('Activated successfully');
  await expect(row(page, wrongCase).getByTestId('code-status')).toHaveText('Does not exist');
  await expect(page.getByTestId('code-summary')).toHaveText('2 activated, 1 not activated');

  // The same codes again: already activated.
  await input.fill(first);
  await page.getByTestId('codes-activate').click();
  await expect(row(page, first).getByTestId('code-status')).toHaveText('Already activated');

  await page.goto(appUrl('/code-record/demo'));
  // Newest first; matched on the exact code (text matching ignores case, and the wrong-case code differs only in case).
  const record = (code: string) => page.locator(`[data-testid="code-record"][data-code="${code}"]`);
  await expect(record(first)).toHaveCount(2);
  await expect(record(first).first()).toContainText('Already activated');
  await expect(record(first).last()).toContainText('Activated successfully');
  await expect(record(second)).toContainText('Activated successfully');
  await expect(record(wrongCase)).toContainText('Does not exist');

  await page.goto(appUrl('/demo'));
  await expect(page.getByTestId('phone-card')).toHaveCount(2);
});

test('renewal by code: a code count that differs from the phones is refused before any call; code i renews phone i', async ({ page }) => {
  await newUser(page);
  const newCodes = [freshCode('E2EN'), freshCode('E2EN')];
  const renewals = [freshCode('E2ER'), freshCode('E2ER')];
  plantActivationCodes([
    ...newCodes.map((code) => ({ code, type: 1 as const, gradeId: 1, days: 30 })),
    ...renewals.map((code) => ({ code, type: 2 as const, gradeId: 1, days: 30 })),
  ]);
  const opened = await api<Array<{ status: string }>>(page, 'POST', '/api/product/activation-code/activate', { codes: newCodes, type: 1 });
  expect(opened.data.map((entry) => entry.status)).toEqual(['activated', 'activated']);

  // Sent here by the purchase gate for a renewal: the renewal entry comes first.
  await page.goto(appUrl('/activation-code/demo?type=2'));
  await expect(page.locator('.code-entry').first()).toHaveAttribute('data-testid', 'code-entry-renewal');
  await page.getByTestId('code-entry-renewal').click();
  await expect(page).toHaveURL(/\/app\/renew-code\/demo$/);

  const phones = page.getByTestId('renew-phone');
  await expect(phones).toHaveCount(2);
  const expiriesBefore = await phones.locator('.muted').allTextContents();
  await phones.nth(1).locator('input').check();
  await phones.nth(0).locator('input').check();
  // Ticking order is pairing order.
  await expect(phones.nth(1).getByTestId('renew-phone-order')).toHaveText('1');
  await expect(phones.nth(0).getByTestId('renew-phone-order')).toHaveText('2');
  await expect(page.getByTestId('renew-selected')).toHaveText('2 selected');

  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/activation-code/activate')) calls++;
  });
  await page.getByTestId('code-input').fill(renewals[0]!);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(1)).toContainText('No code');
  await page.getByTestId('codes-activate').click();
  await expect(page.getByTestId('codes-error')).toHaveText(
    'Codes: 1, phones selected: 2. The number of codes must equal the number of selected phones',
  );
  expect(calls).toBe(0);
  expect(codeUsed(renewals[0]!)).toBe(false);

  await page.getByTestId('code-input').fill(renewals.join(','));
  await expect(page.getByTestId('codes-error')).toHaveCount(0);
  const secondName = (await phones.nth(1).locator('.renew-phone__who > span').first().textContent())!;
  await expect(rows(page).nth(0).getByTestId('code-row-phone')).toContainText(secondName);
  await page.getByTestId('codes-activate').click();
  await expect(rows(page).getByTestId('code-status')).toHaveText(['Activated successfully', 'Activated successfully']);
  expect(calls).toBe(1);
  // The used codes leave the box: nothing there to send twice.
  await expect(page.getByTestId('code-input')).toHaveValue('');
  // Both phones now expire 30 days later than they did.
  await expect.poll(async () => (await phones.locator('.muted').allTextContents()).join('|')).not.toBe(expiriesBefore.join('|'));
});

test('redeem code: empty, 21 characters and symbols refused next to the field; a good one accepted; a used one refused', async ({ page }) => {
  await newUser(page);
  const good = `E2ERD${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
  const db = serverDb();
  db.prepare(
    `INSERT INTO redeem_codes (tenant_id, code, coupon_type, value, min_amount, max_discount, order_types, valid_days, created_at)
     VALUES (1, ?, 'cash', 300, 0, NULL, 'buy,renew', 30, ?)`,
  ).run(good, Date.now());
  db.close();

  await page.goto(appUrl('/activation-code/demo'));
  await expect(page.getByTestId('code-entry-new')).toBeVisible();
  const field = page.locator('#redeem-code');
  const submit = page.getByTestId('redeem-submit');
  const message = page.locator('#redeem-code-error');

  await submit.click();
  await expect(message).toHaveText('Please enter a redeem code');
  await field.fill('A'.repeat(21));
  await submit.click();
  await expect(message).toHaveText('A redeem code is at most 20 characters');
  await field.fill('SPRING-50');
  await submit.click();
  await expect(message).toHaveText('A redeem code contains only letters or digits');

  await field.fill('USEDREDEEM');
  await submit.click();
  await expect(message).toContainText('The redeem code has been used');

  await field.fill(good);
  await submit.click();
  await expect(page.getByTestId('redeem-done')).toContainText('Redeemed');
  await expect(message).toHaveCount(0);
  await page.getByTestId('redeem-done').getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/my-coupon\/demo$/);
  await expect(page.getByTestId('coupon-card')).toHaveCount(1);
  await expect(page.getByTestId('coupon-value')).toHaveText('¥3.00');

  await page.goto(appUrl('/activation-code/demo'));
  await page.getByTestId('code-record-link').click();
  await expect(page).toHaveURL(/\/app\/code-record\/demo$/);
  await expect(page.getByTestId('list-empty')).toHaveText('No usage records yet');
});

test('orders: tabs by state, details, copy the number, continue paying, cancel an unpaid order', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await newUser(page);
  const goods = await api<Array<{ gradeId: number; packages: Array<{ packageId: number; days: number }> }>>(page, 'GET', '/api/product/goods/list');
  const packageOf = (gradeId: number, days: number) =>
    goods.data.find((grade) => grade.gradeId === gradeId)!.packages.find((entry) => entry.days === days)!.packageId;

  const paid = await api<{ orderId: number; orderNo: string }>(page, 'POST', '/api/trade/order/create', { type: 'buy', packageId: packageOf(1, 7), quantity: 1 });
  expect(paid.code).toBe(0);
  const payment = await api<{ status: string }>(page, 'POST', '/api/pay/order/submit', {
    orderId: paid.data.orderId, method: 'mock', idempotencyKey: `e2e-orders-${paid.data.orderId}-${Date.now()}`, returnUrl: '/app/pay-result/demo',
  });
  expect(payment.data.status).toBe('success');
  const unpaid = await api<{ orderId: number; orderNo: string }>(page, 'POST', '/api/trade/order/create', { type: 'buy', packageId: packageOf(2, 30), quantity: 2 });
  expect(unpaid.code).toBe(0);

  await page.goto(appUrl('/order-list/demo'));
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(2);
  // Newest first: the unpaid Pro order.
  const open = cards.first();
  await expect(open).toHaveAttribute('data-order-id', String(unpaid.data.orderId));
  await expect(open.getByTestId('order-no')).toHaveText(unpaid.data.orderNo);
  await expect(open.getByTestId('order-status')).toHaveText('To pay');
  await expect(open.getByTestId('order-type')).toHaveText('New phone');
  await expect(open.getByTestId('order-sku')).toHaveText('Pro');
  await expect(open.getByTestId('order-package')).not.toHaveText('—');
  await expect(open.getByTestId('order-quantity')).toHaveText('2');
  // Phones are attached when allocated: none yet for an unpaid buy.
  await expect(open.getByTestId('order-phone-count')).toHaveText('0');
  await expect(open.getByTestId('order-close-time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expect(open.getByTestId('order-amount')).toHaveText('¥156.00');
  await expect(open.getByTestId('order-pay-time')).toHaveText('—');
  await expect(open.getByTestId('order-duration')).toHaveText('30 days');

  await open.getByTestId('order-copy').click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(unpaid.data.orderNo);

  await page.getByTestId('order-tab-allocated').click();
  await expect(page.getByTestId('order-list')).toHaveAttribute('data-tab', 'allocated');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-order-id', String(paid.data.orderId));
  await expect(cards.first().getByTestId('order-amount')).toHaveText('¥12.00');
  await expect(cards.first().getByTestId('order-pay-time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expect(cards.first().getByTestId('order-duration')).toHaveText('7 days');
  await expect(cards.first().getByTestId('order-phone-count')).toHaveText('1');
  await expect(cards.first().getByTestId('order-pay')).toHaveCount(0);

  await page.getByTestId('order-tab-completed').click();
  await expect(page.getByTestId('list-empty')).toHaveText('No orders yet');

  await page.getByTestId('order-tab-waitPay').click();
  await expect(cards).toHaveCount(1);
  await cards.first().getByTestId('order-pay').click();
  await expect(page).toHaveURL(new RegExp(`/app/payment/demo\\?orderId=${unpaid.data.orderId}$`));
  await page.goBack();

  await page.getByTestId('order-tab-waitPay').click();
  await cards.first().getByTestId('order-cancel').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(unpaid.data.orderNo);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(cards).toHaveCount(1);
  await cards.first().getByTestId('order-cancel').click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(page.getByTestId('list-empty')).toHaveText('No orders yet');

  await page.getByTestId('order-tab-canceled').click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('order-status')).toHaveText('Cancelled');
  await expect(cards.first().getByTestId('order-cancel')).toHaveCount(0);
});

function plantCoupons(user: number): void {
  const db = serverDb();
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO coupons (tenant_id, user_id, type, value, min_amount, max_discount, valid_from, valid_until, order_types, used_at, created_at)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(user, 'cash', 500, 3000, null, now - DAY, now + 30 * DAY, 'buy,renew', null, now);
  insert.run(user, 'discount', 85, 0, 2000, now - DAY, now + 30 * DAY, 'buy', null, now);
  insert.run(user, 'extension', 3, 0, null, now - DAY, now + 30 * DAY, 'renew', null, now);
  insert.run(user, 'cash', 1000, 0, null, now - 10 * DAY, now + 30 * DAY, 'buy', now - DAY, now);
  insert.run(user, 'cash', 200, 0, null, now - 30 * DAY, now - DAY, 'buy', null, now);
  db.close();
}

test('coupons: unused, used and expired tabs with each coupon\'s value and rules', async ({ page }) => {
  const mobile = await newUser(page);
  plantCoupons(userId(mobile));
  await page.goto(appUrl('/my-coupon/demo'));
  await expect(page.getByRole('heading', { name: 'My coupons' })).toBeVisible();
  const cards = page.getByTestId('coupon-card');
  await expect(cards).toHaveCount(3);

  const cash = page.locator('[data-testid="coupon-card"][data-type="cash"]');
  await expect(cash.getByTestId('coupon-value')).toHaveText('¥5.00');
  await expect(cash.getByTestId('coupon-type')).toHaveText('Cash');
  await expect(cash.getByTestId('coupon-min')).toHaveText('Orders from ¥30.00');
  await expect(cash.getByTestId('coupon-orders')).toHaveText('For: New phone, Renewal');
  await expect(cash.getByTestId('coupon-until')).toHaveText(/^Valid until \d{4}-\d\d-\d\d$/);

  const discount = page.locator('[data-testid="coupon-card"][data-type="discount"]');
  await expect(discount.getByTestId('coupon-value')).toHaveText('85% of price');
  await expect(discount.getByTestId('coupon-max')).toHaveText('Up to ¥20.00 off');
  await expect(discount.getByTestId('coupon-min')).toHaveText('No minimum');

  const extension = page.locator('[data-testid="coupon-card"][data-type="extension"]');
  await expect(extension.getByTestId('coupon-value')).toHaveText('+3 days');
  await expect(extension.getByTestId('coupon-max')).toHaveCount(0);

  await page.getByTestId('coupon-tab-used').click();
  await expect(page.getByTestId('coupon-list')).toHaveAttribute('data-tab', 'used');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('coupon-value')).toHaveText('¥10.00');

  await page.getByTestId('coupon-tab-expired').click();
  await expect(page.getByTestId('coupon-list')).toHaveAttribute('data-tab', 'expired');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('coupon-value')).toHaveText('¥2.00');

  await page.getByTestId('coupon-back').click();
  await expect(page).toHaveURL(/\/app\/demo$/);
});

test('coupons in Chinese: a discount reads as 折', async ({ page }) => {
  const mobile = await registerNewUser(page);
  plantCoupons(userId(mobile));
  await page.goto(appUrl('/my-coupon/demo'));
  await expect(page.locator('[data-testid="coupon-card"][data-type="discount"]').getByTestId('coupon-value')).toHaveText('8.5折');
  await expect(page.locator('[data-testid="coupon-card"][data-type="cash"]').getByTestId('coupon-min')).toHaveText('满 ¥30.00 可用');
  await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用');
});

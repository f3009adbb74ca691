/**
 * The message centre (server/API.md "Messages"): a new account has no messages; a transfer to it and an order it pays
 * each bring one, and the badge on the "Me" tab, the count on the "Me" page's Messages entry and the centre's tab counts rise; opening a message reads it and the
 * counts fall; mark all read clears a tab. A message whose HTML carries a script, an event handler and a script link
 * shows its formatting and runs none of them, in both languages.
 */
import { expect, test, type Page } from '@playwright/test';
import { callApi, createUnpaidOrder, ok } from './accessibility-data.ts';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';

async function badge(page: Page) {
  await page.goto(appUrl('/profile/demo'));
  await expect(page.getByTestId('profile-name')).toBeVisible();
  return page.getByTestId('unread-badge');
}

async function openCentre(page: Page) {
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('entry-messages').click();
  await expect(page).toHaveURL(/\/app\/message-center\/demo$/);
}

test('a transfer and a paid order each bring a message: the badge and tab counts rise, reading lowers them', async ({ browser }) => {
  const sender = await person(browser);
  const receiver = await person(browser);
  const page = receiver.page;
  await expect(await badge(page)).toHaveCount(0);
  await openCentre(page);
  await expect(page.getByTestId('list-empty')).toHaveText('No messages yet');

  // The sender gives a phone: the receiver's badge shows 1 on its next visit to the tab bar.
  const [phone] = plantPhones(sender.mobile, [{ name: 'Present' }]);
  await ok(sender.page, 'PUT /api/device/user/phone/give', { body: { userPhoneIds: [phone!], target: receiver.mobile } });
  await expect(await badge(page)).toHaveText('1');
  await expect(page.getByTestId('unread-badge')).toHaveAttribute('aria-label', '1 unread message');
  // The "Me" page says where: its Messages entry, with the count, opens the centre.
  const entry = page.getByTestId('entry-message-center');
  await expect(entry.getByTestId('entry-unread')).toHaveText('1 unread message');
  await entry.click();
  await expect(page).toHaveURL(/\/app\/message-center\/demo$/);
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.getByTestId('entry-messages').getByTestId('entry-unread')).toHaveText('1 unread message');

  await openCentre(page);
  await expect(page.getByTestId('message-count-all')).toHaveText('1');
  await expect(page.getByTestId('message-count-system')).toHaveText('1');
  await expect(page.getByTestId('message-count-ai')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'All 1 unread' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('message-tab-ai').click();
  await expect(page.getByTestId('message-tab-ai')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.getByTestId('message-tab-system').click();
  const item = page.getByTestId('message-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('Cloud phones received');

  // Opening it reads it: the detail, then the counts gone on the way back.
  await item.click();
  await expect(page).toHaveURL(/\/app\/message-detaile\/demo\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Cloud phones received' })).toBeVisible();
  await expect(page.getByTestId('message-content')).toContainText('transferred 1 cloud phone to you');
  await page.goBack();
  await expect(page.getByTestId('message-item')).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('message-count-all')).toHaveCount(0);
  await expect(await badge(page)).toHaveCount(0);
  await expect(page.getByTestId('entry-message-center').getByTestId('entry-unread')).toHaveCount(0);

  // An order paid: a new message, then "mark all read" clears it.
  const orderId = await createUnpaidOrder(page);
  const paid = await callApi<{ status: string }>(page, 'POST', '/api/pay/order/submit', { orderId, method: 'mock', idempotencyKey: `e2e-${Date.now()}` });
  expect(paid.data.status).toBe('success');
  await expect(await badge(page)).toHaveText('1');
  await openCentre(page);
  await expect(page.getByTestId('message-count-all')).toHaveText('1');
  await expect(page.getByTestId('message-item').first()).toContainText('Order paid');
  await page.getByTestId('message-read-all').click();
  await expect(page.getByTestId('message-count-all')).toHaveCount(0);
  await expect(page.locator('[data-testid="message-item"][data-read="false"]')).toHaveCount(0);
  await expect(page.getByTestId('message-read-all')).toBeDisabled();
  await expect(await badge(page)).toHaveCount(0);
});

test('a message whose HTML carries a script, a handler and a script link runs none of them, in English and Chinese', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const hostile =
    '<p>Formatting <strong data-testid="kept">kept</strong>.</p><script>window.__ran = "script"</script>' +
    '<img src="/nowhere.png" alt="" onerror="window.__ran = \'handler\'"><p><a href="javascript:window.__ran=\'link\'">link</a></p>';
  const db = serverDb();
  let id: number;
  try {
    const user = db.prepare('SELECT id FROM users WHERE mobile = ? AND deleted_at IS NULL').get(mobile) as { id: number };
    id = Number(
      db
        .prepare(
          `INSERT INTO messages (tenant_id, user_id, category, kind, title_zh, title_en, summary_zh, summary_en, content_zh, content_en, created_at)
           VALUES (1, ?, 'system', 'notice', '含脚本的消息', 'Message with a script', '摘要', 'Summary', ?, ?, ?)`,
        )
        .run(user.id, hostile, hostile, Date.now()).lastInsertRowid,
    );
  } finally {
    db.close();
  }
  await page.goto(appUrl(`/message-detaile/demo?id=${id}`));
  const content = page.getByTestId('message-content');
  await expect(page.getByRole('heading', { name: 'Message with a script' })).toBeVisible();
  await expect(content.locator('strong')).toHaveText('kept');
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('[onerror]')).toHaveCount(0);
  await content.getByText('link').click().catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();

  // Chinese: the same message in its Chinese texts, the page's words in Chinese.
  // person() stores English before every load: this later script switches to Chinese once the tab asks for it.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('zh') === '1') localStorage.setItem('language', JSON.stringify('zh-CN'));
  });
  await page.evaluate(() => sessionStorage.setItem('zh', '1'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '含脚本的消息' })).toBeVisible();
  await expect(page.getByText('系统消息')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
  await page.goto(appUrl('/message-center/demo'));
  await expect(page.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'AI 助手' })).toBeVisible();
  await expect(page.getByTestId('message-item')).toContainText('含脚本的消息');
});

import { expect, test } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, registerNewUser, serverDb, skipExpiryReminder } from './helpers.ts';

test('settings: the language applies at once and persists across a reload; virtual keys and cache', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/system-setting/demo'));
  await expect(page.getByRole('heading', { name: '系统设置' })).toBeVisible();
  await page.getByLabel('English').check();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('"en-US"');

  await expect(page.getByTestId('virtual-keys')).toBeChecked();
  await page.getByTestId('virtual-keys').uncheck();
  expect(await page.evaluate(() => localStorage.getItem('isShowVirtualKey'))).toBe('false');
  await page.reload();
  await expect(page.getByTestId('virtual-keys')).not.toBeChecked();

  await page.evaluate(() => localStorage.setItem('firstAgreementData', '{"type":1,"name":"x","content":"x"}'));
  await page.getByTestId('clear-cache').click();
  await expect(page.getByText('Cache cleared')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('firstAgreementData'), localStorage.getItem('token') !== null])).toEqual([null, true]);
  await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+$/);
});

test('profile tab: the banner ads of its position, customer service, about us', async ({ page }) => {
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page);
  await page.getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/app\/profile\/demo$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Demo User');
  await expect(page.getByTestId('ads-2').locator('img')).toHaveCount(1);

  await page.getByTestId('entry-customer-service').click();
  await expect(page.getByRole('dialog')).toContainText('400-800-1234');
  // The tenant's support page is another site: it opens beside the app, without a handle back to it.
  const support = page.getByRole('dialog').getByRole('link', { name: '在线客服' });
  await expect(support).toHaveAttribute('target', '_blank');
  await expect(support).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('dialog').getByRole('link', { name: '客服电话' })).not.toHaveAttribute('target', '_blank');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

  await page.getByTestId('entry-about-us').click();
  await expect(page.getByTestId('about-name')).toHaveText('演示云手机');
  await expect(page.getByTestId('about-version')).toContainText('版本');
  await page.getByRole('link', { name: '用户协议' }).click();
  await expect(page).toHaveURL(/\/app\/user-agreement\/demo$/);
});

test('an agreement whose HTML carries a script and an onerror attribute renders without running them', async ({ page }) => {
  const db = serverDb();
  db.prepare("UPDATE agreements SET content = ? WHERE tenant_id = 1 AND type = 2 AND language = 'en-US'").run(
    '<h2>Privacy</h2><p>Plain words stay.</p><script>window.__pwned = "script"</script>' +
      '<img src="/nowhere.png" onerror="window.__pwned = \'onerror\'"><a href="javascript:window.__pwned=\'link\'">link</a>',
  );
  db.close();
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en-US')));
  await page.goto(appUrl('/privacy-agreement/demo'));
  await expect(page.getByTestId('agreement').getByText('Plain words stay.')).toBeVisible();
  await page.locator('[data-testid="agreement"] a', { hasText: 'link' }).click();
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    scripts: document.querySelectorAll('[data-testid="agreement"] script').length,
    onerror: document.querySelector('[data-testid="agreement"] img')?.getAttribute('onerror') ?? null,
    href: document.querySelector('[data-testid="agreement"] a')?.getAttribute('href') ?? null,
  }));
  expect(state).toEqual({ pwned: null, scripts: 0, onerror: null, href: null });
});

test('the invite rules come from the CMS rule text', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByRole('link', { name: '邀请规则' }).click();
  await expect(page).toHaveURL(/\/app\/agreement\/demo\?rule=invite$/);
  await expect(page.getByTestId('agreement')).toContainText('邀请');
});

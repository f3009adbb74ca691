import { expect, test, type Page } from '@playwright/test';
import { appUrl, expectCodeSent, loginWithPassword, registerNewUser, serverDb, SMS_CODE, useEnglish } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** A registered number, logged out, on the recovery page with a code sent. */
async function startRecovery(page: Page): Promise<string> {
  const mobile = await registerNewUser(page);
  await page.evaluate(() => ['token', 'refreshToken', 'userInfo'].forEach((key) => localStorage.removeItem(key)));
  await page.goto(appUrl('/forget-password/demo'));
  await page.locator('#mobile').fill(mobile);
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  return mobile;
}

test('password recovery: verify the code, set a new password twice, log in with it', async ({ page }) => {
  const mobile = await startRecovery(page);
  await page.locator('#code').fill(SMS_CODE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('reset-step')).toHaveText('New password');
  await page.locator('#new-password').fill('NewPass123');
  await page.locator('#repeat-password').fill('newpass123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.locator('#repeat-password-error')).toHaveText('Two consecutive passwords do not match.');
  await expect(page.locator('#new-password')).toHaveValue('NewPass123');
  await page.locator('#repeat-password').fill('NewPass123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  await loginWithPassword(page, mobile, 'NewPass123');
  await expect(page).toHaveURL(/\/app\/demo$/);
});

test('password recovery: a wrong code is refused next to the code', async ({ page }) => {
  await startRecovery(page);
  await page.locator('#code').fill('135790');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#code-error')).toHaveText('Verification code is incorrect');
  await expect(page.getByTestId('reset-step')).toHaveText('Verify mobile');
});

test('password recovery: an expired code is refused next to the code', async ({ page }) => {
  const mobile = await startRecovery(page);
  const db = serverDb();
  const changed = db.prepare('UPDATE sms_codes SET expires_at = 0 WHERE mobile = ? AND scene = 4').run(mobile).changes;
  db.close();
  expect(changed, 'the recovery code row exists and was expired').toBe(1);
  await page.locator('#code').fill(SMS_CODE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#code-error')).toHaveText('Verification code has expired');
});

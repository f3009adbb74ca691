import { expect, test } from '@playwright/test';
import { appUrl, DEMO_MOBILE, expectCodeSent, loginWithPassword, openLogin, registerNewUser, SMS_CODE } from './helpers.ts';

// The same refusals as the English tests, in the default language (zh-CN).

test('login refusals in Chinese', async ({ page }) => {
  await openLogin(page);
  await page.locator('#mobile').fill('123');
  await page.getByTestId('login-submit').click();
  await expect(page.locator('#mobile-error')).toHaveText('请输入正确的手机号');
  await expect(page.getByText('请先阅读并同意用户协议和隐私政策')).toBeVisible();
  await loginWithPassword(page, DEMO_MOBILE, 'wrong1234');
  await expect(page.locator('#password-error')).toHaveText('错误码：1002001003 登录失败，手机号或密码错误');
});

test('account refusals in Chinese: nickname, password, binding', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('edit-nickname').click();
  await page.locator('#nickname').fill('');
  await page.getByTestId('save-nickname').click();
  await expect(page.locator('#nickname-error')).toHaveText('名称不能为空');
  await page.locator('#nickname').fill('名'.repeat(21));
  await page.getByTestId('save-nickname').click();
  await expect(page.locator('#nickname-error')).toHaveText('名称不能超过 20 个字符');

  await page.goto(appUrl('/password-manager/demo'));
  await page.locator('#new-password').fill('abc');
  await page.locator('#repeat-password').fill('abd');
  await page.getByTestId('password-submit').click();
  await expect(page.locator('#new-password-error')).toHaveText('密码不符合要求（6-20 位字母或数字）');
  await expect(page.locator('#repeat-password-error')).toHaveText('两次输入的密码不一致');

  await page.goto(appUrl('/mobile-phone-binding/demo'));
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  await page.locator('#old-code').fill(SMS_CODE);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.locator('#new-mobile').fill(DEMO_MOBILE);
  await page.getByTestId('send-code').click();
  await expect(page.locator('#new-mobile-error')).toHaveText('该手机号已绑定其他账号');
});

import { expect, test } from '@playwright/test';
import { apiUrl, appUrl, DEMO_MOBILE, loginWithPassword, loginWithSms, openLogin, SMS_CODE, uniqueMobile, useEnglish } from './helpers.ts';

test('the demo user logs in by password, sees home, and logs out', async ({ page }) => {
  await openLogin(page);
  await loginWithPassword(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await expect(page.getByTestId('device-view-grid4')).toBeVisible();
  await page.goto(appUrl('/profile/demo'));
  await expect(page.getByTestId('profile-name')).toHaveText('Demo User');
  await expect(page.getByText('138****8000')).toBeVisible();
  const stored = await page.evaluate(() => ['token', 'refreshToken', 'userInfo'].map((key) => localStorage.getItem(key) !== null));
  expect(stored).toEqual([true, true, true]);

  // Visiting login with a token goes home.
  await page.goto(appUrl('/login/demo'));
  await expect(page).toHaveURL(/\/app\/demo$/);

  await page.goto(appUrl('/profile/demo'));
  await page.getByTestId('logout').click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  const cleared = await page.evaluate(() => ['token', 'refreshToken', 'userInfo'].map((key) => localStorage.getItem(key)));
  expect(cleared).toEqual([null, null, null]);
  // The server revoked the session: home now sends us back to login.
  await page.goto(appUrl('/demo'));
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
});

test('an unregistered number logs in by SMS code and is registered on the way', async ({ page }) => {
  const mobile = uniqueMobile();
  await openLogin(page);
  await loginWithSms(page, mobile);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await expect(page.getByTestId('device-empty')).toHaveText('还没有云手机');
  await page.goto(appUrl('/profile/demo'));
  await expect(page.getByText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)).toBeVisible();
  // No nickname yet: the client name stands in (spec §3).
  await expect(page.getByTestId('profile-name')).toHaveText('演示云手机');
});

test('the demo user logs in by SMS code in the green tenant', async ({ page }) => {
  await openLogin(page, 'green');
  await loginWithSms(page, DEMO_MOBILE);
  await expect(page).toHaveURL(/\/app\/green$/);
  await page.goto(appUrl('/profile/green'));
  await expect(page.getByTestId('profile-name')).toHaveText('绿洲用户');
});

test.describe('bad input (English)', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await openLogin(page);
  });

  test('empty and malformed fields get the rule message next to them; typed text stays', async ({ page }) => {
    await page.getByTestId('login-submit').click();
    await expect(page.locator('#mobile-error')).toHaveText('Please enter your mobile number');
    await expect(page.locator('#code-error')).toHaveText('Please enter the verification code');
    await expect(page.getByText('Please read and agree to the User Agreement and Privacy Policy first')).toBeVisible();

    await page.locator('#mobile').fill('12345');
    await page.locator('#code').fill('12');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('#mobile-error')).toHaveText('Please enter a correct phone number');
    await expect(page.locator('#code-error')).toHaveText('The code is 4-6 digits');
    await expect(page.locator('#mobile')).toHaveValue('12345');
    await expect(page.locator('#code')).toHaveValue('12');

    await page.getByTestId('send-code').click();
    await expect(page.locator('#mobile-error')).toHaveText('Please enter a correct phone number');

    await page.getByTestId('tab-password').click();
    await page.locator('#mobile').fill(DEMO_MOBILE);
    await page.locator('#password').fill('abc');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('#password-error')).toContainText('Password does not meet the requirements');
  });

  test('a wrong password is refused by the server, shown next to the password', async ({ page }) => {
    await loginWithPassword(page, DEMO_MOBILE, 'wrong1234');
    await expect(page.locator('#password-error')).toHaveText('Error code: 1002001003 Login failed: incorrect mobile number or password');
    await expect(page.locator('#password')).toHaveValue('wrong1234');
    await expect(page).toHaveURL(/\/app\/login\/demo$/);
  });

  test('a wrong SMS code is refused by the server, shown next to the code', async ({ page }) => {
    const mobile = uniqueMobile();
    await page.locator('#mobile').fill(mobile);
    await page.getByTestId('send-code').click();
    await expect(page.getByText('Verification code sent')).toBeVisible();
    await expect(page.getByTestId('send-code')).toContainText(/Resend in \d+s/);
    await page.locator('#code').fill(SMS_CODE.split('').reverse().join(''));
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('login-submit').click();
    await expect(page.locator('#code-error')).toHaveText('Verification code is incorrect');
  });

  test('a second code request for the same number within a minute is refused by the server', async ({ page, request }) => {
    const mobile = uniqueMobile();
    const headers = { 'tenant-id': '1', 'content-type': 'application/json' };
    const first = await request.post(apiUrl('/api/merchant/auth/send-sms-code'), { headers, data: { mobile, scene: 1 } });
    expect((await first.json()).code).toBe(0);
    await page.locator('#mobile').fill(mobile);
    await page.getByTestId('send-code').click();
    await expect(page.getByRole('alert').filter({ hasText: /Please do not operate frequently, try again in \d+ s/ })).toBeVisible();
    // The server said how long is left of its minute: the button waits that long rather than inviting another try.
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+s/);
  });

  test('a throttled request says how long to wait', async ({ page }) => {
    await page.route('**/api/merchant/auth/send-sms-code', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '42' }, json: { code: 429, msg: 'Too many requests', data: { retryAfterSeconds: 42 } } }),
    );
    await page.locator('#mobile').fill(uniqueMobile());
    await page.getByTestId('send-code').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error code: 429 Please do not operate frequently, try again in 42 s' })).toBeVisible();
    // The button waits as long as the server asked, counting down.
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toContainText(/Resend in 4[12]s/);
  });

  test('repeated wrong passwords are slowed down by the server, which says how long to wait; the typed password stays', async ({ page }) => {
    // A number nobody registered: the server answers it exactly like a registered one, throttle included.
    const mobile = uniqueMobile();
    await loginWithPassword(page, mobile, 'guess0001');
    const failed = page.locator('#password-error').filter({ hasText: 'Login failed' });
    const throttled = page.getByText(/Please do not operate frequently, try again in \d+ s/);
    await expect(failed).toBeVisible();
    // Each answer is awaited before the next try; the free tries run out, then a wait is asked for.
    for (let attempt = 2; attempt <= 12 && !(await throttled.isVisible()); attempt++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/merchant/auth/login'));
      await page.getByTestId('login-submit').click();
      await answered;
    }
    await expect(throttled.first()).toBeVisible();
    await expect(page.locator('#password')).toHaveValue('guess0001');
    await expect(page).toHaveURL(/\/app\/login\/demo$/);
  });
});

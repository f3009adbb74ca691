import { expect, test } from '@playwright/test';
import {
  appUrl,
  DEMO_MOBILE,
  expectCodeSent,
  loginWithPassword,
  loginWithSms,
  registerNewUser,
  serverDb,
  SMS_CODE,
  uniqueMobile,
  useEnglish,
} from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('nickname: empty, 21 characters and a text-direction override are refused next to the field; a valid one is saved', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  await page.getByTestId('edit-nickname').click();
  await page.locator('#nickname').fill('   ');
  await page.getByTestId('save-nickname').click();
  await expect(page.locator('#nickname-error')).toHaveText('The name is required');
  await page.locator('#nickname').fill('n'.repeat(21));
  await page.getByTestId('save-nickname').click();
  await expect(page.locator('#nickname-error')).toHaveText('The name can be at most 20 characters');
  await expect(page.locator('#nickname')).toHaveValue('n'.repeat(21));
  // A right-to-left override would make the name read differently wherever it is shown.
  await page.locator('#nickname').fill('gnp\u202Eexe.txt');
  await page.getByTestId('save-nickname').click();
  await expect(page.locator('#nickname-error')).toHaveText('The name cannot contain control, invisible or text-direction characters');
  await expect(page.locator('#nickname')).toHaveValue('gnp\u202Eexe.txt');
  await page.locator('#nickname').fill('Cloud Fan 云');
  await page.getByTestId('save-nickname').click();
  await expect(page.getByTestId('nickname')).toHaveText('Cloud Fan 云');
  await page.reload();
  await expect(page.getByTestId('nickname')).toHaveText('Cloud Fan 云');
});

test('the user number can be copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  const userNo = (await page.getByTestId('user-no').textContent())!;
  expect(userNo).toMatch(/^\d{8}$/);
  await page.getByTestId('copy-user-no').click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(userNo);
});

test('password: set one, then change it (a wrong current password is refused); each time log in again', async ({ page }) => {
  const mobile = await registerNewUser(page);
  await page.goto(appUrl('/password-manager/demo'));
  await expect(page.getByRole('heading', { name: 'Set a login password' })).toBeVisible();
  await page.locator('#new-password').fill('First123');
  await page.locator('#repeat-password').fill('First124');
  await page.getByTestId('password-submit').click();
  await expect(page.locator('#repeat-password-error')).toHaveText('Two consecutive passwords do not match.');
  await page.locator('#repeat-password').fill('First123');
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  await loginWithPassword(page, mobile, 'First123');
  await expect(page).toHaveURL(/\/app\/demo$/);

  await page.goto(appUrl('/password-manager/demo'));
  await expect(page.getByRole('heading', { name: 'Change the login password' })).toBeVisible();
  await page.locator('#old-password').fill('Wrong999');
  await page.locator('#new-password').fill('Second123');
  await page.locator('#repeat-password').fill('Second123');
  await page.getByTestId('password-submit').click();
  await expect(page.locator('#old-password-error')).toHaveText('The current password is incorrect');
  await page.locator('#old-password').fill('First123');
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);
  await loginWithPassword(page, mobile, 'First123');
  await expect(page.locator('#password-error')).toContainText('Login failed');
  await page.locator('#password').fill('Second123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/demo$/);
});

test('phone binding: a number of another account is refused, a free one binds, a second change within 30 days is refused with the date', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/mobile-phone-binding/demo'));
  await expect(page.getByTestId('binding-step')).toHaveText('Step 1: verify the current number');
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  await page.locator('#old-code').fill(SMS_CODE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('binding-step')).toHaveText('Step 2: bind the new number');

  await page.locator('#new-mobile').fill(DEMO_MOBILE);
  await page.getByTestId('send-code').click();
  await expect(page.locator('#new-mobile-error')).toHaveText('This mobile number is already bound to another account');

  const fresh = uniqueMobile();
  await page.locator('#new-mobile').fill(fresh);
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  await page.locator('#new-code').fill(SMS_CODE);
  await page.getByTestId('binding-submit').click();
  await expect(page).toHaveURL(/\/app\/personal-center\/demo$/);
  await expect(page.getByTestId('personal-mobile')).toHaveText(`${fresh.slice(0, 3)}****${fresh.slice(-4)}`);

  await page.goto(appUrl('/mobile-phone-binding/demo'));
  const expected = await page.evaluate(() => {
    const d = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(page.getByTestId('binding-not-yet')).toHaveText(`The number can be changed once every 30 days. You can change it again after ${expected}.`);
});

test('account cancellation: consequences, confirmation, SMS code; the number then registers a new account', async ({ page }) => {
  const mobile = await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  const oldUserNo = await page.getByTestId('user-no').textContent();
  await page.getByTestId('entry-cancel').click();
  await expect(page.getByText('Every cloud phone of the account and its data')).toBeVisible();
  await page.getByTestId('cancel-submit').click();
  await expect(page.getByText('Please tick the confirmation first')).toBeVisible();
  await page.locator('input[name="understood"]').check();
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  await page.locator('#cancel-code').fill(SMS_CODE);
  await page.getByTestId('cancel-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel account' }).click();
  await expect(page).toHaveURL(/\/app\/login\/demo$/);

  // The registration code of this number was sent under a minute ago; age it past the resend limit.
  const db = serverDb();
  db.prepare('UPDATE sms_codes SET created_at = created_at - 120000 WHERE mobile = ?').run(mobile);
  db.close();
  await loginWithSms(page, mobile);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/personal-center/demo'));
  const newUserNo = await page.getByTestId('user-no').textContent();
  expect(newUserNo).toMatch(/^\d{8}$/);
  expect(newUserNo).not.toBe(oldUserNo);
});

test('invite code: offered to a new user; the own code is refused, a friend\'s accepted', async ({ page }) => {
  await registerNewUser(page);
  await page.goto(appUrl('/personal-center/demo'));
  const own = (await page.getByTestId('user-no').textContent())!;
  await expect(page.getByTestId('invite-card')).toBeVisible();
  await page.locator('#invite-code').fill(own);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#invite-code-error')).toHaveText('The invite code is not valid');
  const db = serverDb();
  const friend = db.prepare("SELECT user_no FROM users WHERE mobile = ? AND tenant_id = 1 AND deleted_at IS NULL").pluck().get(DEMO_MOBILE) as string;
  db.close();
  await page.locator('#invite-code').fill(friend);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invite code submitted')).toBeVisible();
  await expect(page.getByTestId('invite-card')).toHaveCount(0);
});

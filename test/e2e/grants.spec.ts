/**
 * Grants (server/API.md "Grants"), with the owner and the grantee in browser contexts of their own: a grant by
 * account to watch (the server refuses a touch sent over the socket directly), a grant by code to control (redeemed,
 * driven, control taken back by the owner), a revoke (confirmed by a destructive button beside "Keep it") that ends
 * the grantee's stream with the words that it ended and takes the phone off their
 * list, and the form's messages (days, agreement, unknown account).
 */
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { appUrl, person, plantPhones } from './helpers.ts';
import { callApi, openTool, stage } from './stream-helpers.ts';

/** The owner's grant form for a phone, filled and sent. */
async function grantPhone(page: Page, phone: number, options: { mode: 'account' | 'code'; permission: 'view' | 'control'; days: 1 | 3 | 7; account?: string }) {
  await page.goto(appUrl(`/authorization-code/demo?id=${phone}`));
  await page.getByTestId(`mode-${options.mode}`).check();
  await page.getByTestId(`permission-${options.permission}`).check();
  await page.getByTestId(`days-${options.days}`).click();
  await expect(page.getByLabel('Days', { exact: true })).toHaveValue(String(options.days));
  if (options.account) await page.getByLabel('Account to authorize').fill(options.account);
  await page.getByTestId('grant-agreed').check();
  await page.getByTestId('grant-submit').click();
  await expect(page.getByTestId('grant-result')).toBeVisible();
}

/** Opens a granted phone from the authorized-device list and waits for its picture. */
async function openGranted(page: Page, phone: number): Promise<void> {
  await page.goto(appUrl('/authorized-device/demo'));
  const card = page.locator(`[data-testid="granted-phone"][data-phone-id="${phone}"]`);
  await card.getByTestId('granted-open').click();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => stage(page).getAttribute('data-frames').then(Number)).toBeGreaterThan(0);
}

test('by account, view only: the grantee sees the phone in authorized devices, watches, and a touch sent over the socket is refused', async ({ browser }) => {
  const owner = await person(browser);
  const [phone] = plantPhones(owner.mobile, [{ name: 'Lent to watch' }]);
  const grantee = await person(browser);

  // From the device list's action sheet, as an owner finds it.
  await owner.page.reload();
  await owner.page.getByTestId('phone-card').filter({ hasText: 'Lent to watch' }).getByTestId('phone-more').click();
  await owner.page.getByTestId('action-auth').click();
  await expect(owner.page).toHaveURL(new RegExp(`/app/authorization-code/demo\\?id=${phone}$`));
  await grantPhone(owner.page, phone!, { mode: 'account', permission: 'view', days: 3, account: grantee.mobile });
  await expect(owner.page.getByTestId('grant-granted')).toHaveText(`Authorized to ${grantee.mobile.slice(0, 3)}****${grantee.mobile.slice(-4)}`);

  await grantee.page.goto(appUrl('/profile/demo'));
  await grantee.page.getByTestId('entry-authorized-device').click();
  const card = grantee.page.locator('[data-testid="granted-phone"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Lent to watch');
  await expect(card).toContainText('View only');
  await expect(card).toContainText(`${owner.mobile.slice(0, 3)}****${owner.mobile.slice(-4)}`);
  await openGranted(grantee.page, phone!);
  await expect(grantee.page.getByTestId('view-only-badge')).toHaveText('View only');
  // Below the phone's status bar (48 of 1,280 rows): its battery and clock are not covered.
  const stage = (await grantee.page.getByTestId('stream-stage').boundingBox())!;
  const badge = (await grantee.page.getByTestId('view-only-badge').boundingBox())!;
  expect(badge.y).toBeGreaterThanOrEqual(stage.y + (stage.height * 48) / 1280);
  await expect(grantee.page.getByTestId('key-home')).toHaveCount(0);
  // None of the owner's device actions.
  await grantee.page.getByTestId('tools-open').click();
  await expect(grantee.page.getByTestId('tool-reboot')).toHaveCount(0);
  await expect(grantee.page.getByTestId('tool-rename')).toHaveCount(0);

  // The grantee's own token, used without the page: the server refuses the input itself.
  const token = ((await callApi(grantee.page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${phone}`)).data as { token: string }).token;
  const socket = new WebSocket(`ws://${new URL(grantee.page.url()).host}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${phone}`);
  const messages: Array<{ type: string; [key: string]: unknown }> = [];
  socket.on('message', (data, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(String(data)));
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await expect.poll(() => messages.find((m) => m.type === 'hello')).toMatchObject({ role: 'grantee', control: false });
  socket.send(JSON.stringify({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 120, y: 336 }] }));
  await expect.poll(() => messages.find((m) => m.type === 'error')).toMatchObject({ msg: 'View only: this viewer cannot control the phone' });
  socket.close();
  await owner.page.context().close();
  await grantee.page.context().close();
});

test('by code, to control: redeemed, driven, taken back by the owner; revoked: the stream ends and the phone leaves the list', async ({ browser }) => {
  const owner = await person(browser);
  const [phone] = plantPhones(owner.mobile, [{ name: 'Lent to drive' }]);
  const grantee = await person(browser);

  await grantPhone(owner.page, phone!, { mode: 'code', permission: 'control', days: 7 });
  const code = (await owner.page.getByTestId('grant-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{12}$/);

  await grantee.page.goto(appUrl('/use-authorization-code/demo'));
  await grantee.page.getByLabel('Authorization code').fill(code.toLowerCase());
  await grantee.page.getByTestId('code-check').click();
  await expect(grantee.page.getByTestId('code-preview-phone')).toContainText('Lent to drive');
  await expect(grantee.page.getByTestId('code-preview-permission')).toHaveText('Can control');
  await grantee.page.getByTestId('code-redeem').click();
  await expect(grantee.page).toHaveURL(/\/app\/authorized-device\/demo$/);
  await expect(grantee.page.locator('[data-testid="granted-phone"]')).toContainText('Can control');
  await openGranted(grantee.page, phone!);
  await expect(grantee.page.getByTestId('key-home')).toBeVisible();
  await expect(grantee.page.getByTestId('view-only-badge')).toHaveCount(0);

  // The owner sees who is on the phone and takes control back; the grantee drops to watching.
  await owner.page.goto(appUrl(`/phone-view/demo?id=${phone}`));
  await expect(owner.page.getByTestId('audience-badge')).toHaveText('1 controlling · 0 watching');
  await openTool(owner.page, 'takeControl');
  await expect(owner.page.getByTestId('audience-badge')).toHaveText('0 controlling · 1 watching');
  await expect(grantee.page.getByText('The owner has taken control back: you can now only watch')).toBeVisible();
  await expect(grantee.page.getByTestId('view-only-badge')).toBeVisible();
  await expect(grantee.page.getByTestId('key-home')).toHaveCount(0);

  // The records: the code's grant is active (the code itself is not shown again); revoke it.
  await owner.page.goto(appUrl('/authorization-manager/demo'));
  const record = owner.page.getByTestId('grant-record').first();
  await expect(record.getByTestId('grant-status')).toHaveText('Active');
  await expect(record).toContainText(`ending ${code.slice(-4)}`);
  await expect(record).not.toContainText(code);
  await record.getByTestId('grant-revoke').click();
  const dialog = owner.page.getByRole('dialog');
  await expect(dialog).toContainText('Revoke the authorization of "Lent to drive"?');
  // The way out is worded apart from the revoke, which is drawn as the destructive one.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeVisible();
  await expect(dialog.locator('.btn--primary')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(record.getByTestId('grant-status')).toHaveText('Revoked');
  await expect(record.getByTestId('grant-revoke')).toHaveCount(0);

  // The grantee is told the authorization ended, with no reconnect that could not work.
  await expect(grantee.page.getByTestId('stream-failed')).toContainText('The authorization of this phone has ended');
  await expect(grantee.page.getByTestId('stream-retry')).toHaveCount(0);
  await grantee.page.goto(appUrl('/authorized-device/demo'));
  await expect(grantee.page.getByTestId('list-empty')).toHaveText('No phones are authorized to you');
  await owner.page.context().close();
  await grantee.page.context().close();
});

test('the form says what is wrong next to the field and keeps what was typed: days, agreement, an unknown account', async ({ browser }) => {
  const owner = await person(browser);
  const [phone] = plantPhones(owner.mobile, [{ name: 'Thirty days', validMs: 30 * 24 * 3600 * 1000 }]);
  const { page } = owner;
  await page.goto(appUrl(`/authorization-code/demo?id=${phone}`));
  // 30 days less the seconds since: 29 whole days can be granted.
  await expect(page.getByTestId('grant-max')).toHaveText('Up to 29 days can be authorized');
  const days = page.getByLabel('Days', { exact: true });
  const account = page.getByLabel('Account to authorize');
  const submit = page.getByTestId('grant-submit');

  await submit.click();
  await expect(page.locator('#grant-days-error')).toHaveText('Please enter the number of days');
  await expect(page.locator('#grant-account-error')).toHaveText('Please enter a mobile number or user number');
  await expect(page.locator('#grant-agreement-error')).toHaveText('Please read and accept the authorization agreement');

  for (const [typed, message] of [
    ['2.5', 'Days must be a whole number'],
    ['0', 'Days must be from 1 to 999'],
    ['30', "No more than the phone's remaining time (29 days)"],
  ] as const) {
    await days.fill(typed);
    await expect(page.locator('#grant-days-error')).toHaveCount(0);
    await submit.click();
    await expect(page.locator('#grant-days-error')).toHaveText(message);
    await expect(days).toHaveValue(typed);
  }

  // An account of neither form: the transfer receiver's rule, before any call.
  await account.fill('abc');
  await submit.click();
  await expect(page.locator('#grant-account-error')).toHaveText('Enter an 11-digit mobile number or a user number (digits only)');

  // Days and account fine, the agreement not ticked: refused before any call.
  await days.fill('29');
  await account.fill('13900000000');
  await submit.click();
  await expect(page.locator('#grant-agreement-error')).toHaveText('Please read and accept the authorization agreement');
  await expect(page.locator('#grant-days-error')).toHaveCount(0);

  // Ticked: the server answers that the account does not exist, under the account field.
  await page.getByTestId('grant-agreed').check();
  await expect(page.locator('#grant-agreement-error')).toHaveCount(0);
  await submit.click();
  await expect(page.locator('#grant-account-error')).toHaveText('The account to authorize does not exist');
  await expect(account).toHaveValue('13900000000');
  await expect(days).toHaveValue('29');
  // Its own number: refused as a grant to oneself.
  await account.fill(owner.mobile);
  await submit.click();
  await expect(page.locator('#grant-account-error')).toHaveText('A phone cannot be authorized to your own account');
  await owner.page.context().close();
});

/**
 * What grants, share links and transfers refuse of each other (spec §4 "Mutual exclusions", §6), each said by the
 * page that asked, in the catalogue's words: a phone with a live share link cannot be authorised; an authorised phone
 * (here by an unredeemed code) cannot be shared, transferred or upgraded.
 */
import { expect, test } from '@playwright/test';
import { callApi } from './accessibility-data.ts';
import { appUrl, person, plantPhones } from './helpers.ts';

test('a shared phone cannot be authorised; an authorised phone cannot be shared, transferred or upgraded', async ({ browser }) => {
  const owner = await person(browser);
  const receiver = await person(browser);
  const [lent, shared, free] = plantPhones(owner.mobile, [{ name: 'Lent by code' }, { name: 'Shared by link' }, { name: 'Free to go' }]);
  const { page } = owner;
  const grant = await callApi(page, 'POST', '/api/device/user/phone/grant/create', { userPhoneId: lent, mode: 'code', permission: 'view', days: 3, agreed: true });
  expect(grant.code).toBe(0);
  const share = await callApi(page, 'POST', '/api/device/share/create', { userPhoneId: shared, permission: 'view', validityHours: 1 });
  expect(share.code).toBe(0);

  // The shared phone's authorisation form: refused by the server, said by the page.
  await page.goto(appUrl(`/authorization-code/demo?id=${shared}`));
  await page.getByTestId('mode-code').check();
  await page.getByTestId('days-1').click();
  await page.getByTestId('grant-agreed').check();
  await page.getByTestId('grant-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'A phone whose screen is being shared cannot be authorized' })).toBeVisible();
  await expect(page.getByTestId('grant-result')).toHaveCount(0);

  // The authorised phone's share link.
  await page.goto(appUrl(`/my-share-screen/demo?phoneId=${lent}`));
  const sheet = page.getByTestId('share-create-sheet');
  await expect(sheet.getByTestId('share-phone')).toHaveValue(String(lent));
  await sheet.getByTestId('share-create').click();
  await expect(page.getByRole('alert').filter({ hasText: 'An authorized phone cannot be shared' })).toBeVisible();
  await expect(sheet.getByTestId('share-link')).toHaveCount(0);

  // The transfer check: the authorised phone is refused, the free one may go; giving moves only the free one.
  await page.goto(appUrl(`/transfer-device/demo?ids=${lent},${free}`));
  await page.locator('#transfer-target').fill(receiver.mobile);
  await page.getByTestId('transfer-check-submit').click();
  await expect(page.locator(`[data-testid="transfer-check-item"][data-phone-id="${lent}"]`)).toContainText('An authorized phone cannot be transferred');
  await expect(page.locator(`[data-testid="transfer-check-item"][data-phone-id="${free}"][data-ok="true"]`)).toHaveCount(1);
  const give = await callApi<{ items: Array<{ userPhoneId: number; status: string; code: number }> }>(page, 'PUT', '/api/device/user/phone/give', { userPhoneIds: [lent], target: receiver.mobile });
  expect(give.data.items).toEqual([expect.objectContaining({ userPhoneId: lent, status: 'failed', code: 1_003_005_001 })]);

  // The upgrade, asked of the server directly as the upgrade page would.
  const upgrade = await callApi(page, 'POST', '/api/trade/order/preview', { type: 'upgrade', targetGradeId: 2, userPhoneIds: [lent] });
  expect(upgrade.msg).toBe('An authorized phone cannot be upgraded');
  await owner.page.context().close();
  await receiver.page.context().close();
});

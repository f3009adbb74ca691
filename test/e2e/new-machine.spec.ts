/**
 * New machine, a change of device model (server/API.md "New machine"): one-tap from the action sheet (a random model,
 * every identity field new: the device details show it, the record lists it), a chosen model on a batch of three
 * (reached from the batch page), and a phone refused because it is busy.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';

interface Identity {
  model: string;
  imei: string;
  serial_no: string;
  wlan_mac: string;
  android_id: string;
}

function storedIdentity(phoneId: number): Identity | undefined {
  const db = serverDb();
  try {
    return db.prepare('SELECT model, imei, serial_no, wlan_mac, android_id FROM phone_identities WHERE phone_id = ?').get(phoneId) as Identity | undefined;
  } finally {
    db.close();
  }
}

/** The device details of the phone named, as the action sheet shows them, once they show `imei`. */
async function details(page: Page, name: string, imei?: string): Promise<string> {
  await page.getByTestId('phone-card').filter({ hasText: name }).getByTestId('phone-more').click();
  await page.getByTestId('action-details').click();
  const panel = page.getByTestId('device-details');
  // A cached answer shows at once while the store asks again: the wait is for the server's current identity.
  await expect(panel).toContainText(imei ? `IMEI${imei}` : /IMEI\d{15}/);
  const text = (await panel.textContent()) ?? '';
  await page.getByTestId('sheet-close').click();
  await expect(page.getByTestId('action-sheet')).toHaveCount(0);
  return text;
}

const imeiIn = (text: string) => /IMEI(\d{15})/.exec(text)?.[1];

test('one-tap new machine: one confirmation, the reboot, a new identity in the details, and the record', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [id] = plantPhones(mobile, [{ name: 'Tap phone' }]);

  await page.goto(appUrl('/demo'));
  // The identity is made when first read: the details are its first reader.
  const before = await details(page, 'Tap phone');
  const stored = storedIdentity(id!)!;
  expect(imeiIn(before)).toBe(stored.imei);

  await page.getByTestId('phone-card').filter({ hasText: 'Tap phone' }).getByTestId('phone-more').click();
  await page.getByTestId('action-oneTapNewMachine').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('"Tap phone" will change to a random model and restart');
  await dialog.getByRole('button', { name: 'Change model' }).click();
  const status = page.getByTestId('phone-card').filter({ hasText: 'Tap phone' }).getByTestId('phone-status');
  await expect(status).toContainText(/Operating/);
  await expect(status).toHaveText('Online', { timeout: 15_000 });

  const changed = storedIdentity(id!)!;
  const after = await details(page, 'Tap phone', changed.imei);
  expect(changed.model).not.toBe(stored.model);
  for (const field of ['imei', 'serial_no', 'wlan_mac', 'android_id'] as const) expect(changed[field]).not.toBe(stored[field]);
  expect(imeiIn(after)).toBe(changed.imei);
  expect(after).toContain(changed.wlan_mac);
  expect(after).toContain(changed.model);

  await page.goto(appUrl('/new-machine-record/demo'));
  const log = page.locator(`[data-testid="nm-log"][data-phone-id="${id}"]`);
  await expect(log).toHaveCount(1);
  await expect(log).toHaveAttribute('data-success', 'true');
  await expect(log.getByTestId('nm-log-before')).toContainText(stored.model);
  await expect(log.getByTestId('nm-log-after')).toContainText(changed.model);
  await expect(log).toContainText('IMEI');
  await page.context().close();
});

test('a chosen model on a batch of three, from the batch page: every phone gets it, progress then done', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const ids = plantPhones(mobile, [{ name: 'Batch A' }, { name: 'Batch B' }, { name: 'Batch C' }]);

  await page.goto(appUrl(`/batch-operation/demo?action=reboot&ids=${ids.join(',')}`));
  await page.getByTestId('batch-new-machine').click();
  await expect(page).toHaveURL(new RegExp(`/app/new-machine/demo\\?ids=${ids.join(',')}$`));
  await expect(page.getByTestId('nm-phone-count')).toHaveText('3 cloud phones chosen');
  await expect(page.getByTestId('nm-current')).toHaveCount(3);

  await page.getByTestId('nm-mode-chosen').check();
  await expect(page.getByTestId('nm-type-IMEI')).toBeDisabled();
  await page.getByTestId('nm-manufacturer').selectOption('Google');
  await page.getByTestId('nm-model').selectOption({ label: 'Pixel 8 (Pixel 8, Android 14)' });
  await expect(page.getByTestId('nm-params')).toContainText('Serial number');
  await page.getByTestId('nm-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('3 cloud phones will become Google Pixel 8');
  await dialog.getByRole('button', { name: 'Change model' }).click();

  const results = page.getByTestId('nm-result');
  await expect(results).toHaveCount(3);
  await expect(page.locator('[data-testid="nm-result"][data-status="running"]').first()).toContainText(/Changing \d+%/);
  await expect(page.locator('[data-testid="nm-result"][data-status="done"]')).toHaveCount(3, { timeout: 15_000 });
  for (const id of ids) {
    await expect(page.locator(`[data-testid="nm-current"][data-phone-id="${id}"]`)).toHaveAttribute('data-model', 'Pixel 8');
    expect(storedIdentity(id)!.model).toBe('Pixel 8');
  }
  expect(new Set(ids.map((id) => storedIdentity(id)!.imei)).size).toBe(3);

  await page.getByTestId('nm-record-link').click();
  await expect(page.getByTestId('nm-log')).toHaveCount(3);
  await page.context().close();
});

test('a busy phone is refused in the catalogue\'s words, and keeps its identity', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [busy] = plantPhones(mobile, [{ name: 'Busy phone' }]);
  await page.goto(appUrl(`/new-machine/demo?ids=${busy}`));
  await expect(page.getByTestId('nm-current')).toHaveCount(1);
  const before = storedIdentity(busy!)!;
  // A reboot is under way (as PUT /reboot starts one): the change must wait for it.
  const db = serverDb();
  try {
    db.prepare("UPDATE phones SET operation_type = 'reboot', operation_started_at = ? WHERE id = ?").run(Date.now(), busy);
  } finally {
    db.close();
  }
  await page.getByTestId('nm-type-IMEI').check();
  await expect(page.getByTestId('nm-params')).toHaveText('IMEI');
  await page.getByTestId('nm-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change model' }).click();
  const result = page.getByTestId('nm-result');
  await expect(result).toHaveAttribute('data-status', 'failed');
  await expect(result.getByTestId('nm-result-reason')).toHaveText('The device is operating, try again later');
  expect(storedIdentity(busy!)).toEqual(before);
  await page.context().close();
});

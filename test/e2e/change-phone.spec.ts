/**
 * Replacement (server/API.md "Replacement"): two phones with an app installed, one replaced without its data (the app
 * is gone) and one with it (the app is kept), each with its live progress; eleven phones refused before any call; the
 * preview's refusals shown per phone in the catalogue's words.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';

const PACKAGE = 'com.example.todo';
const HOUR = 3600_000;

function plantApp(phoneIds: number[]) {
  const db = serverDb();
  try {
    const insert = db.prepare(
      'INSERT INTO phone_apps (phone_id, package_name, label, version_name, version_code, icon_png, size_bytes, installed_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
    );
    for (const id of phoneIds) insert.run(id, PACKAGE, 'Todo list', '2.1.0', 21, 123456, Date.now());
  } finally {
    db.close();
  }
}

const result = (page: Page, id: number) => page.locator(`[data-testid="replace-result-item"][data-phone-id="${id}"]`);
const verdict = (page: Page, id: number) => page.locator(`[data-testid="replace-preview-item"][data-phone-id="${id}"]`);

/** When get-progress asks for this phone: one poll (devices/polling.ts) asks at most once a second. */
function progressAsks(page: Page, id: number): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/get-progress')) return;
    const ids = (request.postDataJSON() as { userPhoneIds?: number[] } | null)?.userPhoneIds ?? [];
    if (ids.includes(id)) times.push(Date.now());
  });
  return times;
}

async function checkAndReplace(page: Page, id: number, note: string) {
  const asks = progressAsks(page, id);
  await page.getByTestId('replace-check').click();
  await expect(verdict(page, id)).toHaveAttribute('data-ok', 'true');
  await expect(verdict(page, id)).toContainText('Can be replaced');
  await expect(verdict(page, id)).toContainText(note);
  await page.getByTestId('replace-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace 1' }).click();
  // Live: replacing with its share done, then done.
  await expect(result(page, id)).toHaveAttribute('data-state', 'replacing');
  await expect(result(page, id)).toContainText(/Replacing \d+%/);
  await expect(result(page, id)).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(result(page, id)).toContainText('Done');
  // The page followed the shared poll, not a loop of its own beside it: never two asks for the phone within a second.
  expect(asks.length).toBeGreaterThan(1);
  const gaps = asks.slice(1).map((time, i) => time - asks[i]!);
  expect(Math.min(...gaps)).toBeGreaterThan(700);
}

test('two phones replaced, one without its data (its app gone) and one with it (its app kept), each with live progress', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [fresh, kept] = plantPhones(mobile, [{ name: 'Fresh start' }, { name: 'Keep my data' }]);
  plantApp([fresh!, kept!]);

  // From the device action sheet: the phone comes chosen.
  await page.goto(appUrl('/demo'));
  await page.getByTestId('phone-card').filter({ hasText: 'Fresh start' }).getByTestId('phone-more').click();
  await page.getByTestId('action-replace').click();
  await expect(page).toHaveURL(new RegExp(`/app/change-phone/demo\\?ids=${fresh}$`));
  await expect(page.getByTestId('replace-chosen-phone')).toHaveText([/Fresh start/]);
  await page.getByTestId('replace-type-1').click();
  await checkAndReplace(page, fresh!, '1 installed app will be erased');

  // Again, the other phone from the picker, with its data.
  await page.getByTestId('replace-again').click();
  await page.getByTestId('replace-choose').click();
  await page.locator('[data-testid="pick-phone"][data-phone-name="Keep my data"]').click();
  await page.getByTestId('replace-choose').click();
  await expect(page.getByTestId('replace-chosen-phone')).toHaveText([/Keep my data/]);
  // The type chosen last stays chosen: this time the data moves.
  await expect(page.getByTestId('replace-type-1').locator('input')).toBeChecked();
  await page.getByTestId('replace-type-2').click();
  await expect(page.getByTestId('replace-type-2').locator('input')).toBeChecked();
  await checkAndReplace(page, kept!, '1 installed app will be kept');

  // The app list: gone from the fresh phone, still on the other.
  await page.goto(appUrl(`/app-manager/demo?ids=${kept}`));
  await expect(page.locator(`[data-testid="apps-row"][data-package="${PACKAGE}"]`)).toBeVisible();
  await page.goto(appUrl(`/app-manager/demo?ids=${fresh}`));
  await expect(page.getByTestId('apps-row').first()).toBeVisible();
  await expect(page.locator(`[data-testid="apps-row"][data-package="${PACKAGE}"]`)).toHaveCount(0);
});

test('eleven phones are refused before any call; ten are checked', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const ids = plantPhones(mobile, Array.from({ length: 11 }, (_, i) => ({ name: `Batch ${i + 1}` })));
  const previews: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/replace-preview')) previews.push(request.url());
  });
  await page.goto(appUrl(`/change-phone/demo?ids=${ids.join(',')}`));
  await expect(page.getByTestId('replace-chosen-phone')).toHaveCount(11);
  await expect(page.getByTestId('replace-too-many')).toHaveText('At most 10 phones can be replaced at once: remove 1');
  await expect(page.getByTestId('replace-count')).toHaveText('11/10 chosen');
  await expect(page.getByTestId('replace-check')).toBeDisabled();
  await page.getByTestId('replace-check').click({ force: true });
  expect(previews).toEqual([]);

  await page.getByRole('button', { name: 'Remove Batch 11' }).click();
  await expect(page.getByTestId('replace-too-many')).toHaveCount(0);
  await page.getByTestId('replace-check').click();
  await expect(page.getByTestId('replace-preview-item')).toHaveCount(10);
  expect(previews).toHaveLength(1);
});

test("the preview's refusals are shown per phone, and only the allowed phones are offered", async ({ browser }) => {
  const { page, mobile } = await person(browser);
  const [fine, short, repair] = plantPhones(mobile, [
    { name: 'All good' }, { name: 'Nearly over', validMs: 2 * HOUR }, { name: 'In repair', status: 'maintenance' },
  ]);
  await page.goto(appUrl(`/change-phone/demo?ids=${fine},${short},${repair}`));
  await expect(page.getByTestId('replace-chosen-phone')).toHaveCount(3);
  await page.getByTestId('replace-check').click();
  await expect(verdict(page, fine!)).toHaveAttribute('data-ok', 'true');
  await expect(verdict(page, short!)).toHaveAttribute('data-ok', 'false');
  await expect(verdict(page, short!)).toContainText('The phone has too little time left to be replaced');
  await expect(verdict(page, repair!)).toContainText('The phone cannot be replaced in its current status');
  await expect(page.getByTestId('replace-submit')).toHaveText('Replace 1');
});

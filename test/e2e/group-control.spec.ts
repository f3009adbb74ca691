/**
 * Group control (server/API.md "Group control"), on a 390x844 phone: four phones chosen on the batch page are synced
 * from one main-control device; a tap on it opens the same app on all four (read from their pictures: every phone has
 * the same built-in apps, and each title bar takes the colour of the icon that was under the finger); the main-control
 * device is switched by tapping a follower's window; a follower that cannot take input shows it; one leaves; a phone
 * lent to this account by a grant is refused.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BUILT_IN_APPS } from '../../server/stream/phone-apps.ts';
import { iconRect } from '../../server/stream/phone-layout.ts';
import { appUrl, person, plantPhones, serverDb } from './helpers.ts';
import { callApi, pixelAt, stage, tapPhone } from './stream-helpers.ts';

/** Layout units (720x1280): the open app's title bar, past its name. */
const TITLE_SPOT = { x: 690, y: 70 };

type Rgb = [number, number, number];
const near = (a: Rgb, b: Rgb, tolerance = 40) => a.every((value, i) => Math.abs(value - b[i]!) <= tolerance);

/** A pixel of a follower window's live picture (a JPEG in an img), at a point in layout units. */
async function followerPixel(page: Page, id: number, spot: { x: number; y: number }): Promise<Rgb | null> {
  return page.evaluate(
    ({ id, x, y }) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="sync-follower-${id}"] img`);
      if (!img || !img.complete || !img.naturalWidth) return null;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(Math.round((x * canvas.width) / 720), Math.round((y * canvas.height) / 1280), 1, 1).data;
      return [data[0]!, data[1]!, data[2]!] as Rgb;
    },
    { id, ...spot },
  );
}

async function followerPixelNow(page: Page, id: number, spot: { x: number; y: number }): Promise<Rgb> {
  let pixel: Rgb | null = null;
  await expect.poll(async () => (pixel = await followerPixel(page, id, spot)) !== null).toBe(true);
  return pixel!;
}

async function lendPhone(browser: Browser, to: string): Promise<number> {
  const lender = await person(browser);
  const [phone] = plantPhones(lender.mobile, [{ name: 'Lent phone' }]);
  const reply = await callApi(lender.page, 'POST', '/api/device/user/phone/grant/create', {
    userPhoneId: phone, mode: 'account', permission: 'control', days: 3, account: to, agreed: true,
  });
  expect(reply.code).toBe(0);
  await lender.page.context().close();
  return phone!;
}

test('four phones in sync: a tap on the main device opens the same app on all four; the main device switches; a failed follower shows, one leaves; an authorised phone is refused', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, mobile } = await person(browser);
  const ids = plantPhones(mobile, ['Sync A', 'Sync B', 'Sync C', 'Sync D', 'Sync E'].map((name) => ({ name })));
  const [main, ...followers] = ids.slice(0, 4) as [number, number, number, number];

  // From the batch page, with the four phones chosen.
  await page.goto(appUrl(`/batch-operation/demo?action=reboot&ids=${ids.slice(0, 4).join(',')}`));
  await page.getByTestId('batch-sync').click();
  await expect(page).toHaveURL(/\/group-control\//);
  await expect(page.getByTestId(`sync-main-${main}`)).toBeChecked();
  await page.getByTestId('sync-start').click();

  await expect(page.getByTestId('sync-live')).toHaveAttribute('data-main', String(main));
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  const arrangement = page.getByTestId('sync-arrangement');
  const rows = Number(await arrangement.getAttribute('data-rows'));
  const columns = Number(await arrangement.getAttribute('data-columns'));
  expect(rows).toBeGreaterThan(0);
  expect(columns).toBeGreaterThan(0);
  expect(rows * columns).toBeGreaterThanOrEqual(3);
  for (const id of followers) {
    await expect(page.getByTestId(`sync-follower-${id}`)).toHaveAttribute('data-state', 'following');
    await expect(page.getByTestId(`sync-follower-${id}`).getByTestId('sync-follower-state')).toHaveText('Following');
  }

  // Every phone has the same built-in apps in the same places. The app tapped is one whose colour no phone's title spot
  // already shows, so only its opening can paint it there.
  await expect.poll(async () => (await pixelAt(page, TITLE_SPOT)).join(',')).not.toBe('0,0,0');
  const before = [await pixelAt(page, TITLE_SPOT)];
  for (const id of followers) before.push(await followerPixelNow(page, id, TITLE_SPOT));
  const index = BUILT_IN_APPS.findIndex((app) => before.every((pixel) => !near(pixel, app.color)));
  expect(index, 'a built-in app whose colour no title spot shows').toBeGreaterThanOrEqual(0);
  const app = BUILT_IN_APPS[index]!;
  const tile = iconRect(index);
  const onTile = { x: tile.x + 26, y: tile.y + 26 };
  expect(near(await pixelAt(page, onTile), app.color), `the main phone shows ${app.name} there`).toBe(true);
  for (const id of followers) expect(near(await followerPixelNow(page, id, onTile), app.color), `phone ${id} shows ${app.name} there`).toBe(true);

  // One tap on the main device: that app opens on all four, its title bar in its colour.
  await tapPhone(page, { x: tile.x + tile.w / 2, y: tile.y + tile.h / 2 });
  await expect.poll(async () => near(await pixelAt(page, TITLE_SPOT), app.color), { timeout: 10_000 }).toBe(true);
  for (const id of followers) {
    await expect.poll(async () => near(await followerPixelNow(page, id, TITLE_SPOT), app.color), { timeout: 10_000, message: `phone ${id}` }).toBe(true);
  }

  // Tapping a follower's window makes it the main-control device; the old one follows.
  const next = followers[0];
  await page.getByTestId(`sync-make-main-${next}`).click();
  await expect(page.getByTestId('sync-live')).toHaveAttribute('data-main', String(next));
  await expect(page.getByTestId(`sync-follower-${main}`)).toBeVisible();
  await expect(page.getByTestId(`sync-follower-${next}`)).toHaveCount(0);
  const state = await callApi(page, 'GET', `/api/device/user/phone/sync/get?userPhoneId=${main}`);
  expect((state.data as { mainId: number }).mainId).toBe(next);

  // A follower that cannot take input shows it (read again by the page every few seconds); one leaves sync.
  const [, offline, leaving] = followers;
  const db = serverDb();
  try {
    db.prepare("UPDATE phones SET status = 'offline' WHERE id = ?").run(offline);
  } finally {
    db.close();
  }
  await expect(page.getByTestId(`sync-follower-${offline}`)).toHaveAttribute('data-state', 'failed', { timeout: 10_000 });
  await expect(page.getByTestId(`sync-follower-${offline}`).getByTestId('sync-follower-state')).toContainText('Not following');
  await expect(page.getByTestId(`sync-follower-${leaving}`)).toHaveAttribute('data-state', 'following');
  await page.getByTestId(`sync-leave-${leaving}`).click();
  await expect(page.getByTestId(`sync-follower-${leaving}`)).toHaveCount(0);
  expect((await callApi(page, 'GET', `/api/device/user/phone/sync/get?userPhoneId=${leaving}`)).data).toBeNull();

  // A phone another account lends this one cannot be synced.
  const lent = await lendPhone(browser, mobile);
  await page.goto(appUrl(`/group-control/demo?ids=${ids[4]},${lent}`));
  await page.getByTestId('sync-start').click();
  await expect(page.getByTestId('sync-error')).toHaveText('Authorized device does not support sync');
  const refused = await callApi(page, 'GET', `/api/device/user/phone/sync/get?userPhoneId=${ids[4]}`);
  expect(refused.data).toBeNull();
});

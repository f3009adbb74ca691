/**
 * phone-view fetched ahead while the device list is idle (src/phone-view/prefetch.ts): the page's chunk, its stream
 * texts and the stream SDK arrive before any tap, so a tap asks only for the token and opens the socket. Each test
 * owns a new user, who has no phones until the test plants them.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { plantPhones, registerNewUser, skipExpiryReminder, useEnglish } from './helpers.ts';
import { stage, watchSockets } from './stream-helpers.ts';

/** The build's files, by their source (the tests run in English). */
const manifest = JSON.parse(readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>;
const fileOf = (source: string) => `/app/${manifest[source]!.file}`;
const AHEAD = {
  page: fileOf('src/phone-view/pages/phone-view.tsx'),
  texts: fileOf('src/phone-view/texts/stream-en-US.ts'),
  sdk: fileOf('src/stream/stream-sdk.ts'),
};
/** Asked for in the same idle moment as the prefetch: once it has been, the list has had its chance to prefetch. */
const ACTION_SHEET = fileOf('src/devices/parts/action-sheet.tsx');

/** Every request's path, in order, from now on. */
function watchRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const aheadAsked = (paths: string[]) => Object.values(AHEAD).filter((file) => paths.includes(file));

/** The list's idle moment has come and gone, and nothing is on the wire any more. */
async function listIdle(page: Page, paths: string[]): Promise<void> {
  await expect.poll(() => paths.includes(ACTION_SHEET)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
}

/**
 * A new user on home, whose empty list has gone idle (and so fetched nothing ahead): phones planted after this are
 * seen by the next load of the page only.
 */
async function newUser(page: Page): Promise<string> {
  await useEnglish(page);
  await skipExpiryReminder(page);
  const paths = watchRequests(page);
  const mobile = await registerNewUser(page);
  await expect(page.getByTestId('device-empty')).toBeVisible();
  await listIdle(page, paths);
  expect(aheadAsked(paths), 'no phones').toEqual([]);
  return mobile;
}

test('an idle home fetches phone-view ahead; the tap then asks only for the token and the socket', async ({ page }) => {
  const mobile = await newUser(page);
  plantPhones(mobile, [{ name: 'Ahead' }]);
  const paths = watchRequests(page);
  // How many requests had been made when the list's first reply came (the one home shows).
  let beforeList = -1;
  page.on('response', (response) => {
    if (beforeList < 0 && new URL(response.url()).pathname.endsWith('/phone/list')) beforeList = paths.length;
  });
  await page.reload();
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Ahead' })).toBeVisible();
  // No tap: the list going idle is enough.
  await expect.poll(() => aheadAsked(paths)).toEqual(Object.values(AHEAD));
  // Asked for after the list had arrived, not beside the boot's own requests.
  expect(beforeList).toBeGreaterThan(0);
  for (const file of Object.values(AHEAD)) expect(paths.indexOf(file), file).toBeGreaterThanOrEqual(beforeList);
  await page.waitForLoadState('networkidle');

  const sockets = watchSockets(page);
  paths.length = 0;
  await page.getByTestId('phone-card').filter({ hasText: 'Ahead' }).locator('.phone-card__name').click();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  expect(paths.filter((path) => path.startsWith('/app/assets/')), 'no file is fetched again').toEqual([]);
  expect(paths.filter((path) => path.startsWith('/api/'))).toEqual(['/api/device/user/phone/security-token']);
  expect(sockets.length).toBe(1);
});

test('a list without a phone that could be opened fetches nothing ahead', async ({ page }) => {
  // No phones at all: newUser checks that.
  const mobile = await newUser(page);
  // Five minutes left: shown, but under the ten minutes a phone needs to be opened.
  plantPhones(mobile, [{ name: 'Nearly over', validMs: 5 * 60_000 }]);
  const paths = watchRequests(page);
  await page.reload();
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Nearly over' })).toBeVisible();
  await listIdle(page, paths);
  expect(aheadAsked(paths), 'no phone that could be opened').toEqual([]);
});

test('Save-Data turns the prefetch off', async ({ page }) => {
  // What Chromium reports when the user has asked sites to save data (there is no switch for it in Playwright).
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));
  const mobile = await newUser(page);
  plantPhones(mobile, [{ name: 'Saver' }]);
  const paths = watchRequests(page);
  await page.reload();
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Saver' })).toBeVisible();
  await listIdle(page, paths);
  expect(aheadAsked(paths)).toEqual([]);
});

test('a prefetch that fails is forgotten: the tap loads what it needs and the stream plays', async ({ page }) => {
  const mobile = await newUser(page);
  plantPhones(mobile, [{ name: 'Flaky' }]);
  const paths = watchRequests(page);
  const cutOff = (url: URL) => url.pathname === AHEAD.texts || url.pathname === AHEAD.sdk;
  await page.route(cutOff, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Flaky' })).toBeVisible();
  await expect.poll(() => aheadAsked(paths)).toEqual(Object.values(AHEAD));
  await page.waitForLoadState('networkidle');

  await page.unroute(cutOff);
  paths.length = 0;
  await page.getByTestId('phone-card').filter({ hasText: 'Flaky' }).locator('.phone-card__name').click();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  expect(aheadAsked(paths), 'asked again').toEqual([AHEAD.texts, AHEAD.sdk]);
});

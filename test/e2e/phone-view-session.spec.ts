/**
 * phone-view: the session around the picture: reconnecting by itself, refusals, the validity rule,
 * view-only, pausing while hidden, switching phones and ending the session on leaving.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, serverDb } from './helpers.ts';
import { SPOTS, callApi, frameCount, openPhoneView, openTool, pixelAt, sentMessages, stage, tapPhone, userWithPhones, watchSockets } from './stream-helpers.ts';

const MINUTE = 60_000;

async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a reboot drops the stream on the server side; it reconnects by itself with quality and panel kept', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Rebooter' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, id!);
  await openTool(page, 'quality');
  await page.getByTestId('quality-low').click();
  await expect(stage(page)).toHaveAttribute('data-frame-width', '360');

  await openTool(page, 'reboot');
  const before = await frameCount(page);
  await page.getByRole('button', { name: 'Reboot' }).last().click();
  await expect(page.getByText('Rebooting; the picture comes back by itself')).toBeVisible();
  await openTool(page, 'clipboard');
  await expect.poll(() => sockets.length).toBe(2);
  expect(sockets[0]!.isClosed()).toBe(true);
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(page)).toBeGreaterThan(before);
  // The new connection asked for the chosen quality again, and the open panel never closed.
  await expect(stage(page)).toHaveAttribute('data-frame-width', '360');
  await expect(page.getByTestId('clipboard-panel')).toBeVisible();
  await expect(page.getByTestId('stream-failed')).toHaveCount(0);
});

test('a rebooted phone shows its boot screen, takes no taps meanwhile, then comes up on its home screen', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Starter' }]);
  await openPhoneView(page, id!);
  await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
  // The middle of the picture, between the name and the first icons: wallpaper on home, near black while starting.
  const spot = { x: 360, y: 230 };
  const dark = ([r, g, b]: [number, number, number]) => r < 40 && g < 40 && b < 50;
  expect(dark(await pixelAt(page, spot))).toBe(false);
  // Above the search box: wallpaper on home, an open app's title bar otherwise.
  const titleBar = { x: 360, y: 60 };
  const homeBar = await pixelAt(page, titleBar);
  await openTool(page, 'reboot');
  await page.getByRole('button', { name: 'Reboot' }).last().click();
  await expect.poll(async () => dark(await pixelAt(page, spot)), { message: 'the boot screen' }).toBe(true);
  // A tap on where the first icon will be: a starting phone has no screen to touch, so no app opens.
  await tapPhone(page, SPOTS.firstIcon);
  await expect.poll(async () => dark(await pixelAt(page, spot)), { message: 'the home screen after the reboot', timeout: 15_000 }).toBe(false);
  // Automatic quality starts the new connection small, then sharpens to the picture seen before (a region sent on
  // its own may round a colour differently by a few levels).
  const near = (a: number[], b: number[]) => a.every((value, i) => Math.abs(value - b[i]!) <= 8);
  await expect.poll(async () => near(await pixelAt(page, titleBar), homeBar)).toBe(true);
});

test("another user's phone is refused: by the token call, and by the stream for a token of another phone", async ({ page }) => {
  const [mine, other] = await userWithPhones(page, [{ name: 'Mine' }, { name: 'Also mine' }]);
  const db = serverDb();
  const foreign = db.prepare("SELECT id FROM phones WHERE tenant_id = 1 AND name = 'Shop assistant'").pluck().get() as number;
  db.close();
  const sockets = watchSockets(page);
  await page.goto(appUrl(`/phone-view/demo?id=${foreign}`));
  await expect(page.getByTestId('stream-failed')).toContainText('The device does not exist');
  expect(sockets).toHaveLength(0);

  // A token issued for one phone does not open another, even of the same owner.
  const issued = await callApi(page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${mine}&validTime=86400`);
  await page.route('**/security-token?*', (route) => route.fulfill({ json: issued }));
  await page.goto(appUrl(`/phone-view/demo?id=${other}`));
  await expect(page.getByTestId('stream-failed')).toContainText('Instance not assigned to user');
  expect(sockets).toHaveLength(1);
});

test('a failed token call says the token could not be fetched, unless the server named the problem', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Tokenless' }]);
  const sockets = watchSockets(page);
  const failed = page.getByTestId('stream-failed');
  await page.route('**/security-token?*', (route) => route.abort('failed'));
  await page.goto(appUrl(`/phone-view/demo?id=${id}`));
  await expect(failed).toContainText('Token fetch failed');

  // A proxy's error page: the code shown is the one that happened.
  await page.unroute('**/security-token?*');
  await page.route('**/security-token?*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }));
  await page.reload();
  await expect(failed).toContainText('Error code: 502 Token fetch failed');

  // A refusal with a meaning of its own is shown as itself.
  await page.unroute('**/security-token?*');
  await page.route('**/security-token?*', (route) => route.fulfill({ json: { code: 1_003_999_999, msg: 'Device malfunction, contact support', data: null } }));
  await page.reload();
  await expect(failed).toContainText('Device malfunction');
  await expect(failed).not.toContainText('Token fetch failed');
  expect(sockets).toHaveLength(0);

  // Retrying asks for a new token; once it comes, the picture does too.
  await page.unroute('**/security-token?*');
  await page.getByTestId('stream-retry').click();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
});

test('a phone with under 10 minutes left is refused before any connection', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Nearly over', validMs: 5 * MINUTE }]);
  const sockets = watchSockets(page);
  await page.reload();
  await page.getByTestId('phone-card').filter({ hasText: 'Nearly over' }).locator('.phone-card__name').click();
  await expect(page.getByText('Validity under 10 minutes, the device cannot be opened')).toBeVisible();
  await expect(page).not.toHaveURL(/phone-view/);
  await page.goto(appUrl(`/phone-view/demo?id=${id}`));
  await expect(page.getByTestId('stream-failed')).toContainText('under 10 minutes');
  expect(sockets).toHaveLength(0);
});

test('a view-only session shows the picture and refuses input', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Watch only' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, id!, '&viewOnly=1');
  const sent = sentMessages(sockets[0]!);
  await expect(page.getByText('View only', { exact: true })).toBeVisible();
  await expect(page.getByTestId('key-home')).toHaveCount(0);
  await tapPhone(page, SPOTS.firstIcon);
  await expect(page.getByText('View-only session: the phone cannot be controlled')).toBeVisible();
  await page.keyboard.type('x');
  await page.getByTestId('tools-open').click();
  await expect(page.getByTestId('tool-keyboard')).toHaveCount(0);
  await expect(page.getByTestId('tool-clipboard')).toHaveCount(0);
  // Pings and acknowledgements of pictures only: no input.
  expect(sent.filter((message) => message.type !== 'ping' && message.type !== 'ack')).toEqual([]);
});

test('a hidden page pauses the stream and resumes when visible again', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Sleepy' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, id!);
  await setHidden(page, true);
  await expect(stage(page)).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('stream-paused')).toContainText('Playback paused');
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
  const before = await frameCount(page);
  await setHidden(page, false);
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(page)).toBeGreaterThan(before);
  expect(sockets).toHaveLength(2);
});

test('phone-view-switch moves between phones without the list; leaving ends the session', async ({ page }) => {
  const [first, second, third] = await userWithPhones(page, [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, first!);
  await openTool(page, 'switch');
  await expect(page.getByTestId('switch-phone')).toHaveCount(3);
  await page.locator(`[data-testid="switch-phone"][data-phone-id="${second}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/phone-view-switch/demo\\?id=${second}$`));
  await expect(page.getByTestId('switch-open')).toHaveText('Bravo');
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);

  await page.getByTestId('switch-next').click();
  await expect(page).toHaveURL(new RegExp(`id=${third}$`));
  await expect(page.getByTestId('switch-open')).toHaveText('Charlie');
  await expect(page.getByTestId('switch-next')).toBeDisabled();
  await page.getByTestId('switch-previous').click();
  await expect(page.getByTestId('switch-open')).toHaveText('Bravo');
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');

  await openTool(page, 'exit');
  await expect(page).toHaveURL(/\/app\/demo$/);
  await expect.poll(() => sockets.every((socket) => socket.isClosed())).toBe(true);
});

test('in Chinese: connection texts and field messages are translated', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: '中文' }], { english: false });
  await openPhoneView(page, id!);
  await openTool(page, 'clipboard');
  await expect(page.getByTestId('clipboard-panel')).toContainText('共享剪贴板');
  await page.getByTestId('clipboard-send').click();
  await expect(page.getByTestId('clipboard-error')).toHaveText('内容不能为空');
});

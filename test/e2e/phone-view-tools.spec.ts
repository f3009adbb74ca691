/** phone-view: the toolbar's settings and the failures a user can meet without a broken server. */
import { expect, test } from '@playwright/test';
import { appUrl } from './helpers.ts';
import { openPhoneView, openTool, stage, userWithPhones } from './stream-helpers.ts';

test('virtual keys follow the stored isShowVirtualKey; professional mode shows fps, bitrate, latency and the link estimate', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Settings' }]);
  await page.evaluate(() => localStorage.setItem('isShowVirtualKey', 'false'));
  await openPhoneView(page, id!);
  await expect(page.getByTestId('key-home')).toHaveCount(0);
  await openTool(page, 'virtualKeys');
  await expect(page.getByTestId('key-home')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isShowVirtualKey'))).toBe('true');

  await expect(page.getByTestId('tool-professional')).toContainText('Off');
  await page.getByTestId('tool-professional').click();
  await page.getByTestId('sheet-close').click();
  await expect(page.getByTestId('pro-stats')).toContainText('FPS');
  await expect(page.getByTestId('pro-stats')).toContainText('720×1280');
  await expect(page.getByTestId('pro-rtt')).toHaveText(/^\d+ ms$/);
  await expect(page.getByTestId('pro-stats')).toContainText('kbps');
  // The server's estimate of the link, which automatic quality picks the picture size from.
  await expect(page.getByTestId('pro-link')).toHaveText(/^\d+ kbps · \d+ ms$/);
});

test('a refused screenshot says "Screenshot failed"', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'No pictures' }]);
  await page.routeWebSocket(/\/stream\/ws/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (typeof message === 'string' && JSON.parse(message).type === 'screenshot') socket.send(JSON.stringify({ type: 'error', msg: 'Screenshot failed' }));
      else server.send(message);
    });
  });
  await openPhoneView(page, id!);
  let downloads = 0;
  page.on('download', () => downloads++);
  await openTool(page, 'screenshot');
  await expect(page.getByText('Screenshot failed')).toBeVisible();
  expect(downloads).toBe(0);
});

test('a browser without WebSocket is told the stream service is not supported', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Old browser' }]);
  await page.addInitScript(() => Reflect.deleteProperty(window, 'WebSocket'));
  await page.goto(appUrl(`/phone-view/demo?id=${id}`));
  await expect(page.getByTestId('stream-failed')).toContainText('This browser does not support the stream service');
  await expect(page.getByTestId('stream-retry')).toHaveCount(0);
  await expect(stage(page)).toHaveAttribute('data-state', 'failed');
});

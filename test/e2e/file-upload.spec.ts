/**
 * Files uploaded to install on phones (server/API.md "Files"), in the browser against the reference server: two
 * generated APKs to two phones with progress; a reload halfway that continues from the server's last byte (the
 * browser sends less than twice the file); cut offline, the upload says it waits for the network and goes on as soon
 * as it is back; a file changed on the way refused by the SHA-512 check; a file of another
 * kind and a fourth file refused before anything is sent; a package already on the phone refused; an installed app
 * on the phone's home screen, opening when tapped in phone-view.
 */
import { expect, test, type Page } from '@playwright/test';
import { buildApk } from '../apk-builder.mjs';
import { appUrl } from './helpers.ts';
import { UPLOAD_CHUNK_BYTES } from '../../shared/contract/file-words.ts';
import { openPhoneView, openTool, pixelAt, stage, tapPhone, userWithPhones, watchSockets } from './stream-helpers.ts';
import { BUILT_IN_APPS, installedAppInfo } from '../../server/stream/phone-apps.ts';
import { iconRect } from '../../server/stream/phone-layout.ts';

const apkFile = async (name: string, options: Parameters<typeof buildApk>[0]) => ({ name, mimeType: 'application/vnd.android.package-archive', buffer: await buildApk(options) });

async function uploadPage(page: Page, phoneNames: string[]): Promise<number[]> {
  const ids = await userWithPhones(page, phoneNames.map((name) => ({ name })));
  await page.goto(appUrl(`/file-upload/demo?ids=${ids.join(',')}`));
  await expect(page.getByTestId('file-input')).toBeEnabled();
  return ids;
}

const item = (page: Page, name: string) => page.locator(`[data-testid="file-item"][data-name="${name}"]`);

/**
 * The bytes the page sends in tus pieces: the declared length of every PATCH body, those cut short by a reload
 * included (an upper bound of what went on the link).
 */
function countSentBytes(page: Page): { total: number } {
  const sent = { total: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'PATCH' || !request.url().includes('/api/device/file/upload/')) return;
    void request.allHeaders().then((headers) => (sent.total += Number(headers['content-length'] ?? 0)));
  });
  return sent;
}

test('two APKs go to two phones with progress, each checked, read and installed on both', async ({ page }) => {
  await uploadPage(page, ['Phone A', 'Phone B']);
  const cdp = await page.context().newCDPSession(page);
  // A slow link up, so the progress is there to see.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 5_000_000, uploadThroughput: 400_000 });
  await page.getByTestId('file-input').setInputFiles([
    await apkFile('notes.apk', { packageName: 'com.example.notes', label: 'Notes', fillerBytes: 600_000 }),
    await apkFile('maps.apk', { packageName: 'com.example.maps', label: 'Maps', fillerBytes: 300_000 }),
  ]);
  await expect(item(page, 'notes.apk').getByTestId('file-progress')).toContainText(/ of /);
  for (const name of ['notes.apk', 'maps.apk']) {
    await expect(item(page, name).getByTestId('file-target').filter({ hasText: 'Installed' })).toHaveCount(2, { timeout: 30_000 });
    await expect(item(page, name)).toHaveAttribute('data-state', 'ready');
  }
  await expect(item(page, 'notes.apk')).toContainText('Notes (com.example.notes 1.0)');
});

test('a reload halfway continues from the last byte the server holds', async ({ page }) => {
  await uploadPage(page, ['Phone A']);
  const sent = countSentBytes(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 5_000_000, uploadThroughput: 150_000 });
  const file = await apkFile('big.apk', { packageName: 'com.example.big', label: 'Big', fillerBytes: 1_200_000 });
  await page.getByTestId('file-input').setInputFiles(file);
  const progress = item(page, 'big.apk').getByRole('progressbar');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')) / file.buffer.length, { timeout: 20_000 }).toBeGreaterThan(0.5);
  await page.reload();
  // The list is the server's: the file is there, stopped halfway, and asks to be picked again.
  await expect(item(page, 'big.apk')).toContainText('choose the same file again');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(item(page, 'big.apk').getByTestId('file-target').filter({ hasText: 'Installed' })).toHaveCount(1, { timeout: 40_000 });
  expect(sent.total).toBeLessThan(2 * file.buffer.length);
  // Sharper: beyond the file, only the piece the reload cut short, counted twice here (its declared length, and again
  // when it is sent anew); a restart from zero would add more than half the file on top of that.
  expect(sent.total).toBeLessThan(file.buffer.length + 2 * UPLOAD_CHUNK_BYTES + 64 * 1024);
  expect(sent.total).toBeGreaterThanOrEqual(file.buffer.length);
});

test('cut offline, an upload says it waits for the network, in the interface\'s language, and goes on as soon as it is back', async ({ page }) => {
  const ids = await userWithPhones(page, [{ name: 'Phone A' }]);
  // In Chinese: speeds and times are worded in one language (秒, not "s").
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('zh-CN')));
  await page.goto(appUrl(`/file-upload/demo?ids=${ids.join(',')}`));
  await expect(page.getByTestId('file-input')).toBeEnabled();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 5_000_000, uploadThroughput: 150_000 });
  const file = await apkFile('offline.apk', { packageName: 'com.example.offline', label: 'Offline', fillerBytes: 1_500_000 });
  await page.getByTestId('file-input').setInputFiles(file);
  const progress = item(page, 'offline.apk').getByTestId('file-progress');
  await expect(progress).toContainText(/\/秒，剩余约 \d+ (秒|分钟)/);
  await expect(progress).not.toContainText(/\d s\b/);
  const bar = item(page, 'offline.apk').getByRole('progressbar');
  const failedAttempts = { count: 0 };
  page.on('requestfailed', (request) => void (request.url().includes('/api/device/file/upload/') && failedAttempts.count++));
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(progress).toContainText('等待网络');
  await expect(progress).not.toContainText('/秒');
  // Offline long enough for the engine's retries to space out: its next would come 10 s after the fourth.
  await expect.poll(() => failedAttempts.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  const before = Number(await bar.getAttribute('aria-valuenow'));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 5_000_000, uploadThroughput: 5_000_000 });
  // At once, not after that retry delay: the bytes move again within a few seconds.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 4_000 }).toBeGreaterThan(before);
  await expect(item(page, 'offline.apk').getByTestId('file-target').filter({ hasText: '安装完成' })).toHaveCount(1, { timeout: 30_000 });
});

test('a file changed on the way is refused by the SHA-512 check and installed nowhere', async ({ page }) => {
  await uploadPage(page, ['Phone A']);
  // One byte of the body flipped on its way to the server, as a faulty link or proxy might.
  await page.route('**/api/device/file/upload/*', async (route) => {
    const body = route.request().postDataBuffer();
    if (route.request().method() !== 'PATCH' || !body || body.length < 100) return route.continue();
    const changed = Buffer.from(body);
    changed[changed.length - 10] ^= 0xff;
    return route.continue({ postData: changed });
  });
  await page.getByTestId('file-input').setInputFiles(await apkFile('hello.apk', { fillerBytes: 20_000 }));
  await expect(item(page, 'hello.apk')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(item(page, 'hello.apk')).toContainText('File sha512 check failed');
  await expect(item(page, 'hello.apk').getByTestId('file-target')).toContainText('Failed');
});

test('another kind of file and a fourth file are refused before anything is sent', async ({ page }) => {
  await uploadPage(page, ['Phone A']);
  const sent = countSentBytes(page);
  const input = page.getByTestId('file-input');
  await input.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a package') });
  await expect(page.getByTestId('file-problems')).toHaveText('photo.jpg: Only .apk files can be uploaded');
  const four = await Promise.all(['1', '2', '3', '4'].map((n) => apkFile(`app${n}.apk`, { packageName: `com.example.app${n}` })));
  await input.setInputFiles(four);
  await expect(page.getByTestId('file-problems')).toHaveText('Cannot select more than 3 files');
  await expect(page.getByTestId('file-item')).toHaveCount(0);
  expect(sent.total).toBe(0);
});

test('a package already on the phone is refused there with "Application already exists"', async ({ page }) => {
  await uploadPage(page, ['Phone A']);
  await page.getByTestId('file-input').setInputFiles(await apkFile('tools.apk', { packageName: 'com.example.tools', label: 'Tools' }));
  await expect(item(page, 'tools.apk').getByTestId('file-target')).toContainText('Installed', { timeout: 20_000 });
  await page.getByTestId('file-input').setInputFiles(await apkFile('tools-again.apk', { packageName: 'com.example.tools', label: 'Tools' }));
  await expect(item(page, 'tools-again.apk').getByTestId('file-target')).toContainText('Application already exists', { timeout: 20_000 });
});

type Rgb = [number, number, number];
const near = (a: Rgb, b: Rgb, tolerance = 40) => a.every((value, i) => Math.abs(value - b[i]!) <= tolerance);

test('an installed app shows on the phone\'s home screen with its icon and opens when tapped in phone-view', async ({ page }) => {
  const [phone] = await uploadPage(page, ['Phone A']);
  const packageName = 'com.example.opener';
  // Its icon is a green tile (apk-builder's default colour, #2e7d32).
  await page.getByTestId('file-input').setInputFiles(await apkFile('opener.apk', { packageName, label: 'Opener' }));
  await expect(item(page, 'opener.apk').getByTestId('file-target')).toContainText('Installed', { timeout: 20_000 });
  await openPhoneView(page, phone!);
  // Installed apps follow the phone's built-in ones on its home screen.
  const icon = iconRect(BUILT_IN_APPS.length);
  const centre = { x: icon.x + icon.w / 2, y: icon.y + icon.h * 0.25 };
  await expect.poll(async () => near(await pixelAt(page, centre), [46, 125, 50])).toBe(true);
  await tapPhone(page, { x: icon.x + icon.w / 2, y: icon.y + icon.h / 2 });
  // The app's own screen, in its colour (from its package name, as the server draws it).
  const colour = installedAppInfo({ packageName, label: 'Opener', iconPng: null }).color;
  await expect.poll(async () => near(await pixelAt(page, { x: 690, y: 70 }), colour), { timeout: 10_000 }).toBe(true);
});

test("phone-view's tools open the upload sheet over the live phone, which keeps streaming while the file installs", async ({ page }) => {
  const [phone] = await userWithPhones(page, [{ name: 'Phone A' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, phone!);
  await openTool(page, 'upload');
  const sheet = page.getByTestId('upload-sheet');
  await expect(sheet.getByTestId('file-input')).toBeEnabled();
  await sheet.getByTestId('file-input').setInputFiles(await apkFile('sheet.apk', { packageName: 'com.example.sheet', label: 'Sheet' }));
  await expect(item(page, 'sheet.apk').getByTestId('file-target')).toContainText('Installed', { timeout: 20_000 });
  await sheet.getByTestId('sheet-close').click();
  await expect(sheet).toHaveCount(0);
  // The same session all along: still playing, on the one socket it opened.
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.isClosed()).toBe(false);
});

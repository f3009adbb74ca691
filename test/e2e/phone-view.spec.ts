/**
 * phone-view: driving a cloud phone through the stream. Each test owns a new user and its phones, so the
 * shared virtual screens of the reference server never see two tests at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  SPOTS,
  frameCount,
  openPhoneView,
  openTool,
  pixelAt,
  sameScreen,
  screenCells,
  sentMessages,
  stage,
  tapPhone,
  userWithPhones,
  watchSockets,
} from './stream-helpers.ts';

test('tapping a phone in the list shows its live screen; an app opens, home and back return', async ({ page }) => {
  await userWithPhones(page, [{ name: 'Drive me' }]);
  await page.reload();
  const sent: Array<{ type: string }> = [];
  const sockets = watchSockets(page);
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/stream/ws')) return;
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(JSON.parse(payload));
    });
  });
  await page.getByTestId('phone-card').filter({ hasText: 'Drive me' }).locator('.phone-card__name').click();
  await expect(page).toHaveURL(/\/app\/phone-view\/demo\?id=\d+$/);
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  // A phone from the list: the socket opened while the token call was on its way, and the token was its first word.
  expect(new URL(sockets[0]!.url()).searchParams.has('token')).toBe(false);
  expect(sent[0]).toMatchObject({ type: 'auth' });
  await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
  const home = await screenCells(page);
  expect(home).not.toEqual([]);
  const showsHome = async () => sameScreen(await screenCells(page), home);

  const titleBar = { x: 360, y: 60 };
  const homeBar = await pixelAt(page, titleBar);

  await tapPhone(page, SPOTS.firstIcon);
  // An open app has a title bar in its own colour where the home screen shows its wallpaper. (The first changed
  // picture may be the touch dot on the home screen, so the test waits for the bar itself.)
  await expect.poll(() => pixelAt(page, titleBar)).not.toEqual(homeBar);
  const appBar = await pixelAt(page, titleBar);
  await page.getByTestId('key-home').click();
  await expect.poll(showsHome).toBe(true);
  expect(await pixelAt(page, titleBar)).toEqual(homeBar);

  await tapPhone(page, SPOTS.firstIcon);
  await expect.poll(() => pixelAt(page, titleBar)).toEqual(appBar);
  await page.getByTestId('key-back').click();
  await expect.poll(showsHome).toBe(true);

  await page.getByTestId('key-recents').click();
  await expect.poll(showsHome).toBe(false);
  await page.keyboard.press('Escape'); // a physical keyboard's Escape is back
  await expect.poll(showsHome).toBe(true);
});

test('typed text reaches the phone, Chinese through an IME composition included', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Typist' }]);
  const sockets = watchSockets(page);
  await openPhoneView(page, id!);
  const sent = sentMessages(sockets[0]!);
  await tapPhone(page, SPOTS.firstIcon);
  await openTool(page, 'keyboard');
  await expect(page.getByTestId('stream-keyboard')).toBeFocused();
  await page.keyboard.type('Hi!');
  await page.keyboard.press('Backspace');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'ni', selectionStart: 2, selectionEnd: 2 });
  await cdp.send('Input.imeSetComposition', { text: 'nihao', selectionStart: 5, selectionEnd: 5 });
  await cdp.send('Input.insertText', { text: '你好' });
  // The draft letters of the composition never reach the phone: only what was committed.
  await expect.poll(() => sent.filter((message) => message.type === 'text').map((message) => message.text)).toEqual(['H', 'i', '!', '你好']);
  expect(sent.some((message) => message.type === 'key' && message.key === 'backspace')).toBe(true);

  // The phone's Copy button puts the field's text on its clipboard; the clipboard panel reads it back.
  await tapPhone(page, SPOTS.copyButton);
  await openTool(page, 'clipboard');
  await page.getByTestId('clipboard-read').click();
  await expect(page.getByTestId('phone-clipboard-text')).toHaveText('Hi你好');
});

/** A digest of one rectangle of the picture, given in layout units (720x1280). */
async function regionDigest(page: Page, rect: { x: number; y: number; w: number; h: number }): Promise<string> {
  return page.evaluate(async ({ x, y, w, h }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stream-stage"] canvas');
    if (!canvas || !canvas.width) return '';
    const sx = canvas.width / 720;
    const sy = canvas.height / 1280;
    const pixels = canvas.getContext('2d')!.getImageData(Math.round(x * sx), Math.round(y * sy), Math.round(w * sx), Math.round(h * sy)).data;
    const digest = await crypto.subtle.digest('SHA-256', pixels);
    return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  }, rect);
}

test('Chinese typed into the phone is drawn as its own glyphs: two words of two characters draw two different fields', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Glyphs' }]);
  await openPhoneView(page, id!);
  // Automatic quality's first picture is small; the digests below compare pictures of one size.
  await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
  const titleBar = { x: 360, y: 60 };
  const homeBar = await pixelAt(page, titleBar);
  await tapPhone(page, SPOTS.firstIcon);
  await expect.poll(() => pixelAt(page, titleBar)).not.toEqual(homeBar);
  // The app's text field (server/stream/virtual-screen.ts APP_FIELD).
  const field = { x: 40, y: 200, w: 500, h: 80 };
  const empty = await regionDigest(page, field);
  await openTool(page, 'keyboard');
  await expect(page.getByTestId('stream-keyboard')).toBeFocused();

  /** Types `word`, waits for the field to show it, then empties it again. */
  async function fieldShowing(word: string): Promise<string> {
    await page.keyboard.insertText(word);
    await expect.poll(() => regionDigest(page, field)).not.toBe(empty);
    const drawn = await regionDigest(page, field);
    for (const _ of word) await page.keyboard.press('Backspace');
    await expect.poll(() => regionDigest(page, field)).toBe(empty);
    return drawn;
  }
  // A font without Chinese draws every character as the same box, so both words would look alike.
  const hello = await fieldShowing('你好');
  const thanks = await fieldShowing('谢谢');
  expect(hello).not.toBe(thanks);
  expect(await fieldShowing('你好')).toBe(hello);
});

test('shared clipboard: round trip, empty refused, common phrases added, refused twice, edited and deleted', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Clipboard' }]);
  await openPhoneView(page, id!);
  await openTool(page, 'clipboard');
  await page.getByTestId('clipboard-send').click();
  await expect(page.getByTestId('clipboard-error')).toHaveText('Content cannot be empty');

  await page.getByTestId('clipboard-text').fill('round trip 往返');
  await page.getByTestId('clipboard-send').click();
  await expect(page.getByText('Sent to the phone')).toBeVisible();
  await page.getByTestId('clipboard-read').click();
  await expect(page.getByTestId('phone-clipboard-text')).toHaveText('round trip 往返');

  await page.getByTestId('clipboard-text').fill('  see you at 8  ');
  await page.getByTestId('phrase-save').click();
  await expect(page.getByTestId('phrase-send')).toHaveText(['see you at 8']);
  await page.getByTestId('phrase-save').click();
  await expect(page.getByTestId('clipboard-error')).toHaveText('Duplicate content cannot be saved');
  await expect(page.getByTestId('clipboard-text')).toHaveValue('  see you at 8  ');

  await page.getByTestId('phrase-edit').click();
  await page.getByTestId('clipboard-text').fill('see you at 9');
  await page.getByTestId('phrase-save').click();
  await expect(page.getByTestId('phrase-send')).toHaveText(['see you at 9']);
  // A phrase is sent with one tap, then read back from the phone.
  await page.getByTestId('phrase-send').click();
  await page.getByTestId('clipboard-read').click();
  await expect(page.getByTestId('phone-clipboard-text')).toHaveText('see you at 9');

  await page.reload();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await openTool(page, 'clipboard');
  await expect(page.getByTestId('phrase-send')).toHaveText(['see you at 9']);
  await page.getByTestId('phrase-delete').click();
  // The confirmation's own button (the phrase row has one of the same name under the backdrop).
  await page.locator('.dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('phrase-send')).toHaveCount(0);
});

test('the quality switch changes the picture size; a refusal says so and keeps the quality', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Quality' }]);
  let refuse = false;
  await page.routeWebSocket(/\/stream\/ws/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (refuse && typeof message === 'string' && JSON.parse(message).type === 'definition') {
        socket.send(JSON.stringify({ type: 'definition', ok: false, msg: 'Resolution setting failed' }));
      } else server.send(message);
    });
  });
  await openPhoneView(page, id!);
  await openTool(page, 'quality');
  await page.getByTestId('quality-low').click();
  await expect(stage(page)).toHaveAttribute('data-frame-width', '360');
  await expect(stage(page)).toHaveAttribute('data-frame-height', '640');
  await expect(page.getByText('Quality set to Low')).toBeVisible();
  await openTool(page, 'quality');
  await page.getByTestId('quality-uhd').click();
  await expect(stage(page)).toHaveAttribute('data-frame-width', '1080');

  refuse = true;
  await openTool(page, 'quality');
  await page.getByTestId('quality-medium').click();
  await expect(page.getByText('Resolution setting failed')).toBeVisible();
  await openTool(page, 'quality');
  await expect(page.getByTestId('quality-uhd')).toHaveAttribute('aria-pressed', 'true');
  await expect(stage(page)).toHaveAttribute('data-frame-width', '1080');
});

test('a screenshot downloads the phone screen as a JPEG at its full resolution', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Camera roll' }]);
  await openPhoneView(page, id!);
  const [download] = await Promise.all([page.waitForEvent('download'), openTool(page, 'screenshot')]);
  expect(download.suggestedFilename()).toMatch(/^Camera_roll-\d{8}-\d{6}\.jpg$/);
  const image = readFileSync((await download.path())!);
  expect([...image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // The frame header (SOF0) carries the size: height then width, big-endian.
  const sof = image.indexOf(Buffer.from([0xff, 0xc0]));
  expect([image.readUInt16BE(sof + 7), image.readUInt16BE(sof + 5)]).toEqual([720, 1280]);
  await expect(page.getByText('Screenshot saved')).toBeVisible();
  expect(await frameCount(page)).toBeGreaterThan(0);
});

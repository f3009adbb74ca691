/**
 * The invite poster (src/invite/; docs/decisions.md "Invite poster"): a new user's poster carries a QR code that a
 * scanner reads as the invite link with their user number; the link, opened signed out, leads to the login page, and
 * after signing in the invite card holds the inviter's code for the invitee to confirm.
 */
import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appUrl, loginWithSms, person, skipExpiryReminder, uniqueMobile, useEnglish } from './helpers.ts';

/** The user number shown in the personal centre, and the poster page opened from its entry. */
async function openPoster(page: Page): Promise<string> {
  await page.goto(appUrl('/personal-center/demo'));
  const userNo = (await page.getByTestId('user-no').textContent())!;
  expect(userNo).toMatch(/^\d{8}$/);
  await page.getByTestId('entry-invite-poster').click();
  await expect(page).toHaveURL(/\/app\/invite-poster\/demo$/);
  await expect(page.getByTestId('invite-poster-image')).toBeVisible();
  return userNo;
}

/** What a scanner reads from a PNG: its pixels through jsQR. */
async function readQr(png: Buffer): Promise<{ text: string | undefined; width: number; height: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { text: jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), image.width, image.height)?.data, width: image.width, height: image.height };
}

const linkFor = (userNo: string) => appUrl(`/login/demo?invite=${userNo}`);

test('the saved poster is a PNG whose QR code reads as the invite link with the user number', async ({ browser }) => {
  const { page } = await person(browser);
  const userNo = await openPoster(page);
  await expect(page.getByTestId('invite-poster-image')).toHaveAttribute('alt', `Demo Cloud Phone invite poster: invite code ${userNo} and a QR code of the invite link`);
  await expect(page.getByTestId('invite-link')).toHaveText(linkFor(userNo));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invite-save').click()]);
  expect(download.suggestedFilename()).toBe(`invite-${userNo}.png`);
  const png = await readFile((await download.path())!);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const scanned = await readQr(png);
  expect([scanned.width, scanned.height]).toEqual([750, 1200]);
  expect(scanned.text).toBe(linkFor(userNo));
  await page.context().close();
});

test('Share hands the poster to the system share sheet as a PNG file, and is hidden where files cannot be shared', async ({ browser }) => {
  const { page } = await person(browser);
  await page.addInitScript(() => {
    const shared: Array<{ name: string; type: string; size: number; text?: string }> = [];
    (window as unknown as { shared: typeof shared }).shared = shared;
    navigator.canShare = (data?: ShareData) => Boolean(data?.files?.length);
    navigator.share = async (data?: ShareData) => {
      for (const file of data?.files ?? []) shared.push({ name: file.name, type: file.type, size: file.size, text: data?.text });
    };
  });
  const userNo = await openPoster(page);
  await page.getByTestId('invite-share').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
    { name: 'invite.png', type: 'image/png', size: expect.any(Number), text: linkFor(userNo) },
  ]);
  // Without file sharing (a desktop browser, an older webview) there is no Share button; save and copy remain.
  await page.addInitScript(() => {
    navigator.canShare = () => false;
  });
  await page.reload();
  await expect(page.getByTestId('invite-poster-image')).toBeVisible();
  await expect(page.getByTestId('invite-share')).toHaveCount(0);
  await expect(page.getByTestId('invite-save')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('invite-copy-link').click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linkFor(userNo));
  await page.context().close();
});

async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await useEnglish(page);
  await skipExpiryReminder(page);
  return page;
}

test('the invite link, opened signed out, prefills the invite card after a new number signs in; the invitee confirms', async ({ browser }) => {
  const inviter = await person(browser);
  const userNo = await openPoster(inviter.page);
  const link = (await inviter.page.getByTestId('invite-link').textContent())!;
  await inviter.page.context().close();

  const page = await signedOutPage(browser);
  await page.goto(link);
  await expect(page.locator('#app:not([inert])').getByTestId('login-submit')).toBeVisible();
  await loginWithSms(page, uniqueMobile());
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.getByTestId('invite-card')).toBeVisible();
  await expect(page.locator('#invite-code')).toHaveValue(userNo);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invite code submitted')).toBeVisible();
  await expect(page.getByTestId('invite-card')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('inviteCode'))).toBeNull();
  await page.context().close();
});

test('the invite link opened during a guest trial, which sends the guest home, still prefills the card after sign-in', async ({ browser }) => {
  const inviter = await person(browser);
  const userNo = await openPoster(inviter.page);
  const link = (await inviter.page.getByTestId('invite-link').textContent())!;
  await inviter.page.context().close();

  const page = await signedOutPage(browser);
  await page.goto(appUrl('/login/demo'));
  await page.locator('#app:not([inert])').getByTestId('try-first').click();
  await expect(page.getByTestId('guest-banner')).toBeVisible();
  await page.goto(link);
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.getByTestId('guest-banner').getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('#app:not([inert])').getByTestId('login-submit')).toBeVisible();
  await loginWithSms(page, uniqueMobile());
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.getByTestId('invite-card')).toBeVisible();
  await expect(page.locator('#invite-code')).toHaveValue(userNo);
  await page.context().close();
});

test('a link whose code is not a number leaves the invite card empty', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto(appUrl('/login/demo?invite=%3Cb%3Ex'));
  await expect(page.locator('#app:not([inert])').getByTestId('login-submit')).toBeVisible();
  await loginWithSms(page, uniqueMobile());
  await expect(page).toHaveURL(/\/app\/demo$/);
  await page.goto(appUrl('/personal-center/demo'));
  await expect(page.locator('#invite-code')).toHaveValue('');
  await page.context().close();
});

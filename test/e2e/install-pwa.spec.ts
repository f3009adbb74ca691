/**
 * The installable app (server/API.md "Installable app"; src/install/): each client number's manifest carries its own
 * brand and icons; the install page says "installed" when the app runs standalone and how to leave a partner's
 * webview otherwise; a lazy page opened offline says it needs the network and opens once it is back.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder, useEnglish } from './helpers.ts';

interface Manifest {
  name: string;
  start_url: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
}

/** The manifest the page links (once its first page is idle), as the browser would read it. */
async function linkedManifest(page: Page, clientNo: string): Promise<Manifest> {
  await useEnglish(page);
  await page.goto(appUrl(`/login/${clientNo}`));
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', new RegExp(`/app/pwa/${clientNo}\\.webmanifest\\?lang=en-US$`));
  const reply = await page.request.get(new URL((await link.getAttribute('href'))!, page.url()).href);
  expect(reply.headers()['content-type']).toContain('application/manifest+json');
  return (await reply.json()) as Manifest;
}

/** A PNG's width and height, from its header. */
async function pngSize(page: Page, src: string): Promise<number[]> {
  const body = await (await page.request.get(new URL(src, page.url()).href)).body();
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test("green's manifest carries its name, colours and icons of 192 and 512 px, and differs from demo's", async ({ page }) => {
  const green = await linkedManifest(page, 'green');
  expect([green.name, green.start_url, green.theme_color, green.background_color]).toEqual(['Green Cloud', '/app/green', '#1c4e42', '#07140f']);
  const sizes = await Promise.all(green.icons.map((icon) => pngSize(page, icon.src)));
  expect(sizes).toEqual([[192, 192], [512, 512], [512, 512]]);
  expect(green.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/app/pwa/green-192.png');
  const demo = await linkedManifest(page, 'demo');
  expect([demo.name, demo.start_url, demo.theme_color]).toEqual(['Demo Cloud Phone', '/app/demo', '#045df9']);
  expect(demo.icons[0]!.src).not.toBe(green.icons[0]!.src);
});

test('running standalone, the install page says the app is installed', async ({ page }) => {
  await useEnglish(page);
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ matches: true, media: query } as MediaQueryList) : original(query));
  });
  await page.goto(appUrl('/install-pwa/demo'));
  await expect(page.getByTestId('install-installed')).toContainText('You are using the installed Demo Cloud Phone.');
  await expect(page.getByTestId('install-button')).toHaveCount(0);
});

test.describe('inside a partner app', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47' });

  test('the install page says how to open the page in the browser', async ({ page }) => {
    await useEnglish(page);
    await page.goto(appUrl('/install-pwa/green'));
    await expect(page.getByTestId('install-webview')).toContainText('Open this page in your browser');
    await expect(page.getByTestId('install-copy-link')).toBeVisible();
  });
});

test('a browser that offers its prompt gets the install button, which shows the prompt', async ({ page }) => {
  await useEnglish(page);
  await page.goto(appUrl('/install-pwa/demo'));
  await expect(page.getByTestId('install-menu')).toBeVisible();
  // The event the browser fires once it would install the app, with the prompt's answer.
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  await page.getByTestId('install-button').click();
  await expect(page.getByTestId('install-installed')).toContainText('Installed: open it from your home screen');
  expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(true);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'block' });

  test('a lazy page opened offline says it needs the network, and opens once the network is back', async ({ page, context }) => {
    await useEnglish(page);
    await skipExpiryReminder(page);
    await openLogin(page);
    await loginWithPassword(page);
    await expect(page).toHaveURL(/\/app\/demo$/);
    await page.goto(appUrl('/system-setting/demo'));
    await expect(page.getByTestId('entry-install')).toBeVisible();
    await context.setOffline(true);
    await page.getByTestId('entry-install').click();
    await expect(page.getByTestId('page-failed')).toHaveAttribute('data-offline', 'true');
    await expect(page.getByTestId('page-failed')).toContainText('You are offline. This page opens once you are back online.');
    await context.setOffline(false);
    await expect(page.getByTestId('install-menu')).toBeVisible();
  });
});

/**
 * A lazy page that could not load (offline) says so under its own title, and comes back without a manual reload: by
 * itself once the network is back, and on Retry (src/app/chunk-loader.ts, src/app/route-view.tsx). The same journey
 * runs in WebKit and Firefox (test/engines/journey.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

/** A mark on the document: gone if the page reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { lazyMark: number }).lazyMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { lazyMark?: number }).lazyMark === 1);

test('a page opened offline shows its title and opens by itself once the network is back, in the same document', async ({ browser }) => {
  const { page } = await person(browser);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  await page.goto(appUrl('/profile/demo'));
  await expect(page.getByTestId('entry-network-check')).toBeVisible();
  await markDocument(page);
  await page.context().setOffline(true);
  await page.getByTestId('entry-network-check').click();
  await expect(page.getByTestId('page-failed')).toHaveAttribute('data-offline', 'true');
  // The title is in the page's own texts, which could not load: the shell's table of page titles has it.
  await expect(page.locator('h1')).toHaveText('Network check');
  await page.context().setOffline(false);
  await expect(page.getByTestId('page-failed')).toHaveCount(0);
  await expect(page.getByTestId('line-1')).toBeVisible();
  expect(await documentMarked(page), 'no reload').toBe(true);
});

test('a page whose files failed opens on Retry, in the same document; its header shows its title meanwhile', async ({ browser }) => {
  const { page } = await person(browser);
  await page.goto(appUrl('/profile/demo'));
  await expect(page.getByTestId('entry-ai-assistant')).toBeVisible();
  await markDocument(page);
  // The page's chunk and its texts fail (a dropped connection), while the network stays up.
  const failing = /\/assets\/ai-assistant-|\/assets\/assistant-en-US-/;
  await page.context().route(failing, (route) => route.abort('connectionreset'));
  await page.getByTestId('entry-ai-assistant').click();
  await expect(page.getByTestId('page-failed')).toHaveAttribute('data-offline', 'false');
  await expect(page.locator('h1')).toHaveText('AI assistant');
  await page.context().unroute(failing);
  await page.getByTestId('page-failed').getByRole('button').click();
  await expect(page.getByTestId('page-failed')).toHaveCount(0);
  await expect(page.getByTestId('assistant-page')).toBeVisible();
  expect(await documentMarked(page), 'no reload').toBe(true);
});

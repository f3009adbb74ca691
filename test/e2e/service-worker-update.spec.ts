/**
 * A new version arriving while the app is open (spec §1: the page reloads when a new service worker activates).
 * A real update: this file runs its own reference server on a copy of the build, and rewrites that copy's sw.js so
 * the browser finds a new worker. The reload happens at once on an idle page, and waits for the next navigation
 * during a live phone session or while a form holds typed text.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../start-server.mjs';
import { DEMO_MOBILE, DEMO_PASSWORD } from './helpers.ts';
import { openTool, SPOTS, tapPhone } from './stream-helpers.ts';

test.use({ serviceWorkers: 'allow' });

let server: Awaited<ReturnType<typeof startServer>>;
let distCopy: string;
let version = 1;

test.beforeAll(async () => {
  distCopy = mkdtempSync(join(tmpdir(), 'cloud-phone-dist-'));
  cpSync(new URL('../../dist', import.meta.url).pathname, distCopy, { recursive: true });
  // The server prefers precompressed siblings; without them it sends sw.js as rewritten below.
  rmSync(join(distCopy, 'sw.js.br'), { force: true });
  rmSync(join(distCopy, 'sw.js.gz'), { force: true });
  server = await startServer({ DIST_DIR: distCopy });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(distCopy, { recursive: true, force: true });
});

/** Publishes a new sw.js and has the page look for it, as it does by itself when it becomes visible again. */
async function publishUpdate(page: Page): Promise<void> {
  version++;
  const file = join(distCopy, 'sw.js');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n// test release ${version}\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/app/'))!.update());
}

/** A mark that survives in-app navigation and disappears with a reload. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
const isMarked = (page: Page) => page.evaluate(() => Boolean((window as unknown as { mark?: boolean }).mark));

/** Logged in as the demo user, the worker in control, English texts. */
async function openControlled(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en-US')));
  await page.goto(`${server.baseURL}/app/login/demo`);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByTestId('tab-password').click();
  await page.locator('#mobile').fill(DEMO_MOBILE);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/demo$/);
  // The login form stays on screen until home's chunk is in, and its typed fields would (rightly) defer an update.
  await expect(page.getByTestId('login-submit')).toHaveCount(0);
}

/**
 * What the page knows of the update when an expected reload did not come: whether the new worker got as far as
 * activating and claiming the page, and what the page showed (a notice, typed input that would defer the reload).
 */
async function updateState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/app/');
    return {
      controller: navigator.serviceWorker.controller?.state,
      active: registration?.active?.state,
      waiting: registration?.waiting?.state,
      installing: registration?.installing?.state,
      controllerChanges: (window as unknown as { controllerChanges?: number }).controllerChanges,
      notices: [...document.querySelectorAll('.notice')].map((notice) => notice.textContent),
      fields: [...document.querySelectorAll('input')].map((input) => `${input.type}:${input.value !== input.defaultValue}`),
      path: location.pathname,
    };
  });
}

/**
 * Requests the page or its worker started and that have not ended. Chromium activates a new worker only once the
 * old one has no event in flight, so a request that hangs is what would hold an update back.
 */
function trackOpenRequests(page: Page): () => string[] {
  const open = new Set<Request>();
  const context = page.context();
  context.on('request', (request) => open.add(request));
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
  return () => [...open].map((request) => `${request.serviceWorker() ? 'worker ' : ''}${request.method()} ${request.url()}`);
}

test('an idle page reloads into the new version at once', async ({ page }) => {
  // On a loaded machine the old worker can take a while to finish its last events before the new one activates.
  test.setTimeout(60_000);
  // Counted from the document's start: a reload that never comes is then told apart from a worker that never claimed.
  await page.addInitScript(() => {
    const counter = window as unknown as { controllerChanges: number };
    counter.controllerChanges = 0;
    navigator.serviceWorker?.addEventListener('controllerchange', () => counter.controllerChanges++);
  });
  const openRequests = trackOpenRequests(page);
  await openControlled(page);
  // Idle means home has shown its phones: the update then arrives on a page that is not still loading them.
  await expect(page.getByTestId('phone-card').first()).toBeVisible();
  await markPage(page);
  const reloaded = page.waitForEvent('load', { timeout: 40_000 }).then(
    () => true,
    () => false,
  );
  await publishUpdate(page);
  if (!(await reloaded)) {
    throw new Error(`no reload after the update: ${JSON.stringify({ ...(await updateState(page)), open: openRequests() })}`);
  }
  expect(await isMarked(page)).toBe(false);
  await expect(page).toHaveURL(/\/app\/demo$/);
});

test('a live phone session is never cut: the reload waits until the user leaves phone-view', async ({ page }) => {
  await openControlled(page);
  const phones = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem('token')!)}`, 'tenant-id': '1' };
    const reply = await fetch('/api/device/user/phone/list?pageSize=200', { headers });
    return (await reply.json()).data.list as Array<{ userPhoneId: number; businessStatus: string; expireTime: number }>;
  });
  const phone = phones.find((candidate) => candidate.businessStatus === 'online' && candidate.expireTime > Date.now() + 86_400_000)!;
  await page.goto(`${server.baseURL}/app/phone-view/demo?id=${phone.userPhoneId}`);
  const stage = page.getByTestId('stream-stage');
  await expect(stage).toHaveAttribute('data-state', 'playing');
  await markPage(page);

  await publishUpdate(page);
  await expect(page.getByText('A new version is ready')).toBeVisible();
  // Still the same page, still driving the phone: a tap on an app opens it and a new picture arrives.
  const framesBefore = Number(await stage.getAttribute('data-frames'));
  await tapPhone(page, SPOTS.firstIcon);
  await expect.poll(async () => Number(await stage.getAttribute('data-frames'))).toBeGreaterThan(framesBefore);
  expect(await isMarked(page)).toBe(true);
  await expect(stage).toHaveAttribute('data-state', 'playing');

  // Leaving the phone is the moment: the page being opened comes from the new version.
  const reloaded = page.waitForEvent('load');
  await openTool(page, 'exit');
  await reloaded;
  expect(await isMarked(page)).toBe(false);
  await expect(page).toHaveURL(/\/app\/demo$/);
});

test('typed text is kept: the reload waits for the next navigation', async ({ page }) => {
  await openControlled(page);
  await page.goto(`${server.baseURL}/app/forget-password/demo`);
  await page.locator('#mobile').fill('1380013');
  await markPage(page);

  await publishUpdate(page);
  await expect(page.getByText('A new version is ready')).toBeVisible();
  expect(await isMarked(page)).toBe(true);
  await expect(page.locator('#mobile')).toHaveValue('1380013');

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Back' }).click();
  await reloaded;
  expect(await isMarked(page)).toBe(false);
});

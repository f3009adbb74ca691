/**
 * Analytics (docs/features.md "Analytics"; server/API.md "Analytics"): the queue the app loads once the first page is idle,
 * driven through `window.cpAnalytics` and read back from the reference collector's table: a batch of six goes at
 * once and the seventh with the flush timer; six hundred recorded offline keep the newest five hundred; stopping
 * clears the super properties; a hidden page sends what is left by beacon, the login step and page views with it.
 */
import { expect, test, type Page } from '@playwright/test';
import { person, serverDb } from './helpers.ts';

interface Row {
  name: string;
  properties: string;
  account: string | null;
}

/** The collector's rows of this test's run (its events carry `run`), oldest first. */
function rowsOf(run: string): Row[] {
  const db = serverDb();
  try {
    return db.prepare(`SELECT name, properties, account FROM analytics_events WHERE json_extract(properties, '$.run') = ? ORDER BY id`).all(run) as Row[];
  } finally {
    db.close();
  }
}

const eventsOfUser = (userNo: string, name: string): Row[] => {
  const db = serverDb();
  try {
    return db.prepare('SELECT name, properties, account FROM analytics_events WHERE account = ? AND name = ? ORDER BY id').all(userNo, name) as Row[];
  } finally {
    db.close();
  }
};

/**
 * The queue is running (it loads once the first page is idle), has recorded home's page view (login, its page views
 * and home's are fewer than a batch, so they wait for the flush timer), and then holds nothing.
 */
async function emptyQueue(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.cpAnalytics?.queued.some((event) => event.name === 'pageView' && event.properties.page === 'home') ?? false)).toBe(true);
  await page.evaluate(() => localStorage.removeItem('analyticsQueue'));
}

const queuedNames = (page: Page) => page.evaluate(() => window.cpAnalytics!.queued.map((event) => event.name));

test('seven events: a batch of six goes at once, and the seventh with the next flush', async ({ browser }) => {
  const { page } = await person(browser);
  await emptyQueue(page);
  const run = `batch-${Date.now()}`;
  await page.evaluate((run) => {
    for (let i = 1; i <= 7; i++) window.cpAnalytics!.track(`step${i}`, { run, i });
  }, run);
  // Whatever is queued goes when the flush timer fires (every 6 s): the seventh does not wait for five more.
  await expect.poll(() => rowsOf(run).length, { timeout: 15_000 }).toBe(7);
  expect(rowsOf(run).map((row) => row.name)).toEqual(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7']);
  expect(await queuedNames(page)).toEqual([]);
  const [first] = rowsOf(run);
  expect(JSON.parse(first!.properties)).toMatchObject({ run, i: 1, cuid: expect.stringMatching(/^[0-9a-f]+$/) });
});

test('six hundred events recorded offline keep the newest five hundred, and go once the link is back', async ({ browser }) => {
  const { page } = await person(browser);
  await emptyQueue(page);
  const run = `offline-${Date.now()}`;
  await page.context().setOffline(true);
  await page.evaluate((run) => {
    for (let i = 0; i < 600; i++) window.cpAnalytics!.track(`e${i}`, { run });
  }, run);
  const kept = await queuedNames(page);
  expect(kept.length).toBe(500);
  expect([kept[0], kept[499]]).toEqual(['e100', 'e599']);
  // A reload keeps them (they live in localStorage), and online again they are sent, fifty at a time.
  await page.context().setOffline(false);
  await page.reload();
  await expect.poll(() => rowsOf(run).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(50);
  expect(rowsOf(run)[0]!.name).toBe('e100');
});

test('stopped clears the super properties and records nothing; resumed, the fingerprint comes back', async ({ browser }) => {
  const { page } = await person(browser);
  await emptyQueue(page);
  expect(await page.evaluate(() => window.cpAnalytics!.superProperties)).toHaveProperty('cuid');
  const stopped = await page.evaluate(() => {
    window.cpAnalytics!.stop();
    const recorded = window.cpAnalytics!.track('afterStop');
    return { state: window.cpAnalytics!.state, superProperties: window.cpAnalytics!.superProperties, recorded };
  });
  expect(stopped).toEqual({ state: 'stopped', superProperties: {}, recorded: false });
  await page.evaluate(() => window.cpAnalytics!.resume());
  expect(await page.evaluate(() => window.cpAnalytics!.superProperties)).toHaveProperty('cuid');
});

test('a page going away sends what is left by beacon: the login step and the page views, with the account', async ({ browser }) => {
  const { page } = await person(browser);
  await expect.poll(() => page.evaluate(() => typeof window.cpAnalytics)).toBe('object');
  const userNo = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { userNo?: string }).userNo ?? '');
  expect(userNo).toMatch(/^\d+$/);
  const run = `hide-${Date.now()}`;
  await page.evaluate((run) => window.cpAnalytics!.track('beforeHide', { run }), run);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => rowsOf(run).map((row) => row.name), { timeout: 5_000 }).toEqual(['beforeHide']);
  expect(rowsOf(run)[0]!.account).toBe(userNo);
  // Recorded before the queue had loaded (the login) or with it (the home page view), and sent by a batch or the beacon.
  expect(eventsOfUser(userNo, 'login').length).toBe(1);
  expect(JSON.parse(eventsOfUser(userNo, 'login')[0]!.properties)).toMatchObject({ method: 'sms' });
});

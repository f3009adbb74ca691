import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, serverDb } from './helpers.ts';

// Content pages (src/content/): help articles, the SDK guide, games and a CMS page by id, in both languages, with
// the server's HTML sanitised (DOMPurify) before it reaches the page.

/** person() starts in English on every load; a later init script runs after it and wins. */
async function useLanguage(page: Page, language: 'en-US' | 'zh-CN'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('language', JSON.stringify(value)), language);
}

test('help, SDK guide, games and an article render in English and Chinese', async ({ browser }) => {
  for (const [language, words] of [
    ['en-US', { help: 'Help & tutorials', article: 'Open and control a phone', sdk: 'SDK guide: embed a phone stream', games: 'Popular games', game: 'Sunny Farm' }],
    ['zh-CN', { help: '帮助与教程', article: '打开并控制云手机', sdk: 'SDK 接入指南：嵌入云手机画面', games: '热门游戏', game: '阳光农场' }],
  ] as const) {
    const { page } = await person(browser);
    await useLanguage(page, language);
    await page.goto(appUrl('/about-us/demo'));
    await page.getByTestId('about-tutorials').click();
    await expect(page.getByRole('heading', { name: words.help })).toBeVisible();
    await expect(page.getByTestId('content-item')).toHaveCount(8);
    await page.getByTestId('content-item').filter({ hasText: words.article }).click();
    await expect(page).toHaveURL(/\/app\/single-page\/demo\?id=open-control$/);
    await expect(page.getByRole('heading', { name: words.article })).toBeVisible();
    const image = page.getByTestId('content-html').locator('img');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.goto(appUrl('/about-us/demo'));
    await page.getByTestId('about-sdk-guide').click();
    await expect(page.getByRole('heading', { name: words.sdk })).toBeVisible();
    await expect(page.getByTestId('content-html')).toContainText('/api/device/user/phone/security-token');
    await expect(page.getByTestId('content-html')).toContainText('/stream/ws');

    await page.goto(appUrl('/about-us/demo'));
    await page.getByTestId('about-games').click();
    await expect(page.getByRole('heading', { name: words.games })).toBeVisible();
    await expect(page.getByTestId('game')).toHaveCount(4);
    await expect(page.getByTestId('game').filter({ hasText: words.game })).toBeVisible();
  }
});

test('an unknown page id says so, with a way back to the help list', async ({ browser }) => {
  const { page } = await person(browser);
  await page.goto(appUrl('/single-page/demo?id=no-such-page'));
  await expect(page.getByTestId('content-not-found')).toContainText('does not exist');
  await page.getByRole('link', { name: 'Back to help & tutorials' }).click();
  await expect(page).toHaveURL(/\/app\/ai-tutorial\/demo$/);
});

test('a content page whose HTML carries a script and an onerror attribute renders without running them', async ({ browser }) => {
  const db = serverDb();
  db.prepare(
    `INSERT OR REPLACE INTO content_pages (tenant_id, slug, language, kind, title, summary, html, image_url, sort)
     VALUES (1, 'hostile-page', 'en-US', 'page', 'Hostile page', '', ?, '', 0)`,
  ).run(
    '<p>Plain words stay.</p><script>window.__pwned = "script"</script>' +
      '<img src="/nowhere.png" onerror="window.__pwned = \'onerror\'"><svg><script>window.__pwned = "svg"</script></svg>' +
      '<a href="javascript:window.__pwned=\'link\'">link</a>',
  );
  db.close();
  const { page } = await person(browser);
  await page.goto(appUrl('/single-page/demo?id=hostile-page'));
  await expect(page.getByTestId('content-html').getByText('Plain words stay.')).toBeVisible();
  await page.locator('[data-testid="content-html"] a', { hasText: 'link' }).click();
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    scripts: document.querySelectorAll('[data-testid="content-html"] script, [data-testid="content-html"] svg').length,
    onerror: document.querySelector('[data-testid="content-html"] img')?.getAttribute('onerror') ?? null,
    href: document.querySelector('[data-testid="content-html"] a')?.getAttribute('href') ?? null,
  }));
  expect(state).toEqual({ pwned: null, scripts: 0, onerror: null, href: null });
});

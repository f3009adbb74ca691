/**
 * The 1,000-phone account (13800138001): the windowed grid (outlines, flings, thumbnails only where it stops) and how
 * a returning visitor's home boots (its first screenful from the HTML, the first cards before anything that can wait).
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder } from './helpers.ts';

/** A call the page made: whether the inline boot made it, whether a card was on the page then, and the title then. */
interface SentCall {
  url: string;
  inline: boolean;
  cards: boolean;
  title: string;
}

/** Records every fetch the next documents make, with what the page showed as it was made. */
async function recordCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: SentCall[] = [];
    (window as unknown as { sentCalls: SentCall[] }).sentCalls = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const script = document.currentScript as HTMLScriptElement | null;
      const cards = document.querySelector('[data-testid="phone-card"]') !== null;
      sent.push({ url: String(input instanceof Request ? input.url : input), inline: Boolean(script && !script.src), cards, title: document.title });
      return original(input, init);
    };
  });
}

/** The recorded calls whose address matches `pattern` (a regular expression's source), in the order made. */
function callsTo(page: Page, pattern: string): Promise<SentCall[]> {
  return page.evaluate((source) => (window as unknown as { sentCalls: SentCall[] }).sentCalls.filter((call) => new RegExp(source).test(call.url)), pattern);
}

/** The device-list calls the page makes from now on (the client store asks for a page's phones by id). */
function listCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/device/user/phone/list') calls.push(url);
  });
  return calls;
}

test.describe('the 1,000-phone account', () => {
  test.beforeEach(async ({ page }) => {
    await skipExpiryReminder(page);
    await openLogin(page);
    await loginWithPassword(page, '13800138001', 'demo1234');
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
  });

  test('under the cards lie the empty outlines a fast scroll shows, one per phone, in the theme\'s colours', async ({ page }) => {
    await page.getByTestId('view-grid9').click();
    const outlines = () =>
      page.locator('[data-testid="device-view-grid9"] .vgrid__outlines').evaluateAll((areas) => {
        const cell = document.querySelector('[data-testid="device-view-grid9"] .vgrid__cell') as HTMLElement;
        return areas.map((area) => {
          const style = (area as HTMLElement).style;
          const svg = decodeURIComponent(/data:image\/svg\+xml,([^"]*)/.exec(style.backgroundImage)![1]!);
          return {
            // How many cells the area holds across and down, from its size and the tile's.
            across: Math.round(parseFloat(style.width) / parseFloat(style.backgroundSize)),
            down: Math.round(parseFloat(style.height) / parseFloat(style.backgroundSize.split(' ')[1]!)),
            fill: /fill="([^"]+)"/.exec(svg)![1],
            cellWidth: Number(/<rect [^>]*width="([\d.]+)"/.exec(svg)![1]) + 1,
            cardWidth: cell.getBoundingClientRect().width,
          };
        });
      });
    // 1,000 phones three across: 333 full rows, and a last row of one, once the list's later pages are in (the first
    // cards show with the first page of the list).
    await expect.poll(async () => (await outlines()).map(({ across, down }) => [across, down])).toEqual([[3, 333], [1, 1]]);
    const before = await outlines();
    expect(before[0]!.fill).toBe('#fff');
    expect(before[0]!.cellWidth).toBeCloseTo(before[0]!.cardWidth, 0);
    // The theme changing under it (the tenant's data arriving) redraws them in the new colours.
    await page.evaluate(() => (document.documentElement.dataset.theme = 'green'));
    await expect.poll(async () => (await outlines())[0]!.fill).toBe('#173f35');
  });

  test('a fling fills in the cards where it stops, and asks thumbnails only for those', async ({ page }) => {
    // The stills alone: live pictures (live-grid.spec.ts) would take the cards' images over, so the grid socket is cut.
    await page.routeWebSocket(/\/stream\/grid/, (socket) => socket.close());
    await page.reload();
    await page.getByTestId('view-grid4').click();
    // The first screen's thumbnails, asked for once the grid has stayed put.
    await expect(page.getByTestId('phone-card').first().locator('img')).toHaveCount(1);
    const asked: number[][] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/device/user/phone/screenshot')) asked.push((request.postDataJSON() as { userPhoneIds: number[] }).userPhoneIds);
    });
    // Far down in one frame after another, as a flick does: most phones only fly past. The longest gap between two
    // steps is kept: on a loaded machine a frame can take longer than the grid's settle time (150 ms), and a pause
    // that long is a stop, whose cards may rightly ask for their thumbnails.
    const longestGap = await page.getByTestId('device-view-grid4').evaluate(async (grid) => {
      let longest = 0;
      let last = performance.now();
      for (let step = 0; step < 30; step++) {
        grid.scrollTop += grid.clientHeight * 0.8;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        longest = Math.max(longest, performance.now() - last);
        last = performance.now();
      }
      return longest;
    });
    // Where it stopped every cell gets its card, none stays an empty outline: the grid is no longer busy building.
    await expect(page.getByTestId('device-view-grid4')).not.toHaveAttribute('aria-busy', 'true');
    const onScreen = await page.getByTestId('phone-card').evaluateAll((cards) => {
      const box = cards[0]!.closest('.vgrid')!.getBoundingClientRect();
      return cards
        .filter((card) => {
          const rect = card.getBoundingClientRect();
          return rect.bottom > box.top && rect.top < box.bottom;
        })
        .map((card) => Number(card.getAttribute('data-phone-id')));
    });
    expect(onScreen.length).toBeGreaterThan(0);
    const byNumber = (a: number, b: number) => a - b;
    if (longestGap < 150) {
      await expect.poll(() => asked.flat().sort(byNumber)).toEqual([...onScreen].sort(byNumber));
    } else {
      // A stop on the way: the cards where it stopped too, but still nothing like the hundreds that flew past.
      await expect.poll(() => onScreen.every((id) => asked.flat().includes(id))).toBe(true);
      expect(asked.flat().length).toBeLessThan(onScreen.length * 3);
    }
    await expect(page.locator(`[data-phone-id="${onScreen[0]}"] img`)).toHaveAttribute('src', /\/api\/device\/screenshot\//);
  });

  test('home asks for its first screenful of phones from the HTML, before the app runs, and the app takes that reply', async ({ page }) => {
    await recordCalls(page);
    await page.reload();
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    const firstPages = () => callsTo(page, '/api/device/user/phone/list\\?.*pageNo=1');
    // The screenful (first-page.ts) is the inline boot's; the app asks only for the pages of 200 behind it, once the
    // first cards are painted (a page of 200 read and rendered before them would hold them back).
    await expect.poll(async () => (await firstPages()).length).toBe(2);
    const [screenful, ...rest] = await firstPages();
    expect([screenful!.url, screenful!.inline, screenful!.cards]).toEqual(['/api/device/user/phone/list?sort=default&pageSize=20&pageNo=1', true, false]);
    expect(rest.map((call) => [call.url.includes('pageSize=200'), call.inline, call.cards])).toEqual([[true, false, true]]);
    expect(await page.evaluate(() => Object.keys((window as unknown as { __bootReplies?: object }).__bootReplies ?? {}))).toEqual([]);
  });

  test("a returning visitor's client data shows from the cache and is asked for again only once home's cards are painted", async ({ page }) => {
    await recordCalls(page);
    await page.reload();
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    // Secure data, about-app and the function list, each once, every one of them after the cards; the client's name
    // (cached from the last visit) was already in the title by then.
    await expect.poll(async () => (await callsTo(page, '/api/merchant/client')).length).toBe(3);
    const clientName = await page.evaluate(() => JSON.parse(localStorage.getItem('aboutAppData')!).clientName as string);
    const clientCalls = await callsTo(page, '/api/merchant/client');
    expect(clientCalls.map((call) => [call.cards, call.title.includes(clientName)])).toEqual([[true, true], [true, true], [true, true]]);
  });

  test('the first frame with cards paints the cards on screen only; the rows below fill in after it', async ({ page }) => {
    // How many cards the frame that first has cards paints (counted as it starts), and how many there are later.
    await page.addInitScript(() => {
      const counts = { firstFrame: -1 };
      (window as unknown as { cardCounts: typeof counts }).cardCounts = counts;
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="phone-card"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => (counts.firstFrame = document.querySelectorAll('[data-testid="phone-card"]').length));
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    // The 2-grid at 390x844 has two rows on screen (4 cards) and one more row within the overscan (2 cards).
    await expect.poll(() => page.getByTestId('phone-card').count()).toBe(6);
    expect(await page.evaluate(() => (window as unknown as { cardCounts: { firstFrame: number } }).cardCounts.firstFrame)).toBe(4);
  });

  test("a returning visitor's home shows with its first cards, never an empty list first", async ({ page }) => {
    // Every state the list takes on the way, as the page shows it: an empty or loading list, or cards.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { listStates: string[] }).listStates = seen;
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="phone-card"]') ? 'cards' : document.querySelector('[data-testid="device-empty"]') ? 'empty' : '';
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { listStates: string[] }).listStates)).toEqual(['cards']);
  });

  test('when its first screenful is slow, home shows its loading state instead of waiting for it', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/device\/user\/phone\/list\?.*pageSize=20/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('device-empty')).toHaveText('加载中…');
    await expect(page.getByTestId('phone-card')).toHaveCount(0);
    release();
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
  });

  test('each stylesheet of home is fetched once, even by a webview that keeps no HTTP cache', async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // From a blank page: a reload would count what the page being left still asked for once idle.
    await page.goto('about:blank');
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) sheets.push(new URL(request.url()).pathname);
    });
    await page.goto(appUrl('/demo'));
    await expect(page.getByTestId('phone-card').first()).toBeVisible();
    // Once idle, the list fetches its action sheet ahead, whose chunk lists the entry's stylesheet among its styles.
    await expect.poll(() => sheets.some((sheet) => /\/overlays-[^/]*\.css$/.test(sheet))).toBe(true);
    expect(sheets).toEqual([...new Set(sheets)]);
    // That stylesheet is inline in index.html under its address: the chunk loader finds it there.
    expect(sheets.filter((sheet) => /\/index-[^/]*\.css$/.test(sheet))).toEqual([]);
    // And the page is styled by them: the grid's cells are placed by the device list's CSS.
    expect(await page.locator('.vgrid__cell').first().evaluate((cell) => getComputedStyle(cell).position)).toBe('absolute');
  });

  test('renewing one phone from its card asks for that phone only, never the whole account', async ({ page }) => {
    // Home has read its whole list: what follows is the renew page's own asking.
    await page.waitForFunction(() => performance.getEntriesByName('devices:loaded').length > 0);
    const calls = listCalls(page);
    const card = page.getByTestId('phone-card').first();
    const name = (await card.locator('.phone-card__name').textContent())!.trim();
    await card.getByTestId('phone-more').click();
    await page.getByTestId('action-renew').click();
    await expect(page.getByTestId('renew-lines')).toContainText(name);
    const id = new URL(page.url()).searchParams.get('id');
    expect(calls.map((url) => [...url.searchParams.entries()].filter(([key]) => key !== 'pageNo'))).toEqual([
      [['userPhoneIds', id], ['pageSize', '1']],
    ]);
  });

  test('a renew page opened by its address asks for its phone only', async ({ page }) => {
    const id = await page.getByTestId('phone-card').nth(1).getAttribute('data-phone-id');
    // Home's own pages of 200 are all in: what follows is the new page's asking.
    await page.waitForFunction(() => performance.getEntriesByName('devices:loaded').length > 0);
    const calls = listCalls(page);
    await page.goto(appUrl(`/recharge-single-phone/demo?id=${id}`));
    await expect(page.getByTestId('renew-lines').locator('li')).toHaveCount(1);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((url) => url.searchParams.get('userPhoneIds') !== id)).toEqual([]);
  });
});

/**
 * The network check (server/API.md "Network check"): both lines measured from the browser over the line sockets,
 * each with its four figures, a verdict and a recommended quality; a line whose pongs come late is judged worse. It is
 * an entry of the profile menu, and phone-view offers it once its stream struggled (here: a dropped connection).
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { appUrl, person } from './helpers.ts';
import { openPhoneView, stage, userWithPhones } from './stream-helpers.ts';

const RANK: Record<string, number> = { good: 0, fine: 1, poor: 2 };
const line = (page: Page, n: number) => page.getByTestId(`line-${n}`);

async function expectFigures(page: Page, n: number) {
  const card = line(page, n);
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  for (const name of ['rtt', 'jitter', 'loss', 'download']) await expect(card.getByTestId(`figure-${name}`).locator('dd')).toHaveText(/\d/);
  await expect(card.getByTestId('line-verdict')).toHaveText(/Good for HD|Fine for medium quality|Poor/);
  await expect(card.getByTestId('line-quality')).toHaveText(/Recommended quality: (HD|Medium|Low)/);
}

test('both lines show their figures, verdict and recommended quality; test again measures afresh', async ({ browser }) => {
  const { page } = await person(browser);
  await page.goto(appUrl('/network-check/demo'));
  await expect(page.getByRole('heading', { name: 'Line 1' })).toBeVisible();
  await expectFigures(page, 1);
  await expectFigures(page, 2);
  await expect(line(page, 1).getByTestId('figure-loss').locator('dd')).toHaveText('0%');
  await expect(page.getByTestId('net-status')).toHaveText(/^Check done: line 1 .+, line 2 .+$/);

  await page.getByTestId('net-again').click();
  await expect(line(page, 2)).not.toHaveAttribute('data-status', 'done');
  await expectFigures(page, 2);
  await expect(page.getByTestId('net-again')).toBeEnabled();
});

test('a line whose pongs come 400 ms late gets a worse verdict than the other', async ({ browser }) => {
  const { page } = await person(browser);
  await page.routeWebSocket(/\/stream\/line\?line=2$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"pong"')) setTimeout(() => ws.send(message), 400);
      else ws.send(message);
    });
  });
  await page.goto(appUrl('/network-check/demo'));
  await expectFigures(page, 1);
  await expectFigures(page, 2);
  const rtt = Number((await line(page, 2).getByTestId('figure-rtt').locator('dd').textContent())!.replace(/\D/g, ''));
  expect(rtt).toBeGreaterThanOrEqual(400);
  const first = (await line(page, 1).getAttribute('data-verdict'))!;
  const second = (await line(page, 2).getAttribute('data-verdict'))!;
  expect(RANK[second]).toBeGreaterThan(RANK[first]!);
  await expect(line(page, 2).getByTestId('line-quality')).toHaveAttribute('data-quality', 'low');
});

test('a line whose socket is closed before its download ends could not be checked: no verdict, the reason in words', async ({ browser }) => {
  const { page } = await person(browser);
  // Line 1 opens, then is refused the way a server refuses too many sockets.
  await page.routeWebSocket(/\/stream\/line\?line=1$/, (ws) => {
    setTimeout(() => ws.close({ code: 4429, reason: JSON.stringify({ code: 4429, msg: 'Please do not operate frequently' }) }), 50);
  });
  await page.goto(appUrl('/network-check/demo'));
  await expect(line(page, 1)).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(line(page, 1).getByTestId('line-failed')).toHaveText('This line could not be checked: Please do not operate frequently');
  await expect(line(page, 1).getByTestId('line-verdict')).toHaveCount(0);
  await expect(line(page, 1).getByTestId('line-quality')).toHaveCount(0);
  await expectFigures(page, 2);
  await expect(page.getByTestId('net-status')).toHaveText(/^Check done: line 1 could not be checked, line 2 .+$/);
});

test('phone-view offers the check once its stream had to reconnect; the offer can be dismissed, and the profile has it', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Wobbly' }]);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/stream\/ws/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await openPhoneView(page, id!);
  await expect(page.getByTestId('network-offer')).toHaveCount(0);
  // A drop the client mends by reconnecting (any close code that is not a refusal).
  await sockets[0]!.close({ code: 4000, reason: 'dropped' });
  await expect(page.getByTestId('network-offer')).toBeVisible();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await page.getByTestId('network-offer-close').click();
  await expect(page.getByTestId('network-offer')).toHaveCount(0);

  await page.goto(appUrl(`/phone-view/demo?id=${id}`));
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await sockets.at(-1)!.close({ code: 4000, reason: 'dropped' });
  await page.getByTestId('network-offer-link').click();
  await expect(page).toHaveURL(/\/app\/network-check\/demo$/);
  await expect(line(page, 1)).toHaveAttribute('data-status', /measuring|done/);

  await page.goto(appUrl('/profile/demo'));
  await page.getByTestId('entry-network-check').click();
  await expect(page).toHaveURL(/\/app\/network-check\/demo$/);
});

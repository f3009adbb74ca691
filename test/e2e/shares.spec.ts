/**
 * Screen sharing by link (server/API.md "Screen sharing"), with the owner and each viewer in a browser context of
 * their own: the owner shares a phone from its action sheet, a person without an account joins by the link and
 * watches, asks for control, gets it and types on the phone, is blocked and cannot come back; a full room refuses
 * the next joiner; a new link ends the old one; ending the share early closes every viewer within a second; a viewer
 * coming back by the link is let in by its early start (one socket, one join), and the client lookup still holds.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { appUrl, plantPhones, registerNewUser, skipExpiryReminder, useEnglish } from './helpers.ts';
import { callApi, frameCount, openPhoneView, screenCells, stage } from './stream-helpers.ts';

const PHONE_NAME = 'Shared phone';

async function context(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await useEnglish(page);
  return page;
}

/** A signed-in owner with one phone, on home. */
async function owner(browser: Browser): Promise<{ page: Page; phoneId: number }> {
  const page = await context(browser);
  await skipExpiryReminder(page);
  const mobile = await registerNewUser(page);
  const [phoneId] = plantPhones(mobile, [{ name: PHONE_NAME }]);
  await page.reload();
  await expect(page.getByTestId('phone-card')).toHaveCount(1);
  return { page, phoneId: phoneId! };
}

/** A link made through the API (the owner's page is signed in), as the page would show it. */
async function linkByApi(page: Page, phoneId: number, permission: 'view' | 'control' = 'view'): Promise<{ link: string; token: string; shareId: number }> {
  const reply = await callApi(page, 'POST', '/api/device/share/create', { userPhoneId: phoneId, permission, validityHours: 24 });
  expect(reply.code).toBe(0);
  const { token, shareId } = reply.data as { token: string; shareId: number };
  return { link: appUrl(`/share-screen-control/demo?token=${token}&phone=${phoneId}`), token, shareId };
}

/** A join through the API without an account, as a script (or another browser) would. */
async function joinByApi(page: Page, token: string, displayName: string): Promise<{ code: number; data: { viewerKey: string; userPhoneId: number } }> {
  return page.evaluate(
    async ({ token, displayName }) => {
      const reply = await fetch('/api/device/share/join', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'tenant-id': '1' },
        body: JSON.stringify({ token, displayName }),
      });
      return (await reply.json()) as { code: number; data: { viewerKey: string; userPhoneId: number } };
    },
    { token, displayName },
  );
}

/**
 * A viewer's stream socket opened with its key outside any page, as a script would; resolves once the server said
 * hello. An open socket is what keeps a viewer's place in the room beyond the grace period.
 */
async function viewerSocket(page: Page, viewerKey: string, userPhoneId: number): Promise<WebSocket> {
  const socket = new WebSocket(`ws://${new URL(page.url()).host}/stream/ws?token=${encodeURIComponent(viewerKey)}&userPhoneId=${userPhoneId}`);
  let hello = false;
  socket.on('message', (data, isBinary) => {
    if (!isBinary && (JSON.parse(String(data)) as { type: string }).type === 'hello') hello = true;
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await expect.poll(() => hello).toBe(true);
  return socket;
}

/**
 * A viewer without an account opening the link: in at once under the name the server gives ("Guest 1234"), then
 * picking its own while watching; waits for the live picture.
 */
async function watch(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await context(browser);
  await page.goto(link);
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('share-my-name')).toHaveText(/^You appear as Guest \d{4}$/);
  await page.getByTestId('share-change-name').click();
  await page.locator('#share-display-name').fill(name);
  await page.getByTestId('share-name-save').click();
  await expect(page.getByTestId('share-my-name')).toHaveText(`You appear as ${name}`);
  return page;
}

const notice = (page: Page) => page.getByTestId('share-notice');

test('a phone shared from its action sheet: a guest joins and watches, asks for control, gets it and types; blocked, cannot rejoin', async ({ browser }) => {
  const { page: host } = await owner(browser);
  await host.getByTestId('phone-card').first().getByTestId('phone-more').click();
  await host.getByTestId('action-share').click();
  const sheet = host.getByTestId('share-create-sheet');
  await expect(sheet.getByTestId('share-phone')).toHaveValue(/\d+/);
  await expect(sheet).toContainText(PHONE_NAME);
  await sheet.getByTestId('share-validity-1').check();
  await sheet.getByTestId('share-permission-view').check();
  await sheet.getByTestId('share-create').click();
  const link = await sheet.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/app\/share-screen-control\/demo\?token=[\w-]{22,}&phone=\d+$/);
  await sheet.getByTestId('sheet-close').click();
  await expect(host.getByTestId('share-card').first()).toHaveAttribute('data-status', 'active');

  // A person without an account: the page names the phone and what the link allows.
  const guest = await watch(browser, link, 'Alice');
  await expect(guest.getByTestId('view-only-badge')).toBeVisible();
  // Watching only: a tap changes nothing on the phone. Automatic quality's first picture is small: the picture
  // typing is compared with is the full-size one, so only the typed text can make a difference.
  await expect(stage(guest)).toHaveAttribute('data-frame-width', '720');
  const before = await screenCells(guest);
  await guest.getByTestId('share-request-control').click();
  await expect(guest.getByTestId('share-request-control')).toHaveText('Waiting for the owner…');

  // The owner sees the request live and approves it.
  await host.getByTestId('share-manage').first().click();
  const row = host.getByTestId('share-viewer').filter({ hasText: 'Alice' });
  await expect(row.getByTestId('viewer-state')).toHaveText('In the room');
  await row.getByTestId('viewer-approve').click();
  await expect(guest.getByTestId('share-request-control')).toHaveCount(0);
  await expect(guest.getByTestId('view-only-badge')).toHaveCount(0);

  // In control: typed text reaches the phone's search box and shows in the picture.
  await guest.getByTestId('share-keyboard').click();
  await guest.keyboard.type('hello');
  // A few letters in the search box move a cell's average colour by a few levels only: any change is the text.
  await expect.poll(async () => JSON.stringify(await screenCells(guest)) !== JSON.stringify(before), { message: 'the typed text shows on the phone' }).toBe(true);

  // Blocked: the viewer is told at once, and the link does not let them back in.
  await row.getByTestId('viewer-block').click();
  await expect(notice(guest)).toHaveText(/You are currently blocked/);
  await expect(row.getByTestId('viewer-state')).toHaveText('Blocked');
  await guest.reload();
  await expect(notice(guest)).toHaveText(/You are currently blocked/);
  await expect(stage(guest)).toHaveCount(0);
  // Unblocked, the same browser may come back.
  await row.getByTestId('viewer-unblock').click();
  await expect(row.getByTestId('viewer-state')).toHaveText('Unblocked');
});

test("the owner watching the phone hears each control request at once and answers it there", async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const { link } = await linkByApi(host, phoneId);
  await openPhoneView(host, phoneId);
  const bob = await watch(browser, link, 'Bob');
  const carol = await watch(browser, link, 'Carol');
  const bar = host.getByTestId('control-request');
  await expect(bar).toHaveCount(0);

  await bob.getByTestId('share-request-control').click();
  await expect(bar).toContainText('Bob asks to control this phone');
  await carol.getByTestId('share-request-control').click();
  await expect(bar).toContainText('(1 more waiting)');

  // Allowed from phone-view: Bob controls; Carol's request is next.
  await bar.getByTestId('control-request-allow').click();
  await expect(bob.getByTestId('view-only-badge')).toHaveCount(0);
  await expect(bar).toContainText('Carol asks to control this phone');
  await expect(bar).not.toContainText('more waiting');
  // Declined: Carol watches on and may ask again; nothing is left to answer.
  await bar.getByTestId('control-request-decline').click();
  await expect(bar).toHaveCount(0);
  await expect(carol.getByTestId('share-request-control')).toHaveText('Request control');
  await expect(carol.getByTestId('view-only-badge')).toBeVisible();
});

test('the room holds five: a sixth joiner is told the room is full', async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const { link, token } = await linkByApi(host, phoneId);
  const sockets: WebSocket[] = [];
  for (let i = 1; i <= 5; i++) {
    const joined = await joinByApi(host, token, `Viewer ${i}`);
    expect(joined.code).toBe(0);
    sockets.push(await viewerSocket(host, joined.data.viewerKey, joined.data.userPhoneId));
  }
  const sixth = await context(browser);
  await sixth.goto(link);
  await expect(notice(sixth)).toHaveText(/The room is full/);
  await expect(stage(sixth)).toHaveCount(0);
  for (const socket of sockets) socket.close();
});

test('a new link ends the old one: its viewer is told the interaction has ended, and the old link stays dead', async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const first = await linkByApi(host, phoneId);
  const viewer = await watch(browser, first.link, 'Bob');
  await linkByApi(host, phoneId, 'control');
  await expect(notice(viewer)).toHaveText(/Screen interaction has ended/);
  await expect(stage(viewer)).toHaveCount(0);
  await viewer.reload();
  await expect(notice(viewer)).toHaveText(/Screen interaction has ended/);
});

test('ending the share early closes every viewer within a second', async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const { link, shareId } = await linkByApi(host, phoneId);
  const viewers = [await watch(browser, link, 'Carol'), await watch(browser, link, 'Dave')];
  await host.goto(appUrl(`/join-user/demo?shareId=${shareId}`));
  await expect(host.getByTestId('share-viewer')).toHaveCount(2);
  await host.getByTestId('share-end').click();
  const confirm = host.getByRole('dialog').getByRole('button', { name: 'End sharing' });
  const endedAt = Date.now();
  await confirm.click();
  await Promise.all(viewers.map((page) => expect(notice(page)).toHaveText(/Screen interaction has ended/, { timeout: 1000 })));
  expect(Date.now() - endedAt).toBeLessThan(1500);
  await expect(host.getByTestId('join-user-share')).toHaveAttribute('data-status', 'ended');
});

test('a first visit goes straight in: one socket that joins as it opens, one join call, a name picked while watching', async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const { link, token, shareId } = await linkByApi(host, phoneId);
  const viewer = await context(browser);
  const firstMessages: string[] = [];
  const joins: string[] = [];
  viewer.on('websocket', (socket) => socket.once('framesent', (frame) => firstMessages.push(String(frame.payload))));
  viewer.on('request', (request) => request.url().includes('/api/device/share/join') && joins.push(request.postData() ?? ''));
  await viewer.goto(link);
  await expect(stage(viewer)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(viewer)).toBeGreaterThan(0);
  await expect(viewer.getByTestId('share-join-form')).toHaveCount(0);
  // The early start's socket joined by itself with a key the browser made; the page's join used the same key.
  expect(firstMessages).toHaveLength(1);
  const auth = JSON.parse(firstMessages[0]!) as { type: string; token: string; join: { share: string; name: string; language: string } };
  expect(auth).toMatchObject({ type: 'auth', join: { share: token, name: '', language: 'en-US' } });
  expect(auth.token).toMatch(/^[\w-]{24}$/);
  expect(joins.map((body) => JSON.parse(body) as { viewerKey: string })).toEqual([{ token, displayName: '', viewerKey: auth.token }]);

  const names = async () => {
    const reply = await callApi(host, 'GET', `/api/device/share/get?shareId=${shareId}`);
    return (reply.data as { share: { viewers: Array<{ displayName: string }> } }).share.viewers.map((entry) => entry.displayName);
  };
  const given = (await viewer.getByTestId('share-my-name').innerText()).replace('You appear as ', '');
  expect(given).toMatch(/^Guest \d{4}$/);
  expect(await names()).toEqual([given]);
  // A name against the rule is refused next to the field, and what was typed stays.
  await viewer.getByTestId('share-change-name').click();
  await viewer.locator('#share-display-name').fill('x'.repeat(25));
  await viewer.getByTestId('share-name-save').click();
  await expect(viewer.getByTestId('share-name-sheet')).toContainText('at most 20 characters');
  await expect(viewer.locator('#share-display-name')).toHaveValue('x'.repeat(25));
  await viewer.locator('#share-display-name').fill('Frank');
  await viewer.getByTestId('share-name-save').click();
  await expect(viewer.getByTestId('share-my-name')).toHaveText('You appear as Frank');
  expect(await names()).toEqual(['Frank']);
});

test("a returning viewer's page starts early: back in after leaving, on one socket and one join; an unknown client ends on 404", async ({ browser }) => {
  const { page: host, phoneId } = await owner(browser);
  const { link, token } = await linkByApi(host, phoneId);
  const viewer = await watch(browser, link, 'Erin');
  await viewer.getByTestId('share-leave').click();
  await expect(notice(viewer)).toHaveAttribute('data-reason', 'left');
  // Opened again in the same browser: no form, and the page takes over the socket and the join its early start sent.
  const sockets: string[] = [];
  const firstMessages: string[] = [];
  const joins: string[] = [];
  viewer.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.once('framesent', (frame) => firstMessages.push(String(frame.payload)));
  });
  viewer.on('request', (request) => request.url().includes('/api/device/share/join') && joins.push(request.postData() ?? ''));
  await viewer.goto(link);
  await expect(stage(viewer)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(viewer)).toBeGreaterThan(0);
  await expect(viewer.getByTestId('share-join-form')).toHaveCount(0);
  expect(sockets.filter((url) => url.includes('/stream/ws'))).toHaveLength(1);
  // The early start's socket: its kept key let the viewer back in, before the join's answer.
  expect(JSON.parse(firstMessages[0]!)).toMatchObject({ type: 'auth', rejoin: true });
  expect(joins).toHaveLength(1);
  // Without a name: the room keeps the one it knows.
  expect(JSON.parse(joins[0]!)).toMatchObject({ token, displayName: '' });
  const shares = await callApi(host, 'GET', '/api/device/share/list');
  const viewers = (shares.data as { list: Array<{ viewers: Array<{ displayName: string; state: string }> }> }).list[0]!.viewers;
  expect(viewers.map((entry) => [entry.displayName, entry.state])).toEqual([['Erin', 'enabled']]);

  // The same link on a client number that does not exist: the client lookup still ends it on that number's 404.
  const stranger = await context(browser);
  await stranger.goto(link.replace('/demo?', '/nosuchclient?'));
  await expect(stranger).toHaveURL(/\/app\/404\/nosuchclient$/);
});

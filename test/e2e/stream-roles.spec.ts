/**
 * Roles on the stream (server/API.md "Streaming"): someone with a grant or a share watches or drives another
 * account's phone, the server refuses a watcher's input whatever the page does, and the owner takes control back.
 * Access rows are planted in the server's database: the grant and share pages that create them are not built yet.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { DEMO_MOBILE, registerNewUser, serverDb, skipExpiryReminder, useEnglish, plantPhones } from './helpers.ts';
import { callApi, openPhoneView, openTool, stage } from './stream-helpers.ts';

const DAY = 24 * 3600 * 1000;

/** Lets `viewerMobile` open the owner's phone: a grant or a share, to watch or to control. */
function plantAccess(ownerMobile: string, viewerMobile: string, phoneId: number, kind: 'grant' | 'share', permission: 'view' | 'control'): void {
  const db = serverDb();
  try {
    const idOf = (mobile: string) => db.prepare('SELECT id FROM users WHERE mobile = ? AND tenant_id = 1 AND deleted_at IS NULL').pluck().get(mobile) as number;
    const now = Date.now();
    db.prepare('INSERT INTO phone_access (phone_id, owner_id, user_id, kind, permission, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      phoneId,
      idOf(ownerMobile),
      idOf(viewerMobile),
      kind,
      permission,
      now + 3 * DAY,
      now,
    );
  } finally {
    db.close();
  }
}

/** A signed-in person in a context of their own (English unless told), with their mobile number. */
async function person(browser: Browser, options: { english?: boolean } = {}): Promise<{ page: Page; mobile: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  if (options.english !== false) await useEnglish(page);
  await skipExpiryReminder(page);
  return { page, mobile: await registerNewUser(page) };
}

/** A raw stream socket opened by the test itself, with its messages parsed as they come. */
function rawSocket(page: Page, userPhoneId: number, token: string) {
  const url = new URL(page.url());
  const socket = new WebSocket(`ws://${url.host}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${userPhoneId}`);
  const messages: Array<{ type: string; [key: string]: unknown }> = [];
  socket.on('message', (data, isBinary) => {
    if (!isBinary) messages.push(JSON.parse(String(data)));
  });
  const open = new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = async (message: object) => {
    await open;
    socket.send(JSON.stringify(message));
  };
  const nextOf = (type: string, after = 0) => expect.poll(() => messages.slice(after).find((m) => m.type === type), { message: `a ${type} message` }).toBeTruthy();
  return { socket, messages, send, nextOf };
}

test('a view-only viewer\'s input is refused by the server: sent over the socket directly, it changes nothing', async ({ browser }) => {
  const owner = await person(browser);
  const [phone] = plantPhones(owner.mobile, [{ name: 'Lent phone' }]);
  const viewer = await person(browser);
  plantAccess(owner.mobile, viewer.mobile, phone!, 'share', 'view');

  // The page knows it only watches: the badge shows and its keys are not offered.
  await openPhoneView(viewer.page, phone!);
  await expect(viewer.page.getByTestId('view-only-badge')).toHaveText('View only');
  await expect(viewer.page.getByTestId('key-home')).toHaveCount(0);

  // The same viewer's token, used without the page: the server refuses the input itself.
  const token = ((await callApi(viewer.page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${phone}`)).data as { token: string }).token;
  const raw = rawSocket(viewer.page, phone!, token);
  await raw.nextOf('hello');
  expect(raw.messages.find((m) => m.type === 'hello')).toMatchObject({ role: 'viewer', control: false });
  await raw.send({ type: 'clipboard.set', text: 'written by a watcher' });
  await raw.send({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 120, y: 336 }] });
  await raw.send({ type: 'ping', t: 1 });
  await raw.nextOf('pong');
  expect(raw.messages.find((m) => m.type === 'error')).toMatchObject({ msg: 'View only: this viewer cannot control the phone' });

  // The owner reads the phone's clipboard afterwards: the watcher's text never reached it.
  const ownerToken = ((await callApi(owner.page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${phone}`)).data as { token: string }).token;
  const ownerSocket = rawSocket(owner.page, phone!, ownerToken);
  await ownerSocket.nextOf('hello');
  expect(ownerSocket.messages.find((m) => m.type === 'hello')).toMatchObject({ role: 'owner', control: true });
  await ownerSocket.send({ type: 'clipboard.get' });
  await ownerSocket.nextOf('clipboard');
  expect(ownerSocket.messages.find((m) => m.type === 'clipboard')).toEqual({ type: 'clipboard', text: '' });
  raw.socket.close();
  ownerSocket.socket.close();
  await owner.page.context().close();
  await viewer.page.context().close();
});

test('the owner takes control back from a controlling grantee, who is told and can only watch until the owner leaves', async ({ browser }) => {
  const owner = await person(browser, { english: false });
  const [phone] = plantPhones(owner.mobile, [{ name: 'Shared driving' }]);
  const grantee = await person(browser);
  plantAccess(owner.mobile, grantee.mobile, phone!, 'grant', 'control');

  await openPhoneView(grantee.page, phone!);
  await expect(grantee.page.getByTestId('key-home')).toBeVisible();
  await expect(grantee.page.getByTestId('view-only-badge')).toHaveCount(0);

  await openPhoneView(owner.page, phone!);
  await expect(owner.page.getByTestId('audience-badge')).toHaveText('1 人控制中 · 0 人观看');
  await openTool(owner.page, 'takeControl');
  await expect(owner.page.getByText('已收回控制权')).toBeVisible();
  await expect(owner.page.getByTestId('audience-badge')).toHaveText('0 人控制中 · 1 人观看');

  await expect(grantee.page.getByText('The owner has taken control back: you can now only watch')).toBeVisible();
  await expect(grantee.page.getByTestId('view-only-badge')).toBeVisible();
  await expect(grantee.page.getByTestId('key-home')).toHaveCount(0);
  // Its taps are not sent while it watches.
  await stage(grantee.page).tap();
  await expect(grantee.page.getByText('View-only session: the phone cannot be controlled')).toBeVisible();
  // Nothing else to take back: the owner's tools no longer offer it.
  await owner.page.getByTestId('tools-open').click();
  await expect(owner.page.getByTestId('tool-takeControl')).toHaveCount(0);

  // The owner leaves: control goes back to the grantee.
  await owner.page.context().close();
  await expect(grantee.page.getByText('You can control the phone again')).toBeVisible();
  await expect(grantee.page.getByTestId('view-only-badge')).toHaveCount(0);
  await expect(grantee.page.getByTestId('key-home')).toBeVisible();
  await grantee.page.context().close();
});

test('someone without a grant or share cannot open another account\'s phone', async ({ browser }) => {
  const stranger = await person(browser);
  const demoPhone = (() => {
    const db = serverDb();
    try {
      return db.prepare('SELECT p.id FROM phones p JOIN users u ON u.id = p.user_id WHERE u.mobile = ? AND u.tenant_id = 1 LIMIT 1').pluck().get(DEMO_MOBILE) as number;
    } finally {
      db.close();
    }
  })();
  const reply = await callApi(stranger.page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${demoPhone}`);
  expect(reply.code).not.toBe(0);
  await stranger.page.context().close();
});

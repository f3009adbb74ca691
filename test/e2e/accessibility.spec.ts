/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every page of the route table, in both demo tenants
 * (`demo`, the default blue theme; `green`, tenant 100's dark green theme), plus a few overlays: the daily
 * expiry reminder, the device action sheet, a confirm dialog and the phone-view tools sheet.
 *
 * The page list is read from the route table (src/app/routes.ts and more-routes.ts, by the build's own reader) when
 * the tests run, so a page added to the table is checked with no change here: it is opened logged in (logged out too
 * when it is `public`) and analysed once the app has rendered it. A page that needs data (`?id=`, `?ids=`,
 * `?orderId=`) gets it from the API (accessibility-data.ts); a new such page gets a row in QUERIES there (and, for a
 * sharper wait, in READY).
 *
 * Each test loops over its pages, collects every violation (and every page that could not be reached or rendered)
 * and fails once at the end with all of them, so one run names every failing page. Pages are seen as a first visit
 * sees them: the app's default language, a 390x844 touch screen (the window grows to the page's length while axe
 * looks, see Audit.analyse).
 */
import { expect, test } from '@playwright/test';
import { appUrl, skipExpiryReminder } from './helpers.ts';
import { Audit, byName, DEVICE_PAGES, groupOf, logIn, READY, ROUTES, settle, SHOP_PAGES, TENANTS } from './accessibility-audit.ts';
import { callApi, createShareLink, createUnpaidOrder, loadPageData, QUERIES, type PageData } from './accessibility-data.ts';

// ---------------------------------------------------------------------------------------------------------------

test('the route table was read', () => {
  // A regex that stopped matching would make every test below check nothing.
  expect(ROUTES.length).toBeGreaterThan(20);
  for (const segment of ['', 'login', 'phone-view', 'payment', '404']) expect(ROUTES.map((route) => route.segment)).toContain(segment);
  for (const segment of ['login', 'forget-password', 'agreement', 'user-agreement', 'privacy-agreement', '404', 'download']) {
    expect(byName(segment)?.public, `${segment} is public`).toBe(true);
  }
  // The groups name pages that exist (a page missing from both is checked with the other pages).
  for (const segment of [...DEVICE_PAGES, ...SHOP_PAGES, ...Object.keys(QUERIES), ...Object.keys(READY)]) expect(byName(segment), `route "${segment}"`).toBeDefined();
});

/**
 * The pages of neither group, in slices of at most this many, each a test of its own: a test stays well under a
 * minute however many pages the table gains.
 */
const PAGES_PER_TEST = 7;
/** The pages that look at a share link: first, so that one slice (one link at a time on the phone) holds them. */
const NEEDS_SHARE = new Set(['my-share-screen', 'share-screen-control', 'join-user']);
const OTHER_ROUTES = ROUTES.filter((entry) => groupOf(entry.segment) === 'other').sort((a, b) => Number(NEEDS_SHARE.has(b.segment)) - Number(NEEDS_SHARE.has(a.segment)));
const OTHER_SLICES = Array.from({ length: Math.ceil(OTHER_ROUTES.length / PAGES_PER_TEST) }, (_, index) =>
  OTHER_ROUTES.slice(index * PAGES_PER_TEST, (index + 1) * PAGES_PER_TEST),
);

for (const tenant of TENANTS) {
  test.describe(`accessibility, tenant ${tenant.clientNo}`, () => {
    test.describe.configure({ timeout: 120_000 });

    test('public pages, logged out', async ({ page }) => {
      const audit = new Audit(page, tenant, 'public pages logged out');
      // Stores the client number, as a returning visitor has it; no session, so no expiry reminder either.
      await skipExpiryReminder(page, tenant.clientNo);
      for (const route of ROUTES.filter((entry) => entry.public)) await audit.route(route, null, 'logged out');
      await audit.step('login with an error notice and a field error', async () => {
        // A refused send shows a red notice (for 3 s): its text must keep its contrast on the error fill.
        await page.route('**/api/merchant/auth/send-sms-code', (route) => route.fulfill({ json: { code: 429, msg: 'Too many requests', data: { retryAfterSeconds: 30 } } }));
        await page.goto(appUrl(`/login/${tenant.clientNo}`));
        await page.locator('#mobile').fill('13912345678');
        await page.getByTestId('send-code').click();
        await expect(page.locator('.notice--error')).toBeVisible();
        await audit.analyse('login with an error notice');
        await page.unroute('**/api/merchant/auth/send-sms-code');
      });
      audit.finish();
    });

    test('device pages, phone-view and their overlays, logged in', async ({ page }) => {
      const audit = new Audit(page, tenant, 'device pages logged in');
      // The daily expiry reminder, once: the first home after a login shows it (the demo user has phones expiring).
      await logIn(page, tenant, { reminder: true });
      await audit.step('home with the expiry reminder dialog', async () => {
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(page.getByTestId('phone-card').first()).toBeVisible();
        await settle(page);
        await audit.analyse('home with the expiry reminder dialog');
        await dialog.getByRole('button').click();
        await expect(dialog).toHaveCount(0);
      });
      await skipExpiryReminder(page, tenant.clientNo);
      const data = await loadPageData(page);

      for (const route of ROUTES.filter((entry) => groupOf(entry.segment) === 'devices')) {
        await audit.route(route, data, 'logged in');
        if (route.segment === '') {
          await audit.step('device action sheet (the "⋯" of a phone card)', async () => {
            await page.getByTestId('phone-card').first().getByTestId('phone-more').click();
            await expect(page.getByTestId('action-sheet')).toBeVisible();
            await settle(page);
            await audit.analyse('home with the device action sheet');
            await page.getByTestId('sheet-close').click();
            await expect(page.getByTestId('action-sheet')).toHaveCount(0);
          });
        }
        if (route.segment === 'phone-view') {
          await audit.step('phone-view tools sheet', async () => {
            await page.getByTestId('tools-open').click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await settle(page);
            await audit.analyse('phone-view with the tools sheet');
            await page.getByTestId('sheet-close').click();
            await expect(page.getByRole('dialog')).toHaveCount(0);
          });
        }
      }
      audit.finish();
    });

    test('shop pages, logged in', async ({ page }) => {
      const audit = new Audit(page, tenant, 'shop pages logged in');
      await logIn(page, tenant);
      const holder: { data: PageData | null } = { data: null };
      await audit.step('test data (phones, groups, a new unpaid order)', async () => {
        const data = await loadPageData(page);
        data.orderId = await createUnpaidOrder(page);
        holder.data = data;
      });
      try {
        for (const route of ROUTES.filter((entry) => groupOf(entry.segment) === 'shop')) await audit.route(route, holder.data, 'logged in');
      } finally {
        // The order was only there to be looked at.
        const orderId = holder.data?.orderId;
        if (orderId) await callApi(page, 'PUT', `/api/trade/order/cancel?id=${orderId}`).catch(() => undefined);
      }
      audit.finish();
    });

    OTHER_SLICES.forEach((routes, index) => {
      const names = routes.map((route) => route.segment).join(', ');
      test(`account and other pages, ${index + 1} of ${OTHER_SLICES.length} (${names}), logged in`, async ({ page }) => {
        const audit = new Audit(page, tenant, `other pages ${index + 1} logged in`);
        await logIn(page, tenant);
        const holder: { data: PageData | null } = { data: null };
        await audit.step('test data (phones, groups, a share link where a page shows one)', async () => {
          const data = await loadPageData(page);
          if (routes.some((route) => NEEDS_SHARE.has(route.segment))) data.share = await createShareLink(page, data);
          holder.data = data;
        });
        try {
          await otherPages(audit, holder.data, routes);
        } finally {
          // The link was only there to be looked at (a shared phone cannot be granted: other tests may want it).
          const share = holder.data?.share;
          if (share) await callApi(page, 'PUT', '/api/device/share/end', { shareId: share.shareId }).catch(() => undefined);
        }
        audit.finish();
      });
    });
  });
}

/** Pages of the "other" group, and the overlays some of them open. */
async function otherPages(audit: Audit, data: PageData | null, routes: typeof ROUTES): Promise<void> {
  const { page, tenant } = audit;
  for (const route of routes) {
    await audit.route(route, data, 'logged in');
    if (route.segment === 'my-share-screen') {
      await audit.step('my-share-screen with the new-link sheet, then the link made', async () => {
        await page.getByTestId('share-new').click();
        const sheet = page.getByTestId('share-create-sheet');
        await expect(sheet.getByTestId('share-create')).toBeEnabled();
        // Another phone than the page's own link's: a new link would end that one.
        const other = data?.phones.find((phone) => phone.userPhoneId !== data.share?.phoneId && phone.businessStatus === 'online');
        if (other) await sheet.getByTestId('share-phone').selectOption(String(other.userPhoneId));
        await settle(page);
        await audit.analyse('my-share-screen with the new-link sheet');
        await sheet.getByTestId('share-create').click();
        await expect(sheet.getByTestId('share-link')).toBeVisible();
        await settle(page);
        await audit.analyse('my-share-screen with the link made');
        await page.getByTestId('sheet-close').click();
        await expect(sheet).toHaveCount(0);
        // That link ends at once: the page's own link stays the only live one.
        const shareId = Number(await page.getByTestId('share-card').first().getAttribute('data-share-id'));
        if (shareId && shareId !== data?.share?.shareId) await callApi(page, 'PUT', '/api/device/share/end', { shareId });
      });
    }
    if (route.segment === 'share-screen-control' && data?.share) {
      await audit.step('share-screen-control watching the shared phone', async () => {
        await page.getByTestId('share-join').click();
        await expect(page.locator('[data-testid="stream-stage"][data-state="playing"]')).toBeVisible();
        await settle(page);
        await audit.analyse('share-screen-control watching');
        await page.getByTestId('share-change-name').click();
        await expect(page.getByTestId('share-name-sheet')).toBeVisible();
        await settle(page);
        await audit.analyse('share-screen-control with the name sheet');
        await page.getByTestId('sheet-close').click();
        await page.getByTestId('share-leave').click();
        await expect(page.getByTestId('share-notice')).toBeVisible();
      });
    }
    if (route.segment === 'ai-assistant') {
      await audit.step('ai-assistant with an answer, then the feedback sheet refused', async () => {
        await page.getByTestId('question-input').fill('How do I renew a cloud phone?');
        await page.getByTestId('send-question').click();
        await expect(page.locator('[data-testid="chat-answer"]').last()).toHaveAttribute('data-state', 'done');
        await settle(page);
        await audit.analyse('ai-assistant with an answer');
        await page.getByTestId('answer-feedback').last().click();
        await page.getByTestId('feedback-submit').click();
        await expect(page.getByTestId('feedback-type-error')).toBeVisible();
        await settle(page);
        await audit.analyse('ai-assistant with the feedback sheet refused');
        await page.getByTestId('sheet-close').click();
      });
    }
    if (route.segment === 'transfer-device') {
      await audit.step('transfer check and result (transfer-device)', async () => {
        // The server's answers are stood in for: a real transfer would take the demo user's phones away.
        const id = Number(new URL(page.url()).searchParams.get('ids'));
        const receiver = { userNo: '12345678', mobile: '138****8002' };
        const refused = { code: 1_003_005_002, msg: 'The phone has too little time left to be transferred' };
        await page.route('**/api/device/user/phone/give-check', (request) => request.fulfill({ json: { code: 0, msg: '', data: {
          receiver, items: [{ userPhoneId: id, phoneNo: '', name: '', ok: true, code: 0, msg: '' }, { userPhoneId: 999_999, phoneNo: 'CP00000000', name: 'Refused', ok: false, ...refused }],
        } } }));
        await page.route('**/api/device/user/phone/give', (request) => request.fulfill({ json: { code: 0, msg: '', data: {
          orderId: 1, orderNo: '20260101080000123456', status: 'partial', receiver,
          items: [{ userPhoneId: id, phoneNo: '', status: 'success', code: 0, msg: '', finishTime: Date.now() }, { userPhoneId: 999_999, phoneNo: 'CP00000000', status: 'failed', ...refused, finishTime: Date.now() }],
        } } }));
        await page.locator('#transfer-target').fill('13800138002');
        await page.getByTestId('transfer-check-submit').click();
        await expect(page.getByTestId('transfer-check-item')).toHaveCount(2);
        await audit.analyse('transfer-device with the check of each phone');
        await page.getByTestId('transfer-confirm').click();
        await page.getByRole('dialog').locator('button.btn--primary').click();
        await expect(page.getByTestId('transfer-result-item')).toHaveCount(2);
        await audit.analyse('transfer-device with the result of each phone');
        await page.unroute('**/api/device/user/phone/give-check');
        await page.unroute('**/api/device/user/phone/give');
      });
    }
    if (route.segment === 'profile') {
      await audit.step('logout confirm dialog (profile)', async () => {
        await page.getByTestId('logout').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await settle(page);
        await audit.analyse('profile with the logout confirm dialog');
        // Cancel (the action that is not the primary one): the session must survive for the pages after this one.
        await dialog.locator('button:not(.btn--primary)').click();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`/app/profile/${tenant.clientNo}$`));
      });
    }
  }
}

/**
 * What the accessibility test needs besides the tests themselves: the route table read as text, the data pages
 * need (from the API, as the signed-in user), waiting for a page to be really rendered, and the Audit that runs axe
 * (WCAG 2.0/2.1 A and AA) and collects every violation of a test's page views. test/e2e/accessibility.spec.ts says
 * which pages are checked and how.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parseRouteTable } from '../../scripts/boot-plan.mjs';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder } from './helpers.ts';
import { QUERIES, type PageData } from './accessibility-data.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// ---------------------------------------------------------------------------------------------------------------
// The route table (both its files), read as text by the build's own reader (importing it would need the app's module
// aliases).

interface RouteRow {
  segment: string;
  public: boolean;
}

export const ROUTES: RouteRow[] = parseRouteTable().map((row) => ({ segment: row.segment, public: row.public }));

/** The tenants, by client number (the API's tenant id comes from what the app stored after login). */
export const TENANTS = [
  { clientNo: 'demo', theme: 'default blue' },
  { clientNo: 'green', theme: 'dark green' },
] as const;
type Tenant = (typeof TENANTS)[number];

/**
 * Logged in, the pages are checked in three tests per tenant (so two workers share them): the device pages and
 * phone-view, the shop pages, and everything else (account pages, public pages, and any page added later).
 */
export const DEVICE_PAGES = new Set(['', 'discover', 'manage-group', 'phone-group-setting', 'move-phone-to-group', 'batch-operation', 'choose-device', 'phone-view', 'phone-view-switch']);
export const SHOP_PAGES = new Set([
  'add-phone', 'recharge-phone', 'recharge-single-phone', 'upgrade-select-phone', 'upgrade-phone', 'payment', 'pay-result',
  'activation-code', 'add-code', 'renew-code', 'code-record', 'order-list', 'my-coupon',
]);
export const groupOf = (segment: string) => (DEVICE_PAGES.has(segment) ? 'devices' : SHOP_PAGES.has(segment) ? 'shop' : 'other');

// ---------------------------------------------------------------------------------------------------------------
// Waiting for a page to be really rendered.

/** One of these visible means the page's own content (not only its frame) is on screen. */
export const READY: Record<string, string> = {
  '': '[data-testid="phone-card"], [data-testid="device-empty"]',
  discover: '[data-testid="phone-card"], [data-testid="device-empty"]',
  login: '[data-testid="login-submit"]',
  'forget-password': '[data-testid="reset-step"]',
  agreement: '[data-testid="agreement"]',
  'user-agreement': '[data-testid="agreement"]',
  'privacy-agreement': '[data-testid="agreement"]',
  'manage-group': '[data-testid="group-row"]',
  'phone-group-setting': '[data-testid="group-phone"], [data-testid="group-empty"]',
  'move-phone-to-group': '[data-testid="move-target"]',
  'batch-operation': '[data-testid="batch-count"]',
  'choose-device': '[data-testid="choose-row"]',
  'add-phone': '[data-testid="pay-amount"]',
  'recharge-phone': '[data-testid="pick-phone"]',
  'recharge-single-phone': '[data-testid="renew-lines"]',
  'upgrade-select-phone': '[data-testid="pick-phone"]',
  'upgrade-phone': '[data-testid="upgrade-lines"] li',
  payment: '[data-testid="payment-amount"]:text-matches("[0-9]")',
  'pay-result': '[data-testid="pay-result-title"]',
  'activation-code': '[data-testid="redeem-submit"]',
  'add-code': '[data-testid="codes-activate"]',
  'renew-code': '[data-testid="renew-phones"], [data-testid="codes-activate"]',
  'code-record': '[data-testid="code-record"], [data-testid="list-empty"]',
  'order-list': '[data-testid="order-card"], [data-testid="list-empty"]',
  'my-coupon': '[data-testid="coupon-card"], [data-testid="list-empty"]',
  'authorization-code': '[data-testid="grant-form"]',
  'authorization-manager': '[data-testid="grant-record"], [data-testid="list-empty"]',
  'use-authorization-code': '[data-testid="use-code-form"]',
  'authorized-device': '[data-testid="granted-phone"], [data-testid="list-empty"]',
  'phone-view': '[data-testid="stream-stage"][data-state="playing"]',
  'phone-view-switch': '[data-testid="stream-stage"][data-state="playing"]',
  profile: '[data-testid="profile-name"]',
  'personal-center': '[data-testid="user-no"]',
  'password-manager': '[data-testid="password-submit"]',
  'mobile-phone-binding': '[data-testid="binding-step"], [data-testid="binding-not-yet"]',
  'cancel-account': '[data-testid="cancel-submit"]',
  'transfer-device': '[data-testid="transfer-chosen-phone"]',
  'transfer-list': '[data-testid="transfer-record"], [data-testid="list-empty"]',
  'app-manager': '[data-testid="apps-row"]',
  'file-upload': '[data-testid="file-input"]:enabled',
  'new-machine': '[data-testid="nm-current"]',
  'new-machine-record': '[data-testid="nm-log"], [data-testid="list-empty"]',
  'group-control': '[data-testid="sync-choose"], [data-testid="sync-live"], [data-testid="sync-too-few"]',
  'change-phone': '[data-testid="replace-chosen-phone"]',
  'phone-check': '[data-testid="check-row"]',
  'network-check': '[data-testid="line-2"][data-status="done"], [data-testid="line-2"][data-status="failed"]',
  'clone-template': '[data-testid="template-item"], [data-testid="template-empty"]',
  'clone-phone': '[data-testid="clone-template-choice"], [data-testid="clone-no-template"]',
  'message-center': '[data-testid="message-item"], [data-testid="list-empty"]',
  'message-detaile': '[data-testid="message-content"]',
  'ai-assistant': '[data-testid="suggestion"], [data-testid="chat-answer"][data-state="done"], [data-testid="chat-answer"][data-state="stopped"]',
  'system-setting': '[data-testid="app-version"]',
  'about-us': '[data-testid="about-version"]',
  '404': '[data-testid="not-found"]',
  download: '[data-testid="download"]',
  'my-share-screen': '[data-testid="share-card"], [data-testid="list-empty"]',
  'join-user': '[data-testid="join-user-share"]',
  'share-screen-control': '[data-testid="share-join-form"], [data-testid="share-notice"]',
  'home-guide': '[data-testid="guide-step-title"]',
  'install-pwa': '[data-testid="install-menu"], [data-testid="install-prompt"], [data-testid="install-installed"], [data-testid="install-ios"], [data-testid="install-webview"]',
  'invite-poster': '[data-testid="invite-poster-image"]',
};

/** What the app shows while something loads, in either language (core texts `common.loading`). */
const LOADING_TEXT = /^(加载中…|Loading…)$/;

/** The route's page is on screen, the progress bar gone, nothing loading, fonts and finite animations done. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('.progress')).toHaveCount(0);
  await expect(page.getByText(LOADING_TEXT)).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** How far the longest vertical scroller (or the document) scrolls: what lies below the fold. */
async function belowTheFold(page: Page): Promise<number> {
  return page.evaluate(() => {
    let most = document.documentElement.scrollHeight - document.documentElement.clientHeight;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.scrollHeight - element.clientHeight > 1 && /auto|scroll/.test(getComputedStyle(element).overflowY)) {
        most = Math.max(most, element.scrollHeight - element.clientHeight);
      }
    }
    return Math.ceil(most);
  });
}

/** Two animation frames: a resize has been laid out and painted. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// ---------------------------------------------------------------------------------------------------------------
// The audit: collects violations and failures over a test's page views.

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.map((node) => {
    const selector = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | ');
    const message = (node.failureSummary ?? '').split('\n').map((line) => line.trim()).filter(Boolean).join(' / ');
    return `      - ${selector}\n        ${message}`;
  });
  return [`    ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help} [${violation.helpUrl}]`, ...nodes].join('\n');
}

export class Audit {
  views = 0;
  readonly failures: string[] = [];
  readonly notes: string[] = [];
  readonly started = Date.now();

  constructor(
    readonly page: Page,
    readonly tenant: Tenant,
    readonly group: string,
  ) {}

  /** Analyses what is on screen now; `what` names it in the report. */
  async analyse(what: string): Promise<void> {
    // axe takes what a clipping ancestor hides for hidden, and the page frame clips its scrolling body at the
    // screen's height: content below the fold would go unchecked. The window grows to the scrolled length for
    // the analysis (the layout then holds everything) and shrinks back after it.
    const screen = this.page.viewportSize();
    const below = await belowTheFold(this.page);
    if (screen && below > 0) {
      await this.page.setViewportSize({ width: screen.width, height: screen.height + Math.min(below, 8000) });
      await nextFrames(this.page);
    }
    try {
      await this.run(what);
    } finally {
      if (screen && below > 0) {
        await this.page.setViewportSize(screen);
        await nextFrames(this.page);
      }
    }
  }

  private async run(what: string): Promise<void> {
    // Only violations need every node reported (options() replaces the run options, so it comes before withTags).
    // Legacy mode runs axe.run in the page itself, where the default mode opens a blank page for every analysis
    // to merge the results of frames, and the app has none: it halves the time of an analysis.
    const builder = new AxeBuilder({ page: this.page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true);
    const results = await builder.analyze();
    this.views++;
    const violations = results.violations as AxeViolation[];
    if (violations.length) {
      this.failures.push(`  [${this.tenant.clientNo}] ${what} (${this.page.url()}): ${violations.length} violation(s)\n${violations.map(describeViolation).join('\n')}`);
    }
  }

  /** Runs one check; anything that goes wrong is recorded against it and the loop goes on. */
  async step(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.failures.push(`  [${this.tenant.clientNo}] ${what}: could not be checked: ${message.split('\n').slice(0, 6).join(' / ')}`);
    }
  }

  /** Opens a route's page (with its query), waits until it is really rendered, analyses it. */
  async route(route: RouteRow, data: PageData | null, state: 'logged in' | 'logged out'): Promise<void> {
    const name = route.segment === '' ? 'home' : route.segment;
    await this.step(`${name} (${state})`, async () => {
      const query = QUERIES[route.segment]?.(data) ?? '';
      const path = route.segment === '' ? `/${this.tenant.clientNo}` : `/${route.segment}/${this.tenant.clientNo}`;
      await this.page.goto(appUrl(path + query));
      await expect(this.page.locator('.page')).toBeVisible();
      await expect(this.page.locator('.progress')).toHaveCount(0);
      const landed = new URL(this.page.url()).pathname;
      if (landed !== `/app${path}`) {
        // The app sends a logged-in visitor of the login page home (spec §2); it is checked logged out instead.
        if (state === 'logged in' && route.public && route.segment === 'login') {
          this.notes.push(`${name} logged in: redirected to ${landed} by design (checked logged out)`);
          return;
        }
        throw new Error(`opened /app${path}${query}, the app went to ${landed}`);
      }
      const ready = READY[route.segment];
      await expect(ready ? this.page.locator(ready).first() : this.page.locator('.page main, .page [data-testid]').first()).toBeVisible();
      await settle(this.page);
      const broken = this.page.locator('.page-failed, .notice--error, .page .field__error[role="alert"]');
      if (await broken.count()) throw new Error(`the page shows an error: ${(await broken.first().textContent())?.trim()}`);
      await this.analyse(`${name} (${state})`);
    });
  }

  /** Reports and asserts: every page view's violations (and unreachable pages) together. */
  finish(): void {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    const summary = `axe (${WCAG_TAGS.join(', ')}), tenant ${this.tenant.clientNo} (${this.tenant.theme}), ${this.group}: ${this.views} page view(s) checked in ${seconds} s`;
    test.info().annotations.push({ type: 'axe page views', description: `${this.views}` });
    test.info().annotations.push({ type: 'axe', description: summary + this.notes.map((note) => `; ${note}`).join('') });
    console.log(summary + this.notes.map((note) => `\n  note: ${note}`).join(''));
    expect(this.failures.length, `accessibility problems, tenant ${this.tenant.clientNo}, ${this.group}:\n${this.failures.join('\n')}\n`).toBe(0);
  }
}

export async function logIn(page: Page, tenant: Tenant, options: { reminder?: boolean } = {}): Promise<void> {
  if (!options.reminder) await skipExpiryReminder(page, tenant.clientNo);
  await openLogin(page, tenant.clientNo);
  await loginWithPassword(page);
  await expect(page).toHaveURL(new RegExp(`/app/${tenant.clientNo}$`));
}

export const byName = (segment: string) => ROUTES.find((route) => route.segment === segment);

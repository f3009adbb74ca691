/**
 * The journey's steps, written once for both engines against one small page interface (webkit.mjs and firefox.mjs
 * implement it over WebDriver and WebDriver BiDi). Accounts, codes, planted phones and the picture's measure come
 * from the Chromium tests' helpers (test/e2e/), so the three engines walk the same journey on the same data; the
 * phones are planted in the server's database on either engine (PostgreSQL here, SQLite where it is skipped).
 */
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  LIVE_APP,
  SMS_CODE,
  markExpiryReminderShown,
  plantPhonesAsync,
  uniqueMobile,
  type PlantedPhone,
} from '../e2e/helpers.ts';

export interface EnginePage {
  readonly engine: 'webkit' | 'firefox';
  /** The origin the page is served from (WebKit's goes through a link that can be cut). */
  readonly base: string;
  /** An app path ('/login/demo', under /app) or a whole address. */
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** Runs a self-contained function in the page (promises are awaited) and returns its JSON-able result. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>>;
  click(selector: string): Promise<void>;
  fill(selector: string, text: string): Promise<void>;
  /** A tap at a point of the element given as fractions of its width and height. */
  tapAt(selector: string, fractionX: number, fractionY: number): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: 'webkit' | 'firefox';
  start(): Promise<void>;
  newPage(options?: { storageDenied?: boolean }): Promise<EnginePage>;
  stop(): Promise<void>;
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
const WAIT_MS = 10_000;

/** What a successful wait returns: its value, never a falsy one. */
type Truthy<T> = Exclude<T, false | null | undefined | '' | 0>;

/** Polls `fn` in the page until it returns something truthy, which is returned; fails with `what` after `timeout`. */
export async function waitUntil<T, A extends unknown[]>(
  page: EnginePage,
  what: string,
  fn: (...args: A) => T | Promise<T>,
  args: A,
  timeout = WAIT_MS,
): Promise<Truthy<Awaited<T>>> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await page.evaluate(fn, ...args);
      if (value) return value as Truthy<Awaited<T>>;
      last = value;
    } catch (error) {
      // A navigation under way replaces the document the script ran in: try again.
      last = error;
    }
    if (Date.now() - started > timeout) throw new Error(`${page.engine}: timed out after ${timeout} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls `check` (in the test, not the page) until it says yes; fails with `what` after `timeout`. */
export async function poll(page: EnginePage, what: string, check: () => Promise<boolean>, timeout = WAIT_MS): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeout) throw new Error(`${page.engine}: timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** In the page: whether an element matching `selector` is shown (it has a box). */
function shown(selector: string): boolean {
  const element = document.querySelector(selector);
  return Boolean(element && element.getClientRects().length);
}

export async function waitFor(page: EnginePage, selector: string, timeout = WAIT_MS): Promise<void> {
  await waitUntil(page, selector, shown, [selector], timeout);
}

export async function waitForGone(page: EnginePage, selector: string, timeout = WAIT_MS): Promise<void> {
  await waitUntil(page, `${selector} to go`, (s: string) => !document.querySelector(s), [selector], timeout);
}

export async function waitForPath(page: EnginePage, pattern: RegExp, timeout = WAIT_MS): Promise<string> {
  const source = pattern.source;
  return waitUntil(page, `an address matching ${pattern}`, (re: string) => new RegExp(re).test(location.pathname + location.search) && location.href, [source], timeout);
}

export async function textOf(page: EnginePage, selector: string): Promise<string> {
  await waitFor(page, selector);
  return page.evaluate((s: string) => document.querySelector(s)!.textContent ?? '', selector);
}

export const byTestId = (id: string) => `[data-testid="${id}"]`;

/** The login page in English with the expiry reminder shown today, as the Chromium tests start (storage allowed). */
export async function openLogin(page: EnginePage): Promise<void> {
  await page.goto('/login/demo');
  await waitFor(page, `${LIVE_APP} ${byTestId('login-submit')}`);
  await page.evaluate(markExpiryReminderShown, 'demo');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en-US')));
  await page.goto('/login/demo');
  await waitFor(page, `${LIVE_APP} ${byTestId('login-submit')}`);
}

async function agreeAndSubmit(page: EnginePage): Promise<void> {
  await page.click('input[name="agree"]');
  await page.click(byTestId('login-submit'));
  await waitForPath(page, /^\/app\/demo$/, 15_000);
}

/** From the login page: the demo account by password, landing on home. */
export async function loginWithPassword(page: EnginePage, mobile = DEMO_MOBILE, password = DEMO_PASSWORD): Promise<void> {
  await page.click(byTestId('tab-password'));
  await page.fill('#mobile', mobile);
  await page.fill('#password', password);
  await agreeAndSubmit(page);
}

/** A brand-new account by SMS code, landing on home; returns its mobile number. */
export async function registerBySms(page: EnginePage): Promise<string> {
  const mobile = uniqueMobile();
  await openLogin(page);
  await page.click(byTestId('tab-sms'));
  await page.fill('#mobile', mobile);
  await page.click(byTestId('send-code'));
  // Counting down (digits): the server accepted the request and the code exists.
  await waitUntil(page, 'the code to be sent', (s: string) => /\d/.test(document.querySelector(s)?.textContent ?? ''), [byTestId('send-code')]);
  await page.fill('#code', SMS_CODE);
  await agreeAndSubmit(page);
  return mobile;
}

/** A new account owning `phones`, on home with them listed; returns their ids. */
export async function userWithPhones(page: EnginePage, phones: PlantedPhone[]): Promise<number[]> {
  const mobile = await registerBySms(page);
  const ids = await plantPhonesAsync(mobile, phones);
  // Planted after the login: the list is read again.
  await page.goto('/demo');
  await waitUntil(page, `${phones.length} phone cards`, (s: string, n: number) => document.querySelectorAll(s).length === n, [byTestId('phone-card'), phones.length]);
  return ids;
}

/** In the page: the ids of the phone cards whose picture is a live one (a picture the live grid sent, as a blob), or null for none. */
export function liveCardIds(): string[] | null {
  const ids = [...document.querySelectorAll<HTMLElement>('[data-testid="phone-card"]')]
    .filter((card) => card.querySelector('img')?.getAttribute('src')?.startsWith('blob:'))
    .map((card) => card.dataset.phoneId ?? '');
  return ids.length ? ids : null;
}

/** In the page: the stream stage's state and picture count. */
export function stageState(): { state: string | null; frames: number; width: number } {
  const stage = document.querySelector('[data-testid="stream-stage"]');
  return { state: stage?.getAttribute('data-state') ?? null, frames: Number(stage?.getAttribute('data-frames') ?? 0), width: Number(stage?.getAttribute('data-frame-width') ?? 0) };
}

export async function waitForPicture(page: EnginePage, timeout = 15_000): Promise<void> {
  await waitUntil(page, 'the live picture', () => {
    const stage = document.querySelector('[data-testid="stream-stage"]');
    return stage?.getAttribute('data-state') === 'playing' && Number(stage.getAttribute('data-frames')) > 0;
  }, [], timeout);
}

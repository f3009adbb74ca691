/** Shared steps of the browser tests. */
import { expect, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';

export const SMS_CODE = '246810';
export const DEMO_MOBILE = '13800138000';
export const DEMO_PASSWORD = 'demo1234';

export function appUrl(path: string): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return `${base}/app${path}`;
}

export function apiUrl(path: string): string {
  return `${process.env.E2E_BASE_URL}${path}`;
}

let counter = 0;
/** A mobile number no other test uses (SMS rate limits are per number). */
export function uniqueMobile(): string {
  counter++;
  const tail = `${process.pid % 1000}`.padStart(3, '0') + `${Date.now() % 100000}`.padStart(5, '0');
  return `139${(Number(tail) + counter * 7919).toString().padStart(8, '0').slice(-8)}`;
}

/** Until the app takes over, index.html shows an inert picture of the login page: wait for the app's own. */
export const LIVE_APP = '#app:not([inert])';

export async function openLogin(page: Page, clientNo = 'demo'): Promise<void> {
  await page.goto(appUrl(`/login/${clientNo}`));
  await expect(page.locator(LIVE_APP).getByTestId('login-submit')).toBeVisible();
}

export async function loginWithPassword(page: Page, mobile = DEMO_MOBILE, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('tab-password').click();
  await page.locator('#mobile').fill(mobile);
  await page.locator('#password').fill(password);
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('login-submit').click();
}

/**
 * The code was accepted by the server: the send button counts down (digits in either language). The button is
 * also disabled while the request is on its way, so `toBeDisabled()` alone could pass before the code exists.
 */
export async function expectCodeSent(page: Page): Promise<void> {
  await expect(page.getByTestId('send-code')).toHaveText(/\d/);
}

export async function loginWithSms(page: Page, mobile: string): Promise<void> {
  await page.getByTestId('tab-sms').click();
  await page.locator('#mobile').fill(mobile);
  await page.getByTestId('send-code').click();
  await expectCodeSent(page);
  await page.locator('#code').fill(SMS_CODE);
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('login-submit').click();
}

/** English UI from the first paint, so assertions can use the spec's English wording. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en-US')));
}

/**
 * The test server's own database, for what a browser cannot do quickly: let a code expire, plant
 * hostile content. The tests own this throwaway DATA_DIR, as an operator owns theirs.
 */
export function serverDb(): Database.Database {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (global setup did not run)');
  const db = new Database(join(dir, 'cloud-phone.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Logs in a brand-new user by SMS code and lands on home. */
export async function registerNewUser(page: Page, clientNo = 'demo'): Promise<string> {
  const mobile = uniqueMobile();
  await openLogin(page, clientNo);
  await loginWithSms(page, mobile);
  await expect(page).toHaveURL(new RegExp(`/app/${clientNo}$`));
  return mobile;
}

/**
 * In the page: the daily expiry reminder counts as shown today. Self-contained, so any driver can run it there (the
 * WebKit and Firefox tests do too). The client number is stored as well: a first visit to a client clears its keys.
 */
export function markExpiryReminderShown(clientNo: string): void {
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  if (!localStorage.getItem('clientNo')) localStorage.setItem('clientNo', JSON.stringify(clientNo));
  localStorage.setItem('lastExpireTipDate', JSON.stringify(today));
}

/** The demo users have phones expiring soon; tests that are not about the daily reminder start with it already shown today. */
export async function skipExpiryReminder(page: Page, clientNo = 'demo'): Promise<void> {
  await page.addInitScript(markExpiryReminderShown, clientNo);
}

/** A signed-in new account in a browser context of its own (a phone-sized one), in English, with its mobile number. */
export async function person(browser: Browser): Promise<{ page: Page; mobile: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await useEnglish(page);
  await skipExpiryReminder(page);
  return { page, mobile: await registerNewUser(page) };
}

const DAY = 24 * 3600 * 1000;

export interface PlantedPhone {
  name: string;
  /** '' or absent: the default group. */
  group?: string;
  status?: 'online' | 'offline' | 'maintenance';
  /** Validity left, ms (30 days when absent). */
  validMs?: number;
}

/** Gives a freshly registered user phones (and the named groups they sit in); returns their ids in order. */
export function plantPhones(mobile: string, phones: PlantedPhone[]): number[] {
  const db = serverDb();
  try {
    const now = Date.now();
    const user = db.prepare('SELECT id, tenant_id FROM users WHERE mobile = ? AND deleted_at IS NULL').get(mobile) as { id: number; tenant_id: number };
    db.prepare("INSERT OR IGNORE INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, '', 1, ?)").run(user.id, now);
    const groupId = (name: string): number => {
      if (name) db.prepare('INSERT OR IGNORE INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, 0, ?)').run(user.id, name, now);
      return db.prepare('SELECT id FROM phone_groups WHERE user_id = ? AND name = ?').pluck().get(user.id, name) as number;
    };
    const insert = db.prepare(
      'INSERT INTO phones (tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, created_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)',
    );
    // "7" + the user id + the index: unique, and apart from the seed's CP1.../CP2... numbers.
    return phones.map((phone, index) => {
      const phoneNo = `CP7${String(user.id).padStart(5, '0')}${String(index).padStart(2, '0')}`;
      return Number(insert.run(user.tenant_id, user.id, groupId(phone.group ?? ''), phoneNo, phone.name, phone.status ?? 'online', now + (phone.validMs ?? 30 * DAY), now).lastInsertRowid);
    });
  } finally {
    db.close();
  }
}

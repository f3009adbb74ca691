/** Shared steps of the browser tests. */
import { expect, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';

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
  // Its SQLite file exists only when the server runs on SQLite; opening it would make an empty one.
  if (process.env.E2E_DATABASE_URL) {
    throw new Error('the server runs on PostgreSQL (E2E_DATABASE_URL): use the asynchronous helpers');
  }
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

/** What planting runs, in SQL both engines accept: TRUE/FALSE, ON CONFLICT DO NOTHING, RETURNING id. */
const PLANT_SQL = {
  user: 'SELECT id, tenant_id FROM users WHERE mobile = ? AND deleted_at IS NULL',
  defaultGroup:
    "INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, '', TRUE, ?) ON CONFLICT DO NOTHING",
  namedGroup:
    'INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, FALSE, ?) ON CONFLICT DO NOTHING',
  groupId: 'SELECT id FROM phone_groups WHERE user_id = ? AND name = ?',
  phone:
    'INSERT INTO phones (tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, created_at) ' +
    'VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?) RETURNING id',
};

/** A planted phone's values after its owner and group: phone_no, name, status, expire_time, created_at. */
type PhoneValues = [string, string, string, number, number];
function phoneValues(userId: number, index: number, phone: PlantedPhone, now: number): PhoneValues {
  // "7" + the user id + the index: unique, and apart from the seed's CP1.../CP2... numbers.
  const phoneNo = `CP7${String(userId).padStart(5, '0')}${String(index).padStart(2, '0')}`;
  return [phoneNo, phone.name, phone.status ?? 'online', now + (phone.validMs ?? 30 * DAY), now];
}

/** Gives a freshly registered user phones (and the named groups they sit in); returns their ids in order. */
export function plantPhones(mobile: string, phones: PlantedPhone[]): number[] {
  const db = serverDb();
  try {
    const now = Date.now();
    const user = db.prepare(PLANT_SQL.user).get(mobile) as { id: number; tenant_id: number };
    db.prepare(PLANT_SQL.defaultGroup).run(user.id, now);
    const groupId = (name: string): number => {
      if (name) db.prepare(PLANT_SQL.namedGroup).run(user.id, name, now);
      return db.prepare(PLANT_SQL.groupId).pluck().get(user.id, name) as number;
    };
    const insert = db.prepare(PLANT_SQL.phone).pluck();
    return phones.map((phone, index) => {
      const group = groupId(phone.group ?? '');
      return Number(insert.get(user.tenant_id, user.id, group, ...phoneValues(user.id, index, phone, now)));
    });
  } finally {
    db.close();
  }
}

/** `?` placeholders as node-postgres numbers them (none of PLANT_SQL's sits inside a string). */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * plantPhones for a server on either engine: on PostgreSQL when E2E_DATABASE_URL names its database (the WebKit and
 * Firefox journey's server), through node-postgres; else in its SQLite file, as plantPhones does.
 */
export async function plantPhonesAsync(mobile: string, phones: PlantedPhone[]): Promise<number[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return plantPhones(mobile, phones);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const first = async (sql: string, params: unknown[]): Promise<unknown> => {
      const { rows } = await client.query({ text: numbered(sql), values: params, rowMode: 'array' });
      return (rows[0] as unknown[] | undefined)?.[0];
    };
    const now = Date.now();
    const { rows } = await client.query<{ id: string; tenant_id: string }>(numbered(PLANT_SQL.user), [mobile]);
    const user = rows[0];
    if (!user) throw new Error(`no user ${mobile} to plant phones for`);
    const userId = Number(user.id);
    await client.query(numbered(PLANT_SQL.defaultGroup), [userId, now]);
    const ids: number[] = [];
    // One after another: each phone's group may be the one the phone before created.
    for (const [index, phone] of phones.entries()) {
      const name = phone.group ?? '';
      if (name) await client.query(numbered(PLANT_SQL.namedGroup), [userId, name, now]);
      const groupId = await first(PLANT_SQL.groupId, [userId, name]);
      const values = [user.tenant_id, userId, groupId, ...phoneValues(userId, index, phone, now)];
      ids.push(Number(await first(PLANT_SQL.phone, values)));
    }
    return ids;
  } finally {
    await client.end();
  }
}

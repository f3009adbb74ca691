import { createApp } from '../../../server/app.ts';
import type { AppOptions } from '../../../server/app.ts';
import type { Engine } from '../../../server/db/engine.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { seed } from '../../../server/db/seed.ts';
import { freshPostgres, SEED_CLOCK } from './db/postgres-databases.ts';
import type { FreshPostgres } from './db/postgres-databases.ts';

// Shared set-up for the server tests: a private seeded database, a hand-driven clock and captured logs. The database
// is an in-memory SQLite one, or a PostgreSQL one when SERVER_TEST_DATABASE=postgres (test/run.mjs runs the server
// tests once on each).

/** The database the server tests run on. */
export const TEST_DATABASE: 'sqlite' | 'postgres' = process.env.SERVER_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * PostgreSQL databases of the last few setups, still open: a test may hold several apps at once and uvu has no hook
 * after each test, so the oldest is closed and handed back when a new one is taken.
 */
const openPostgres: FreshPostgres[] = [];
const OPEN_POSTGRES = 4;

/** A seeded database of its own, at the seed clock. */
export async function seededDatabase(): Promise<Engine> {
  if (TEST_DATABASE === 'sqlite') {
    const db = openDatabase(':memory:');
    // Seeded at the test clock, so phone expiries relative to the seed time are meaningful to the test.
    await seed(db, SEED_CLOCK);
    return db;
  }
  if (openPostgres.length >= OPEN_POSTGRES) await openPostgres.shift()!.close();
  const opened = await freshPostgres({}, 'seeded');
  openPostgres.push(opened);
  return opened.engine;
}

export const DEMO_MOBILE = '13800138000';
export const DEMO_PASSWORD = 'demo1234';

export interface Reply {
  status: number;
  headers: Headers;
  code: number;
  msg: string;
  data: any;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** tenant-id header; `null` leaves it out. Defaults to 1 (DEMO). */
  tenant?: number | string | null;
  clientId?: number | null;
  token?: string;
  language?: string;
  headers?: Record<string, string>;
  /** The client address the throttles see: sent as X-Forwarded-For, which setup() trusts. */
  address?: string;
}

export async function setup(overrides: Partial<AppOptions> = {}) {
  const db = await seededDatabase();
  let clock = SEED_CLOCK;
  const logs: string[] = [];
  const errors: string[] = [];
  const app = createApp({
    db,
    distDir: '/nonexistent-dist',
    now: () => clock,
    log: (line) => logs.push(line),
    // SHOW_ERRORS=1 prints what the app logged as errors, to see why a call answered 500.
    logError: (line) => {
      errors.push(line);
      if (process.env.SHOW_ERRORS) console.error(line);
    },
    // The payment tests drive the demo methods, as `npm start` and the browser tests do (PAYMENTS_MODE=demo).
    demoPayments: true,
    // So a test can speak from several client addresses (CallOptions.address); without one, all share "unknown".
    trustProxy: true,
    // Every reply is checked against its schema in the contract: a drift fails the test that made the call.
    checkReplies: true,
    ...overrides,
  });

  async function call(path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    const tenant = options.tenant === undefined ? 1 : options.tenant;
    if (tenant !== null) headers['tenant-id'] = String(tenant);
    if (options.clientId != null) headers['client-id'] = String(options.clientId);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers.language = options.language;
    if (options.address) headers['x-forwarded-for'] = options.address;
    const init: RequestInit = { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await app.request(path, init);
    const json = (await response.json()) as { code: number; msg: string; data: unknown };
    return { status: response.status, headers: response.headers, code: json.code, msg: json.msg, data: json.data };
  }

  /** The code of the last `[sms]` line, as the fake gateway printed it. */
  function lastCode(): string {
    const line = logs.filter((l) => l.startsWith('[sms]')).at(-1) ?? '';
    return /code=(\d+)/.exec(line)?.[1] ?? '';
  }

  async function sendCode(mobile: string, scene = 1, tenant: number = 1, address?: string): Promise<Reply> {
    return call('/api/merchant/auth/send-sms-code', { body: { mobile, scene }, tenant, address });
  }

  async function passwordLogin(tenant = 1, mobile = DEMO_MOBILE, password = DEMO_PASSWORD): Promise<Reply> {
    return call('/api/merchant/auth/login', { body: { mobile, password }, tenant });
  }

  /** Sends a login code and logs in with it (registering an unknown number); the reply's data is the token pair. */
  async function smsLogin(mobile: string, tenant = 1): Promise<Reply> {
    await sendCode(mobile, 1, tenant);
    return call('/api/merchant/auth/sms-login', { body: { mobile, code: lastCode() }, tenant });
  }

  /** Starts a guest trial. */
  async function guestLogin(tenant = 1, headers: Record<string, string> = {}): Promise<Reply> {
    return call('/api/merchant/auth/one-click-login', { body: {}, tenant, headers });
  }

  /** A code sent to the caller's own number (send-sms-code-logging); returns it, or '' when the call was refused. */
  async function sendOwnCode(token: string, scene: number, tenant = 1): Promise<string> {
    const reply = await call('/api/merchant/auth/send-sms-code-logging', { body: { scene }, token, tenant });
    return reply.code === 0 ? lastCode() : '';
  }

  return {
    app,
    db,
    logs,
    errors,
    call,
    lastCode,
    sendCode,
    passwordLogin,
    smsLogin,
    guestLogin,
    sendOwnCode,
    advance(ms: number) {
      clock += ms;
    },
    now: () => clock,
  };
}

/** What `promise` was rejected with; fails the test when it was fulfilled instead (uvu has no async throws). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  const outcome = await promise.then(
    () => ({ fulfilled: true as const }),
    (error: unknown) => ({ fulfilled: false as const, error }),
  );
  if (outcome.fulfilled) throw new Error('expected a rejection, but the promise was fulfilled');
  return outcome.error;
}

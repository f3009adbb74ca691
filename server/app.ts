import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { ErrorCode } from '../shared/error-codes.ts';
import { fail, ok } from './lib/envelope.ts';
import { ApiError, apiError, PAGE_MESSAGES } from './lib/errors.ts';
import { randomSecrets } from './lib/secrets.ts';
import type { Secrets } from './lib/secrets.ts';
import { createThrottles, DEFAULT_LIMITS, sweepThrottleCounts } from './lib/throttles.ts';
import type { Limits, Throttles } from './lib/throttles.ts';
import type { AppEnv, Db, Deps } from './lib/types.ts';
import { authRoutes } from './routes/auth.ts';
import { clientRoutes } from './routes/client.ts';
import { cmsRoutes } from './routes/cms.ts';
import { contentPageRoutes } from './routes/content-pages.ts';
import { codeRoutes } from './routes/codes.ts';
import { couponRoutes } from './routes/coupons.ts';
import { deviceRoutes } from './routes/devices.ts';
import { gridTicketRoutes } from './routes/grid-tickets.ts';
import { grantRoutes } from './routes/grants.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { phoneGroupRoutes } from './routes/phone-groups.ts';
import { phoneOperationRoutes } from './routes/phone-operations.ts';
import { replacementRoutes } from './routes/replacements.ts';
import { phoneCheckRoutes } from './routes/phone-check.ts';
import type { PhoneRestarted } from './routes/phone-operations.ts';
import { phoneScreenshotRoutes } from './routes/phone-screenshots.ts';
import { productRoutes } from './routes/products.ts';
import { promotionRoutes } from './routes/promotion.ts';
import { transferRoutes } from './routes/transfers.ts';
import { messageRoutes } from './routes/messages.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { pwaRoutes } from './routes/pwa.ts';
import { healthRoutes } from './routes/health.ts';
import { shareRoutes } from './routes/shares.ts';
import { fileRoutes, type UploadOptions } from './routes/files.ts';
import { UPLOAD_PATH } from '../shared/contract/file-words.ts';
import { appRoutes } from './routes/apps.ts';
import { installApp, type AppsChanged } from './lib/phone-apps.ts';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncRoutes } from './routes/sync.ts';
import { cloneRoutes } from './routes/clones.ts';
import { phoneMockModelRoutes } from './routes/phone-mock-model.ts';
import { userAccountRoutes } from './routes/user-account.ts';
import { userRoutes } from './routes/user.ts';
import type { PageSecurityOptions } from './page-headers.ts';
import { staticRoutes } from './static.ts';
import { assistantRoutes } from './routes/assistant.ts';
import { contentPassages, type PassageSource } from './lib/assistant/passages.ts';
import type { LlmOptions } from './lib/assistant/llm-relay.ts';

export interface AppOptions {
  db: Db;
  /** The built app (index.html, assets/, sw.js). */
  distDir: string;
  /** Backend-owned files under /static/; defaults to server/static. */
  staticDir?: string;
  /** Every SMS code equals this when set (tests, demos). */
  smsFixedCode?: string;
  accessTokenTtlSeconds?: number;
  /** TRUST_PROXY: the client address is the left-most X-Forwarded-For entry (client-address.ts). Off by default. */
  trustProxy?: boolean;
  /** Throttle numbers (throttles.ts); each one left out keeps its default. */
  limits?: Partial<Limits>;
  /** The throttles' counters, when something beside the app counts too (main.ts: the stream's socket joins); made from `limits` otherwise. */
  throttles?: Throttles;
  /** Injectable clock so tests can expire codes and tokens without waiting. */
  now?: () => number;
  /** Receives the `[sms] ...` lines (there is no real SMS gateway). */
  log?: (line: string) => void;
  /** Receives stack traces of unexpected errors. */
  logError?: (line: string) => void;
  /** Told about every phone whose reboot, quick restart or reset started (main.ts: the stream restarts its screen). */
  phoneRestarted?: PhoneRestarted;
  /** Told when a phone's apps changed or one was started or stopped (main.ts: the stream updates the phone's screen). */
  appsChanged?: AppsChanged;
  /** Told when sessions were revoked (main.ts: the stream service closes the sockets their tokens opened). */
  accessRevoked?: () => void;
  /** True once the instance is stopping: GET /health then answers 503 (routes/health.ts). */
  stopping?: () => boolean;
  /** The server's keys (main.ts: from the environment or DATA_DIR); random per app when left out (tests). */
  secrets?: Secrets;
  /**
   * PAYMENTS_MODE=demo: offer the mock payment method and the demo wallet page, whose callback is unsigned. Off by
   * default, so a deployment cannot be paid for by anyone who finds the callback.
   */
  demoPayments?: boolean;
  /** Who may frame the app and which other origins it may call (FRAME_ANCESTORS, CONNECT_ORIGINS). */
  pageSecurity?: PageSecurityOptions;
  /** STREAM_STATS=1: what the stream costs the server, at GET /stream/api/stats (benchmarks, tests). Off by default. */
  streamStats?: () => unknown;
  /**
   * Check every API reply against its schema in the contract (shared/contract/) and fail the request when one leaves
   * it: the unit tests and the browser tests' server (CHECK_REPLIES=1) turn it on, so a drift fails a test the day
   * it happens. Off in production, where it would only cost time.
   */
  checkReplies?: boolean;
  /**
   * Where uploaded files go (main.ts: UPLOAD_DIR, else DATA_DIR/uploads; a folder of the system's temporary one when
   * left out), how long each push and install step takes, each account's quota, the install (the apps' own when left
   * out), and, beside other instances, this one's name, the shared lock and `shared` (routes/files.ts).
   */
  uploads?: Partial<UploadOptions>;
  /** The help passages the assistant answers from (per tenant and language); the built-in help texts when left out. */
  passageSource?: PassageSource;
  /** An OpenAI-compatible endpoint the assistant relays to (main.ts: LLM_BASE_URL, LLM_API_KEY, LLM_MODEL); none when left out. */
  llm?: LlmOptions;
  /** The pause between the pieces of the assistant's built-in answer, so it streams (0 in tests). */
  assistantTokenDelayMs?: number;
  /**
   * NEW_ACCOUNTS_SKIP_GUIDE: new accounts start with the first-run guide seen, so tests that register users land on
   * home undisturbed. Off by default: a new account is shown the guide once.
   */
  newAccountsSkipGuide?: boolean;
}

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 1800;
/** Each push and install step of an uploaded file on the reference server (real phones take a minute or two). */
export const DEFAULT_UPLOAD_STEP_MS = 1500;
/** The bytes of uploads one account may keep at once (files are removed once installed, or after a day). */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 10 * 1024 ** 3;
/**
 * The largest request body any route takes: the biggest real one (20 activation codes, a group of 200 phone ids) is
 * a few kilobytes. Read as it streams in, so an oversized body is refused before it is held in memory. A route that
 * takes uploads will stream them to disk under a limit of its own.
 */
export const MAX_BODY_BYTES = 64 * 1024;
/** The pause between the pieces of the assistant's built-in answer: about as fast as a model writes. */
export const DEFAULT_ASSISTANT_TOKEN_DELAY_MS = 30;
const DEFAULT_STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

/** Builds the whole server without binding a port, so tests can call `app.request(...)` directly. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const deps: Deps = {
    db: options.db,
    now: options.now ?? Date.now,
    log: options.log ?? ((line) => console.log(line)),
    smsFixedCode: options.smsFixedCode,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    trustProxy: options.trustProxy ?? false,
    limits,
    throttles: options.throttles ?? createThrottles(limits),
    accessRevoked: options.accessRevoked ?? (() => {}),
    secrets: options.secrets ?? randomSecrets(),
    demoPayments: options.demoPayments ?? false,
    checkReplies: options.checkReplies ?? false,
    appsChanged: options.appsChanged,
    newAccountsSkipGuide: options.newAccountsSkipGuide ?? false,
  };
  const logError = options.logError ?? ((line) => console.error(line));

  const app = new Hono<AppEnv>();
  // Start-up work (the first sweep of old events, the uploads a stopped server left in a step) is done before any
  // request is taken: the first requests wait for it. Each piece logs its own failure, so this never rejects.
  const startup: Promise<unknown>[] = [];
  let started: Promise<unknown> | undefined;
  app.use('*', async (_c, next) => {
    await (started ??= Promise.all(startup));
    await next();
  });
  // The refusal answers before the no-store rule below runs, so it says so itself.
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => (c.header('Cache-Control', 'no-store'), fail(c, apiError(ErrorCode.PAYLOAD_TOO_LARGE), 413)) });
  // Uploads stream to disk under their own limit (routes/files.ts): each request is one piece of a file.
  app.use('*', (c, next) => (c.req.path.startsWith(UPLOAD_PATH) ? next() : limitBody(c, next)));
  // API answers carry personal data (a mobile number, orders) and are never reused: no cache, shared or private,
  // may keep them. The app keeps what it needs itself, under the spec's storage keys. A route that chose its own
  // caching (a signed screenshot image, private for a minute) keeps it.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Replies of 1 KB and more travel compressed (a page of 200 phones is about 50 KB of JSON, 8 KB gzipped): on a slow
  // link the bytes are the wait. Smaller ones are not worth the work.
  app.use('/api/*', compress());
  // Routes carry their own tenant/auth middleware (rather than one `/api/*` guard) so an unknown path is a 404
  // even without headers.
  app.route('/', clientRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', userAccountRoutes(deps));
  app.route('/', cmsRoutes(deps));
  app.route('/', contentPageRoutes(deps));
  app.route('/', promotionRoutes(deps));
  app.route('/', deviceRoutes(deps));
  app.route('/', phoneOperationRoutes(deps, options.phoneRestarted));
  app.route('/', phoneMockModelRoutes(deps, options.phoneRestarted));
  app.route('/', phoneScreenshotRoutes(deps));
  app.route('/', phoneGroupRoutes(deps));
  app.route('/', productRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', couponRoutes(deps));
  app.route('/', codeRoutes(deps));
  app.route('/', gridTicketRoutes(deps));
  app.route('/', grantRoutes(deps));
  app.route('/', transferRoutes(deps));
  app.route('/', shareRoutes(deps));
  app.route('/', messageRoutes(deps));
  const analytics = analyticsRoutes(deps);
  app.route('/', analytics.routes);
  // Analytics events past their retention go as the app starts and then each hour; the timer keeps no process alive.
  const sweepAnalytics = () => analytics.sweep().catch((error: unknown) => logError(String(error)));
  startup.push(sweepAnalytics());
  setInterval(() => void sweepAnalytics(), 3_600_000).unref();
  // The throttles' counts that no longer matter go as the app starts and then each minute (every instance sweeps).
  const sweepThrottles = () => sweepThrottleCounts(deps.db, deps.now()).catch((error: unknown) => logError(String(error)));
  startup.push(sweepThrottles());
  setInterval(() => void sweepThrottles(), 60_000).unref();
  const uploadDir = options.uploads?.dir ?? join(tmpdir(), `cloud-phone-uploads-${process.pid}`);
  mkdirSync(uploadDir, { recursive: true });
  const files = fileRoutes(deps, {
    ...options.uploads,
    dir: uploadDir,
    stepMs: options.uploads?.stepMs ?? DEFAULT_UPLOAD_STEP_MS,
    quotaBytes: options.uploads?.quotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES,
    install: options.uploads?.install ?? ((phoneId, app) => installApp(deps, phoneId, app)),
  });
  startup.push(files.started);
  app.route('/', files.routes);
  // Timed-out uploads fail and day-old files go, checked each minute; the timer does not keep the process alive.
  setInterval(() => void files.sweep().catch((error: unknown) => logError(String(error))), 60_000).unref();
  app.route('/', appRoutes(deps));
  app.route('/', syncRoutes(deps));
  app.route('/', replacementRoutes(deps, options.phoneRestarted));
  app.route('/', phoneCheckRoutes(deps));
  app.route('/', cloneRoutes(deps, options.phoneRestarted));
  app.route('/', assistantRoutes(deps, { passageSource: options.passageSource ?? contentPassages(deps.db), llm: options.llm, tokenDelayMs: options.assistantTokenDelayMs ?? DEFAULT_ASSISTANT_TOKEN_DELAY_MS, logError }));
  const streamStats = options.streamStats;
  if (streamStats) app.get('/stream/api/stats', (c) => ok(c, streamStats()));
  app.route('/', healthRoutes({ db: options.db, stopping: options.stopping }));
  app.route('/', pwaRoutes(deps, options.staticDir ?? DEFAULT_STATIC_DIR));
  app.route('/', staticRoutes({ distDir: options.distDir, staticDir: options.staticDir ?? DEFAULT_STATIC_DIR, security: options.pageSecurity }));

  app.notFound((c) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) return fail(c, apiError(ErrorCode.NOT_FOUND), 404);
    return c.text(PAGE_MESSAGES.notFound, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error);
    logError(`[error] ${c.req.method} ${c.req.path}\n${error.stack ?? String(error)}`);
    return fail(c, apiError(ErrorCode.SERVER_ERROR), 500);
  });

  return app;
}

import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { checkSmsCode } from '../src/core/validate.ts';
import { createApp, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from './app.ts';
import { DATABASE_FILE_NAME, openDatabase } from './db/index.ts';
import { seed } from './db/seed.ts';
import { loadSecrets } from './lib/secrets.ts';
import { createThrottles, DEFAULT_LIMITS, LIMIT_ENV } from './lib/throttles.ts';
import { admitSocketJoin } from './lib/admissions.ts';
import { addressOf } from './lib/client-address.ts';
import type { Limits } from './lib/throttles.ts';
import { parseOrigins } from './page-headers.ts';
import type { PageSecurityOptions } from './page-headers.ts';
import type { Secrets } from './lib/secrets.ts';
import { createStreamServer } from './stream/stream-server.ts';
import { createStreamStats } from './stream/stream-stats.ts';
import { installedApps } from './lib/phone-apps.ts';
import { identityOf } from './lib/phone-identity.ts';
import { llmFromEnv, type LlmOptions } from './lib/assistant/llm-relay.ts';

// Entry point: `npx tsx server/main.ts`. Configuration comes only from the environment (see README).

function fatal(message: string): never {
  console.error(message);
  process.exit(1);
}

function intFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) fatal(`${name} must be a positive integer, got "${text}"`);
  return value;
}

const port = intFromEnv('PORT', 8080);
const host = process.env.HOST || '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR || './data');
const distDir = resolve(process.env.DIST_DIR || './dist');
const accessTokenTtlSeconds = intFromEnv('ACCESS_TOKEN_TTL_SECONDS', DEFAULT_ACCESS_TOKEN_TTL_SECONDS);
const smsFixedCode = process.env.SMS_FIXED_CODE || undefined;
// A fixed code the client's own validation rejects would make login impossible; better to refuse to start.
if (smsFixedCode !== undefined && checkSmsCode(smsFixedCode)) fatal('SMS_FIXED_CODE must be 4-6 digits');

// Behind a reverse proxy every request comes from the proxy; with TRUST_PROXY the throttles key clients by the
// left-most X-Forwarded-For address instead, which the proxy must set itself (client-address.ts).
const trustProxyText = (process.env.TRUST_PROXY || 'false').toLowerCase();
if (!['1', 'true', '0', 'false'].includes(trustProxyText)) fatal(`TRUST_PROXY must be true or false, got "${process.env.TRUST_PROXY}"`);
const trustProxy = trustProxyText === '1' || trustProxyText === 'true';
const limits: Partial<Limits> = {};
for (const [name, key] of Object.entries(LIMIT_ENV)) limits[key] = intFromEnv(name, DEFAULT_LIMITS[key]);

// New accounts start with the first-run guide seen (the browser tests' server, whose users are new by the dozen).
const skipGuideText = (process.env.NEW_ACCOUNTS_SKIP_GUIDE || '0').toLowerCase();
if (!['1', 'true', '0', 'false'].includes(skipGuideText)) fatal(`NEW_ACCOUNTS_SKIP_GUIDE must be true or false, got "${process.env.NEW_ACCOUNTS_SKIP_GUIDE}"`);
const newAccountsSkipGuide = skipGuideText === '1' || skipGuideText === 'true';

const paymentsMode = process.env.PAYMENTS_MODE || 'off';
if (paymentsMode !== 'demo' && paymentsMode !== 'off') fatal(`PAYMENTS_MODE must be "demo" or "off", got "${paymentsMode}"`);

let pageSecurity: PageSecurityOptions;
try {
  pageSecurity = {
    frameAncestors: parseOrigins('FRAME_ANCESTORS', process.env.FRAME_ANCESTORS),
    connectOrigins: parseOrigins('CONNECT_ORIGINS', process.env.CONNECT_ORIGINS),
  };
} catch (error) {
  fatal((error as Error).message);
}

// The assistant relays to an OpenAI-compatible endpoint when one is configured (docs/features.md "Assistant").
let llm: LlmOptions | undefined;
try {
  llm = llmFromEnv(process.env);
} catch (error) {
  fatal((error as Error).message);
}

mkdirSync(dataDir, { recursive: true });
let secrets: Secrets;
try {
  secrets = loadSecrets(process.env, dataDir);
} catch (error) {
  fatal((error as Error).message);
}

const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
seed(db);

// One set of throttle counters for the app and the stream (a share join by call or by socket counts against one limit).
const throttles = createThrottles({ ...DEFAULT_LIMITS, ...limits });

// The virtual phones' stream (API.md "Streaming") shares the port: WebSocket upgrades on /stream/ws. It is
// made first because the API tells it about reboots and resets, which restart the phone's screen.
const stream = createStreamServer({
  db,
  // The home screens show the apps installed on each phone (lib/phone-apps.ts) next to its built-in ones.
  installedApps: (userPhoneId) => installedApps(db, userPhoneId).map((row) => ({ packageName: row.package_name, label: row.label, iconPng: row.icon_png })),
  // The Settings app's "About phone" shows the stored identity, which a change of model ("new machine") sets.
  phoneAbout: (userPhoneId) => identityOf(db, userPhoneId, Date.now()),
  // A share viewer joining by its socket is held to the join call's limit per address.
  admitJoin: (req) => admitSocketJoin(throttles, addressOf(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, trustProxy), Date.now()),
  // The network check's sockets are counted per address, which behind a trusted proxy is the forwarded one.
  lineAddressOf: (req) => addressOf(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, trustProxy),
});
const app = createApp({
  db,
  distDir,
  smsFixedCode,
  accessTokenTtlSeconds,
  trustProxy,
  limits,
  throttles,
  secrets,
  demoPayments: paymentsMode === 'demo',
  pageSecurity,
  // Socket counts and the server's load are for the operator's benchmarks, not for anyone who asks.
  streamStats: process.env.STREAM_STATS === '1' ? createStreamStats(stream) : undefined,
  // The browser tests' server: a reply outside its schema in the contract fails the request (app.ts).
  checkReplies: process.env.CHECK_REPLIES === '1',
  newAccountsSkipGuide,
  llm,
  // A reset and a replacement without data start a fresh instance: its clipboard goes too.
  phoneRestarted: (userPhoneId, kind) => void stream.restartPhone(userPhoneId, { reset: kind === 'reset' || kind === 'replace' }),
  // Uploaded files wait under DATA_DIR until installed (a day at most); UPLOAD_STEP_MS paces each push and install step.
  uploads: {
    dir: join(dataDir, 'uploads'),
    ...(process.env.UPLOAD_STEP_MS ? { stepMs: Math.max(0, Number(process.env.UPLOAD_STEP_MS) || 0) } : {}),
    ...(process.env.UPLOAD_QUOTA_BYTES ? { quotaBytes: Math.max(1, Number(process.env.UPLOAD_QUOTA_BYTES) || 1) } : {}),
  },
  // Logout, a password change, closing the account or a refresh-token replay end the sockets those sessions opened.
  accessRevoked: () => stream.revalidate(),
  // An app installed, uninstalled, started or stopped shows on the phone's screen at once.
  appsChanged: (userPhoneId, change) => stream.appsChanged(userPhoneId, change),
});
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`server listening on http://localhost:${info.port}/app/demo`);
});
stream.attach(server as Server);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  // Keep-alive connections would hold close() open; a short grace period bounds the wait.
  const force = setTimeout(() => {
    db.close();
    process.exit(0);
  }, 3000);
  force.unref();
  void stream.close();
  server.close(() => {
    db.close();
    process.exit(0);
  });
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

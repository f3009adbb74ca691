import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readConfiguration } from './configuration.ts';
import { DATABASE_FILE_NAME, openDatabase, openPostgresDatabase } from './db/index.ts';
import type { Engine } from './db/engine.ts';
import { seed } from './db/seed.ts';
import { loadSecrets, SECRET_VARIABLES, type Secrets } from './lib/secrets.ts';
import { createThrottles } from './lib/throttles.ts';
import { admitSocketJoin } from './lib/admissions.ts';
import { addressOf } from './lib/client-address.ts';
import { createStreamServer } from './stream/stream-server.ts';
import { createStreamStats } from './stream/stream-stats.ts';
import { installedApps } from './lib/phone-apps.ts';
import { identityOf } from './lib/phone-identity.ts';
import { aloneEvents, postgresEvents, type InstanceEvent } from './lib/instance-events.ts';
import { SharedUploadLocker } from './lib/upload-locks.ts';

// Entry point: `npx tsx server/main.ts`. Configuration comes only from the environment, read here once through the
// table in configuration.ts (the README's configuration table); a malformed value stops the start before anything
// is opened, with every variable that is wrong.

const read = readConfiguration(process.env);
if (!read.ok) {
  console.error(`The server cannot start; fix ${read.errors.length === 1 ? 'this setting' : 'these settings'} (README "Configuration"):`);
  for (const error of read.errors) console.error(`  ${error}`);
  process.exit(1);
}
const config = read.configuration;
const dataDir = resolve(config.dataDir);
// Behind a reverse proxy every request comes from the proxy; with TRUST_PROXY the throttles key clients by the
// left-most X-Forwarded-For address instead, which the proxy must set itself (client-address.ts).
const { trustProxy, limits } = config;

mkdirSync(dataDir, { recursive: true });
let secrets: Secrets;
try {
  secrets = loadSecrets({
    [SECRET_VARIABLES.screenshotLinkKey]: config.screenshotLinkSecret,
    [SECRET_VARIABLES.smsCodeKey]: config.smsCodeSecret,
    [SECRET_VARIABLES.refreshTokenKey]: config.refreshTokenSecret,
  }, dataDir);
} catch (error) {
  // A key kept in secrets.json by hand can still be too short; the variables themselves were checked above.
  console.error((error as Error).message);
  process.exit(1);
}

// PostgreSQL when DATABASE_URL names one (its schema made or brought up to date first), else the SQLite file.
let db: Engine;
try {
  db = config.databaseUrl ? await openPostgresDatabase(config.databaseUrl) : openDatabase(join(dataDir, DATABASE_FILE_NAME));
} catch (error) {
  console.error(`The server cannot open its database: ${(error as Error).message}`);
  process.exit(1);
}
await seed(db);
console.log(`database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(dataDir, DATABASE_FILE_NAME)}`);

// The throttles of the app and the stream, counted in the database (a share join by call or by socket counts against
// one limit, on every instance).
const throttles = createThrottles(limits);

// The virtual phones' stream (API.md "Streaming") shares the port: WebSocket upgrades on /stream/ws. It is
// made first because the API tells it about reboots and resets, which restart the phone's screen.
const stream = createStreamServer({
  db,
  instanceUrl: config.instanceUrl,
  // The home screens show the apps installed on each phone (lib/phone-apps.ts) next to its built-in ones.
  installedApps: async (userPhoneId) => (await installedApps(db, userPhoneId)).map((row) => ({ packageName: row.package_name, label: row.label, iconPng: row.icon_png })),
  // The Settings app's "About phone" shows the stored identity, which a change of model ("new machine") sets.
  phoneAbout: async (userPhoneId) => await identityOf(db, userPhoneId, Date.now()),
  // A share viewer joining by its socket is held to the join call's limit per address.
  admitJoin: (req) => admitSocketJoin(throttles, db, addressOf(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, trustProxy), Date.now()),
  // The network check's sockets are counted per address, which behind a trusted proxy is the forwarded one.
  lineAddressOf: (req) => addressOf(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, trustProxy),
});
// Uploaded files' bytes and states are shared (UPLOAD_DIR, the database): one request at a time writes a file's
// bytes, whichever instance it reaches, and any instance takes up a file whose instance stopped (lib/upload-work.ts).
const instanceName = config.instanceUrl ?? `local ${process.pid}`;
const uploadLocker = new SharedUploadLocker({ db, now: Date.now, instance: instanceName, askRelease: (uploadId) => void events.tell({ type: 'uploadLockWanted', uploadId }) });
// Set on SIGTERM or SIGINT: the health check then tells the balancer to send work elsewhere.
let stopping = false;
/** What this instance's stream does on an event, whether it caused it or another instance told it (instance-events.ts). */
async function onEvent(event: InstanceEvent): Promise<void> {
  switch (event.type) {
    // Logout, a password change, closing the account, a refresh-token replay, a grant or share ended: the sockets
    // those sessions or rights opened are checked again.
    case 'accessRevoked':
      return void stream.revalidate();
    // A reset and a replacement without data start a fresh instance: its clipboard goes too.
    case 'phoneRestarted':
      return void stream.restartPhone(event.userPhoneId, { reset: event.kind === 'reset' || event.kind === 'replace' });
    // An app installed, uninstalled, started or stopped shows on the phone's screen at once.
    case 'appsChanged':
      return await stream.appsChanged(event.userPhoneId, event.change);
    case 'uploadLockWanted':
      return uploadLocker.releaseWanted(event.uploadId);
  }
}
// Instances sharing a PostgreSQL database tell one another; alone on SQLite, there is nobody to tell.
const events = config.databaseUrl ? await postgresEvents(config.databaseUrl, (event) => void onEvent(event), console.error) : aloneEvents;
/** This instance acts at once, as a single server does, and the others hear of it. */
function happened(event: InstanceEvent): Promise<void> {
  void events.tell(event);
  return onEvent(event);
}

const app = createApp({
  db,
  stopping: () => stopping,
  distDir: resolve(config.distDir),
  smsFixedCode: config.smsFixedCode,
  accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  trustProxy,
  limits,
  throttles,
  secrets,
  demoPayments: config.paymentsMode === 'demo',
  // Who may frame the app and which other origins it may call; its own origin only when unset.
  pageSecurity: { frameAncestors: config.frameAncestors, connectOrigins: config.connectOrigins },
  // Socket counts and the server's load are for the operator's benchmarks, not for anyone who asks.
  streamStats: config.streamStats ? createStreamStats(stream) : undefined,
  // The browser tests' server: a reply outside its schema in the contract fails the request (app.ts).
  checkReplies: config.checkReplies,
  // New accounts start with the first-run guide seen (the browser tests' server, whose users are new by the dozen).
  newAccountsSkipGuide: config.newAccountsSkipGuide,
  llm: config.llm,
  phoneRestarted: (userPhoneId, kind) => void happened({ type: 'phoneRestarted', userPhoneId, kind }),
  // Uploaded files wait under UPLOAD_DIR until installed (a day at most); UPLOAD_STEP_MS paces each push and install step.
  uploads: {
    dir: config.uploadDir ? resolve(config.uploadDir) : join(dataDir, 'uploads'),
    stepMs: config.uploadStepMs,
    quotaBytes: config.uploadQuotaBytes,
    worker: instanceName,
    locker: uploadLocker,
    shared: config.instanceUrl !== undefined,
  },
  accessRevoked: () => void happened({ type: 'accessRevoked' }),
  appsChanged: async (userPhoneId, change) => await happened({ type: 'appsChanged', userPhoneId, change }),
});
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`server listening on http://localhost:${info.port}/app/demo`);
});
stream.attach(server as Server);

function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  // The stream's sockets close with the code the app reconnects on (through the balancer, to another instance) and
  // its leases are given up before the database closes. Keep-alive connections would hold close() open; a short
  // grace period bounds the wait. An upload being installed here is taken up elsewhere once its hold lapses.
  const force = setTimeout(() => void db.close().finally(() => process.exit(0)), 3000);
  force.unref();
  const streamClosed = stream.close().catch((error: unknown) => console.error(`stream not closed cleanly: ${String(error)}`));
  void events.close();
  server.close(() => void streamClosed.then(() => db.close()).finally(() => process.exit(0)));
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

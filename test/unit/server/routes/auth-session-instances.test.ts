import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../../../server/app.ts';
import type { Engine } from '../../../../server/db/engine.ts';
import { openPostgres } from '../../../../server/db/postgres-engine.ts';
import { randomSecrets } from '../../../../server/lib/secrets.ts';
import type { Secrets } from '../../../../server/lib/secrets.ts';
import { REFRESH_REUSE_INTERVAL_MS } from '../../../../server/lib/tokens.ts';
import { freshPostgres } from '../db/postgres-databases.ts';
import { seededDatabase, setup, TEST_DATABASE } from '../helpers.ts';
import type { CallOptions, Reply } from '../helpers.ts';

// Two server instances behind a load balancer: two apps on one database with the same secrets. Whichever instance a
// refresh or its retry reaches, the reuse interval answers alike, since nothing of it is kept in a process. Each app
// has an engine object of its own, so state an app kept per engine would not be shared: on PostgreSQL a second pool
// on the same database; on SQLite (one instance only, in production) a second handle on the same connection, since
// two connections of one process would wait for each other's write lock synchronously.

/** Engines each instance closes when the test is done. */
const opened: (() => Promise<void>)[] = [];
test.after.each(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A seeded database, and a second engine object on it. */
async function sharedDatabase(): Promise<{ a: Engine; b: Engine }> {
  if (TEST_DATABASE === 'postgres') {
    const fresh = await freshPostgres({}, 'seeded');
    const b = openPostgres(fresh.url, { pool: { allowExitOnIdle: true } });
    opened.push(async () => {
      await b.close();
      await fresh.close();
    });
    return { a: fresh.engine, b };
  }
  const a = await seededDatabase();
  const b: Engine = {
    kind: a.kind, dialect: a.dialect, get: a.get.bind(a), all: a.all.bind(a), value: a.value.bind(a),
    column: a.column.bind(a), run: a.run.bind(a), exec: a.exec.bind(a), transaction: a.transaction.bind(a),
    close: async () => {},
  };
  return { a, b };
}

function appOn(db: Engine, now: () => number, secrets: Secrets) {
  return createApp({
    db, distDir: '/nonexistent-dist', now, secrets, trustProxy: true, checkReplies: true,
    log: () => {}, logError: (line) => { if (process.env.SHOW_ERRORS) console.error(line); },
  });
}

/** The same call as setup's `call`, made on another app. */
async function callOn(app: ReturnType<typeof createApp>, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'tenant-id': '1', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.address) headers['x-forwarded-for'] = options.address;
  const init: RequestInit = { method: options.body === undefined ? 'GET' : 'POST', headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await app.request(path, init);
  const json = (await response.json()) as { code: number; msg: string; data: any };
  return { status: response.status, headers: response.headers, ...json };
}

const USER = '/api/merchant/user/get';
const REFRESH = '/api/merchant/auth/refresh-token';
const DEVICE = { address: '198.51.100.7', headers: { 'fingerprint-id': 'tab-1' } };
const OTHER_ADDRESS = { address: '203.0.113.9', headers: DEVICE.headers };
const OTHER_FINGERPRINT = { address: DEVICE.address, headers: { 'fingerprint-id': 'tab-2' } };

/** Instance A (setup's helpers, on engine a) and instance B (on engine b), with one clock and the same secrets. */
async function twoInstances(secretsOfB?: Secrets) {
  const secrets = randomSecrets();
  const { a: dbA, b: dbB } = await sharedDatabase();
  const a = await setup({ db: dbA, secrets });
  const b = appOn(dbB, a.now, secretsOfB ?? secrets);
  return { ...a, db: dbA, callB: (path: string, options?: CallOptions) => callOn(b, path, options) };
}

test('a refresh on one instance retried on the other in the interval gets the same pair; the login goes on', async () => {
  const { call, callB, passwordLogin, advance, db } = await twoInstances();
  const login = (await passwordLogin()).data;
  const rotated = await call(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE });
  assert.is(rotated.code, 0);
  advance(REFRESH_REUSE_INTERVAL_MS - 1);
  const retried = await callB(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE });
  assert.is(retried.code, 0);
  assert.equal(retried.data, rotated.data, 'the pair instance A gave');
  assert.is((await callB(USER, { token: retried.data.accessToken })).code, 0);
  assert.is((await call(USER, { token: retried.data.accessToken })).code, 0, 'still logged in on A');
  // Given again, it is still stored only as hashes.
  const dump = JSON.stringify(await db.all('SELECT * FROM sessions'));
  assert.not.ok(dump.includes(rotated.data.accessToken) || dump.includes(rotated.data.refreshToken));
  const next = await callB(REFRESH, { body: { refreshToken: retried.data.refreshToken }, ...DEVICE });
  assert.is(next.code, 0, 'the chain goes on');
  assert.is((await call(USER, { token: next.data.accessToken })).code, 0);
});

test('two refreshes of one token racing on the two instances both get the same pair', async () => {
  const { call, callB, passwordLogin } = await twoInstances();
  const login = (await passwordLogin()).data;
  const [a, b] = await Promise.all([
    call(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE }),
    callB(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE }),
  ]);
  assert.is(a.code, 0);
  assert.is(b.code, 0);
  assert.equal(b.data, a.data);
  assert.is((await callB(REFRESH, { body: { refreshToken: a.data.refreshToken }, ...DEVICE })).code, 0);
});

test('retried on the other instance from another device, late, or once its pair was used, it is a replay', async () => {
  const { call, callB, passwordLogin, advance } = await twoInstances();
  for (const other of [OTHER_ADDRESS, OTHER_FINGERPRINT]) {
    const login = (await passwordLogin()).data;
    const rotated = (await call(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE })).data;
    assert.is((await callB(REFRESH, { body: { refreshToken: login.refreshToken }, ...other })).code, 401);
    assert.is((await call(USER, { token: rotated.accessToken })).code, 401, 'the family ended');
    assert.is((await callB(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE })).code, 401,
      'and the device that rotated it gets nothing again');
  }
  const late = (await passwordLogin()).data;
  const lateNext = (await call(REFRESH, { body: { refreshToken: late.refreshToken }, ...DEVICE })).data;
  advance(REFRESH_REUSE_INTERVAL_MS);
  assert.is((await callB(REFRESH, { body: { refreshToken: late.refreshToken }, ...DEVICE })).code, 401);
  assert.is((await call(USER, { token: lateNext.accessToken })).code, 401, 'the family ended');
  const moved = (await passwordLogin()).data;
  const second = (await call(REFRESH, { body: { refreshToken: moved.refreshToken }, ...DEVICE })).data;
  const third = (await callB(REFRESH, { body: { refreshToken: second.refreshToken }, ...DEVICE })).data;
  assert.is((await callB(REFRESH, { body: { refreshToken: moved.refreshToken }, ...DEVICE })).code, 401);
  assert.is((await call(USER, { token: third.accessToken })).code, 401, 'the family ended');
});

test('an instance with another refresh key cannot give the pair again: the retry is a replay', async () => {
  const { call, callB, passwordLogin } = await twoInstances(randomSecrets());
  const login = (await passwordLogin()).data;
  const rotated = (await call(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE })).data;
  assert.is((await callB(REFRESH, { body: { refreshToken: login.refreshToken }, ...DEVICE })).code, 401);
  assert.is((await call(USER, { token: rotated.accessToken })).code, 401, 'the family ended');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { UPLOAD_PATH } from '../../../../shared/contract/file-words.ts';
import { iconRect, LAYOUT_HEIGHT, LAYOUT_WIDTH } from '../../../../server/stream/phone-layout.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { client } from '../stream-helpers.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { openPostgres } from '../../../../server/db/postgres-engine.ts';
import { ensureHaproxy, startBalancer } from '../../../haproxy.mjs';
import { freePort, startServer } from '../../../start-server.mjs';
import { emptyPostgres, postgresSkipped } from '../db/postgres-databases.ts';
import { TEST_DATABASE } from '../helpers.ts';

// Two instances of the server on one PostgreSQL database behind a real balancer (haproxy, round robin, health
// checks), as an operator past one machine runs them: a token from one works on the other, the account lock holds
// across both, a refresh retried on the other keeps the user logged in, a logout on one closes a stream on the other,
// a phone's sockets reaching either are rendered by one (an owner and a share viewer in one room), 20 pays of one
// order spread over both give one payment, a file's bytes sent through both are installed, and when the instance
// rendering a phone and installing a file dies, the pictures come back and the file is installed by the other.
// Run in the PostgreSQL pass of the server tests (test/run.mjs).

const skipped = TEST_DATABASE !== 'postgres' ? 'runs with SERVER_TEST_DATABASE=postgres' : (postgresSkipped() ?? ensureHaproxy().skipped);
const AUTH = '/api/merchant/auth';
const SECRETS = { SCREENSHOT_LINK_SECRET: 's'.repeat(40), SMS_CODE_SECRET: 'm'.repeat(40), REFRESH_TOKEN_SECRET: 'r'.repeat(40) };

type Reply = { code: number; msg: string; data: any };

async function call(base: string, path: string, options: { body?: unknown; token?: string; method?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'tenant-id': '1', 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Reply;
}

/** A phone socket that counts the pictures it gets and tells how it closed. */
function phoneSocket(base: string, token: string, phoneId: number) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${phoneId}`);
  const state = { pictures: 0, closed: null as number | null };
  // Acknowledged as the app does: the hello, then each picture by its number, so pictures keep coming.
  socket.on('message', (data: Buffer, isBinary) => {
    if (isBinary) {
      state.pictures++;
      if (data.length >= 5) socket.send(JSON.stringify({ type: 'ack', seq: data.readUInt32BE(1) }));
    } else if (JSON.parse(String(data)).type === 'hello') socket.send(JSON.stringify({ type: 'ack', seq: 0 }));
  });
  socket.on('close', (code) => (state.closed = code));
  socket.on('error', () => {});
  return { socket, state };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

type Deployment = Awaited<ReturnType<typeof deploy>>;

/** Two instances on one throwaway database and one uploads folder, behind haproxy. */
async function deploy() {
  const database = await emptyPostgres();
  const uploads = mkdtempSync(join(tmpdir(), 'balanced-uploads-'));
  const ports = [await freePort(), await freePort()] as const;
  const env = (port: number) => ({
    ...SECRETS, PORT: String(port), INSTANCE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: database.url, TRUST_PROXY: '1', UPLOAD_DIR: uploads,
    // Steps long enough to stop an instance in the middle of one.
    UPLOAD_STEP_MS: '2000',
  });
  // One after the other: the first makes the schema and the seed, the second finds them.
  const instances = [await startServer(env(ports[0])), await startServer(env(ports[1]))] as const;
  const balancer = await startBalancer({ port: await freePort(), backends: [...ports] });
  const db = openPostgres(database.url);
  const phoneId = await db.value("SELECT id FROM phones WHERE user_id = 1 AND name = 'Shop assistant'") as number;
  const login = async (base: string) => (await call(base, `${AUTH}/login`, { body: { mobile: '13800138000', password: 'demo1234' } })).data.accessToken as string;
  const streamToken = async (base: string, access: string, phone = phoneId) =>
    (await call(base, `/api/device/user/phone/security-token?userPhoneId=${phone}&validTime=3600`, { method: 'POST', token: access })).data.token as string;
  /** The instance rendering the demo owner's phones, and the other one. */
  async function renderer() {
    const holder = await db.value('SELECT instance_url FROM stream_leases WHERE user_id = 1') as string;
    const at = holder === `http://127.0.0.1:${ports[0]}` ? 0 : 1;
    return { renderer: instances[at], survivor: instances[1 - at]! };
  }
  async function stop() {
    await db.close();
    await balancer.stop();
    for (const instance of instances) await instance.stop();
    await database.drop();
    rmSync(uploads, { recursive: true, force: true });
  }
  return { a: instances[0].baseURL, b: instances[1].baseURL, ports, instances, balancer, db, phoneId, login, streamToken, renderer, stop };
}

let deployment: Deployment | undefined;
test.before(async () => {
  if (!skipped) deployment = await deploy();
});
test.after(async () => {
  await deployment?.stop();
});

/** Runs `check` on the deployment, or says why not. */
function onDeployment(name: string, check: (d: Deployment) => Promise<void>) {
  test(name, async () => {
    if (skipped || !deployment) return console.log(`two instances skipped: ${skipped}`);
    await check(deployment);
  });
}

onDeployment('a token, a refresh retried, the account lock and a logout hold across the two instances', async ({ a, b, balancer, db, ports, phoneId, streamToken }) => {
  // A token issued by one instance works on the other, and through the balancer.
  const login = await call(a, `${AUTH}/login`, { body: { mobile: '13800138000', password: 'demo1234' } });
  assert.is(login.code, 0, login.msg);
  for (const base of [b, balancer.url]) assert.is((await call(base, '/api/merchant/user/get', { token: login.data.accessToken })).code, 0);

  // A refresh on one retried on the other gets the same pair: the user stays logged in.
  const refreshed = await call(a, `${AUTH}/refresh-token`, { body: { refreshToken: login.data.refreshToken } });
  const retried = await call(b, `${AUTH}/refresh-token`, { body: { refreshToken: login.data.refreshToken } });
  assert.is(refreshed.code, 0, refreshed.msg);
  assert.equal(retried.data, refreshed.data);
  assert.is((await call(b, '/api/merchant/user/get', { token: refreshed.data.accessToken })).code, 0);

  // Wrong passwords alternating between the two lock the account for both.
  const wrong = (base: string) => call(base, `${AUTH}/login`, { body: { mobile: '13800138001', password: 'wrong1234' } });
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push((await wrong(i % 2 ? b : a)).code);
  assert.ok(answers.includes(ErrorCode.TOO_MANY_REQUESTS), `answers: ${answers.join(', ')}`);
  assert.is(answers.filter((code) => code !== ErrorCode.TOO_MANY_REQUESTS).length, 3, `answers: ${answers.join(', ')}`);

  // A phone's sockets through either instance are rendered by one; a logout through the other closes them.
  const access = refreshed.data.accessToken as string;
  const onA = phoneSocket(a, await streamToken(a, access), phoneId);
  await until('a picture through the first instance', () => onA.state.pictures > 0);
  const onB = phoneSocket(b, await streamToken(b, access), phoneId);
  await until('a picture through the second instance', () => onB.state.pictures > 0);
  assert.is(await db.value('SELECT instance_url FROM stream_leases WHERE user_id = 1'), `http://127.0.0.1:${ports[0]}`);
  assert.is((await call(b, `${AUTH}/logout`, { method: 'POST', token: access })).code, 0);
  await until('both streams closed after a logout on the second instance', () => onA.state.closed !== null && onB.state.closed !== null, 5000);
});

onDeployment('20 pays of one order at once, spread over both instances, give one payment', async ({ a, b, db, login }) => {
  const buyer = await login(a);
  const packageId = await db.value('SELECT id FROM packages WHERE tenant_id = 1 AND grade_id = 1 AND days = 7') as number;
  const order = await call(a, '/api/trade/order/create', { body: { type: 'buy', packageId, quantity: 1 }, token: buyer });
  assert.is(order.code, 0, order.msg);
  const pays = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    call(i % 2 ? b : a, '/api/pay/order/submit', { body: { orderId: order.data.orderId, method: 'mock', idempotencyKey: `balanced-pay-key-${i}` }, token: buyer })));
  assert.equal(pays.filter((pay) => pay.code === 0).length, 1, pays.map((pay) => pay.code).join(', '));
  assert.ok(pays.every((pay) => pay.code === 0 || pay.code === ErrorCode.ORDER_ALREADY_PAID), pays.map((pay) => pay.code).join(', '));
  assert.is(await db.value("SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'success'", order.data.orderId), 1);
});

onDeployment('an owner on one instance and a share viewer on the other share one room: the viewer sees the owner\'s tap', async ({ a, b, ports, phoneId, login, streamToken }) => {
  const access = await login(a);
  const share = await call(a, '/api/device/share/create', { body: { userPhoneId: phoneId, permission: 'view', validityHours: 24 }, token: access });
  assert.is(share.code, 0, share.msg);
  const joined = await call(b, '/api/device/share/join', { body: { token: share.data.token, displayName: 'Guest' } });
  assert.is(joined.code, 0, joined.msg);
  const owner = client(ports[0], await streamToken(a, access), phoneId);
  const viewer = client(ports[1], joined.data.viewerKey, phoneId);
  const [ownerHello, viewerHello] = [await owner.json('hello'), await viewer.json('hello')];
  assert.equal([ownerHello.role, viewerHello.role], ['owner', 'viewer']);
  // One room: the owner is told of the viewer who came in through the other instance.
  await owner.next((m) => m.kind === 'json' && m.value.type === 'audience' && m.value.watching === 1, 'the viewer in the audience');
  await viewer.frame();
  const before = (await viewer.screen()).pixels;
  const icon = iconRect(0);
  const at = { x: Math.round(((icon.x + icon.w / 2) * ownerHello.width) / LAYOUT_WIDTH), y: Math.round(((icon.y + icon.h / 2) * ownerHello.height) / LAYOUT_HEIGHT) };
  owner.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...at }] });
  owner.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...at }] });
  await until('the viewer\'s picture changed by the owner\'s tap', async () => {
    await viewer.picture();
    return !(await viewer.screen()).pixels.equals(before);
  });
  owner.socket.close();
  viewer.socket.close();
});

onDeployment('a file sent through both instances, installed by one that dies, is installed by the other; the pictures come back within 10 s', async (d) => {
  const { a, b, balancer, db, phoneId, login, streamToken } = d;
  const access = await login(a);
  const phones = [phoneId, await db.value("SELECT id FROM phones WHERE user_id = 1 AND name = 'Game farm 1'") as number];
  // A viewer through the balancer: its phone is rendered by one instance.
  const watching = phoneSocket(balancer.url, await streamToken(a, access), phoneId);
  await until('a picture through the balancer', () => watching.state.pictures > 0);
  const { renderer, survivor } = await d.renderer();

  // The first half of the file through one instance, the rest through the other (one folder for both).
  const apk = await buildApk({ packageName: 'com.example.balanced' });
  const tus = (base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(`${base}${path}`, { method, headers: { 'tenant-id': '1', authorization: `Bearer ${access}`, 'Tus-Resumable': '1.0.0', ...headers }, body: body && new Uint8Array(body) });
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await tus(a, 'POST', UPLOAD_PATH.replace(/\/$/, ''), { 'Upload-Length': String(apk.length), 'Upload-Metadata': `filename ${b64('balanced.apk')},targets ${b64(phones.join(','))}` });
  assert.is(created.status, 201, await created.text());
  const location = `${UPLOAD_PATH}${created.headers.get('location')!.split('/').pop()}`;
  const half = Math.floor(apk.length / 2);
  const patch = (base: string, offset: number, bytes: Buffer) => tus(base, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);
  assert.is((await patch(a, 0, apk.subarray(0, half))).status, 204);
  assert.is((await tus(b, 'HEAD', location, {})).headers.get('upload-offset'), String(half), 'the other instance sees the bytes');
  assert.is((await patch(b, half, apk.subarray(half))).status, 204);
  const uploadId = location.split('/').pop()!;
  const verified = await call(renderer.baseURL, '/api/device/file/verify', { body: { uploadId, sha512: createHash('sha512').update(apk).digest('hex') }, token: access });
  assert.is(verified.code, 0, verified.msg);
  const targets = async () => ((await call(survivor.baseURL, '/api/device/file/list', { token: access })).data.list as any[])
    .find((file) => file.uploadId === uploadId)!.targets.map((target: any) => target.state) as string[];
  await until('the file being pushed', async () => (await targets()).includes('pushing'));

  // The instance rendering the phone and installing the file dies.
  process.kill(renderer.pid!, 'SIGKILL');
  await until('the viewer\'s socket cut', () => watching.state.closed !== null, 5000);
  const token = await streamToken(survivor.baseURL, access);
  let back = phoneSocket(balancer.url, token, phoneId);
  const took = await until('pictures back after the renderer died', () => {
    if (back.state.pictures > 0) return true;
    // As the app does: a socket that failed is opened again.
    if (back.state.closed !== null) back = phoneSocket(balancer.url, token, phoneId);
    return false;
  });
  assert.ok(took < 10_000, `pictures back in ${took} ms`);
  back.socket.close();
  // Its hold on the file lapses, and the other takes it up where it was: installed once on each phone.
  await until('the file installed by the other instance', async () => (await targets()).every((state) => state === 'installed'), 25_000);
  assert.equal(await db.column("SELECT phone_id FROM phone_apps WHERE package_name = 'com.example.balanced' ORDER BY phone_id"), [...phones].sort((x, y) => x - y));
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WebSocket } from 'ws';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { openPostgres } from '../../../../server/db/postgres-engine.ts';
import { ensureHaproxy, startBalancer } from '../../../haproxy.mjs';
import { freePort, startServer } from '../../../start-server.mjs';
import { emptyPostgres, postgresSkipped } from '../db/postgres-databases.ts';
import { TEST_DATABASE } from '../helpers.ts';

// Two instances of the server on one PostgreSQL database behind a real balancer (haproxy, round robin, health
// checks), as an operator past one machine runs them: a token from one works on the other, the account lock holds
// across both, a refresh retried on the other keeps the user logged in, a logout on one closes a stream on the other,
// a phone's sockets reaching either are rendered by one, and 20 pays of one order spread over both give one payment.
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

test('two instances behind haproxy on one PostgreSQL act as one server', async () => {
  if (skipped) return console.log(`two instances skipped: ${skipped}`);
  const database = await emptyPostgres();
  const ports = [await freePort(), await freePort()];
  const env = (port: number) => ({ ...SECRETS, PORT: String(port), INSTANCE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: database.url, TRUST_PROXY: '1' });
  // One after the other: the first makes the schema and the seed, the second finds them.
  const first = await startServer(env(ports[0]!));
  const second = await startServer(env(ports[1]!));
  const balancer = await startBalancer({ port: await freePort(), backends: ports });
  const db = openPostgres(database.url);
  try {
    const [a, b] = [first.baseURL, second.baseURL];
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
    const phoneId = await db.value("SELECT id FROM phones WHERE user_id = 1 AND name = 'Shop assistant'") as number;
    const streamToken = async (base: string) =>
      (await call(base, `/api/device/user/phone/security-token?userPhoneId=${phoneId}&validTime=3600`, { method: 'POST', token: refreshed.data.accessToken })).data.token as string;
    const onA = phoneSocket(a, await streamToken(a), phoneId);
    await until('a picture through the first instance', () => onA.state.pictures > 0);
    const onB = phoneSocket(b, await streamToken(b), phoneId);
    await until('a picture through the second instance', () => onB.state.pictures > 0);
    assert.is(await db.value('SELECT instance_url FROM stream_leases WHERE user_id = 1'), `http://127.0.0.1:${ports[0]}`);
    assert.is((await call(b, `${AUTH}/logout`, { method: 'POST', token: refreshed.data.accessToken })).code, 0);
    await until('both streams closed after a logout on the second instance', () => onA.state.closed !== null && onB.state.closed !== null, 5000);

    // 20 pays of one order at once, spread over both instances: one payment.
    const buyer = await call(balancer.url, `${AUTH}/login`, { body: { mobile: '13800138000', password: 'demo1234' } });
    const packageId = await db.value('SELECT id FROM packages WHERE tenant_id = 1 AND grade_id = 1 AND days = 7') as number;
    const order = await call(a, '/api/trade/order/create', { body: { type: 'buy', packageId, quantity: 1 }, token: buyer.data.accessToken });
    assert.is(order.code, 0, order.msg);
    const pays = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      call(i % 2 ? b : a, '/api/pay/order/submit', { body: { orderId: order.data.orderId, method: 'mock', idempotencyKey: `balanced-pay-key-${i}` }, token: buyer.data.accessToken })));
    assert.equal(pays.filter((pay) => pay.code === 0).length, 1, pays.map((pay) => pay.code).join(', '));
    assert.ok(pays.every((pay) => pay.code === 0 || pay.code === ErrorCode.ORDER_ALREADY_PAID), pays.map((pay) => pay.code).join(', '));
    assert.is(await db.value("SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'success'", order.data.orderId), 1);

    // The instance rendering a phone dies: its viewer's reconnects through the balancer get pictures within 10 s.
    const viewer = await call(a, `${AUTH}/login`, { body: { mobile: '13800138000', password: 'demo1234' } });
    const tokenFrom = async (base: string) =>
      (await call(base, `/api/device/user/phone/security-token?userPhoneId=${phoneId}&validTime=3600`, { method: 'POST', token: viewer.data.accessToken })).data.token as string;
    const watching = phoneSocket(balancer.url, await tokenFrom(a), phoneId);
    await until('a picture through the balancer', () => watching.state.pictures > 0);
    const holder = await db.value('SELECT instance_url FROM stream_leases WHERE user_id = 1') as string;
    const [renderer, survivor] = holder === `http://127.0.0.1:${ports[0]}` ? [first, b] : [second, a];
    process.kill(renderer.pid!, 'SIGKILL');
    await until('the viewer\'s socket cut', () => watching.state.closed !== null, 5000);
    const token = await tokenFrom(survivor);
    let back = phoneSocket(balancer.url, token, phoneId);
    const took = await until('pictures back after the renderer died', () => {
      if (back.state.pictures > 0) return true;
      // As the app does: a socket that failed is opened again.
      if (back.state.closed !== null) back = phoneSocket(balancer.url, token, phoneId);
      return false;
    });
    assert.ok(took < 10_000, `pictures back in ${took} ms`);
    back.socket.close();
  } finally {
    await db.close();
    await balancer.stop();
    await first.stop();
    await second.stop();
    await database.drop();
  }
});

test.run();

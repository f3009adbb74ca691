import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { createApp } from '../../../../server/app.ts';
import { migrate } from '../../../../server/db/index.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { DEFAULT_LIMITS } from '../../../../server/lib/throttles.ts';
import { DAY_MS } from '../../../../shared/contract/time-units.ts';
import { directDeps } from '../device-helpers.ts';
import { setup } from '../helpers.ts';

// What bounds the analytics the collector keeps (server/API.md "Analytics"): sends per address group as well as per
// address, the stored size of each event's properties, a budget of events per tenant and UTC day, and the retention
// window the sweep enforces.

const PATH = '/api/analytics/collect';
let made = 0;
const event = (properties: Record<string, unknown> = { cuid: 'abc', page: 'home' }) => ({
  id: `st0rage-${String(++made).padStart(6, '0')}`,
  name: 'pageView',
  time: 1_700_000_000_000,
  properties,
  account: null,
});
const events = (count: number) => Array.from({ length: count }, () => event());

type Setup = Awaited<ReturnType<typeof setup>>;
const send = (s: Setup, list: unknown[], options: { clientNo?: string; address?: string } = {}) =>
  s.call(PATH, { tenant: null, address: options.address ?? '198.51.100.1', body: { clientNo: options.clientNo ?? 'demo', events: list } });
const stored = async (s: Setup, tenantId = 1) =>
  (await s.db.value<number>('SELECT COUNT(*) FROM analytics_events WHERE tenant_id = ?', tenantId))!;

test('the addresses of one /24 share an allowance of sends a minute, besides each address its own', async () => {
  const s = await setup({ limits: { analyticsAddressPerMinute: 3, analyticsAddressGroupPerMinute: 5 } });
  for (let host = 1; host <= 5; host++) assert.is((await send(s, [event()], { address: `10.2.3.${host}` })).code, 0, `neighbour ${host}`);
  const refused = await send(s, [event()], { address: '10.2.3.6' });
  assert.is(refused.code, ErrorCode.TOO_MANY_REQUESTS, 'a sixth neighbour, though it has sent nothing');
  assert.ok(refused.data.retryAfterSeconds > 0);
  assert.is((await send(s, [event()], { address: '10.2.4.1' })).code, 0, 'the next /24 is counted apart');
  assert.is(await stored(s), 6, 'the refused send stored nothing');
  s.advance(60_000);
  assert.is((await send(s, [event()], { address: '10.2.3.6' })).code, 0, 'a minute later');
});

test('past its budget of the day a tenant stores no more: the send is answered as taken, the rest dropped', async () => {
  const s = await setup({ limits: { analyticsTenantEventsPerDay: 5 } });
  const first = events(3);
  assert.equal((await send(s, first)).data, { accepted: 3 });
  assert.equal((await send(s, first)).data, { accepted: 3 }, 'events sent again are taken and cost no budget');
  const crossing = await send(s, events(4));
  assert.is(crossing.code, 0, crossing.msg);
  assert.equal(crossing.data, { accepted: 2 }, 'what fits');
  const past = await send(s, events(2));
  assert.equal([past.code, past.data], [0, { accepted: 0 }], 'taken so the queue does not send them again');
  assert.is(await stored(s), 5);
  assert.equal((await send(s, events(2), { clientNo: 'green' })).data, { accepted: 2 }, 'another tenant has its own budget');
  // The test clock starts at 08:00 UTC: the next UTC day begins in 16 hours.
  s.advance(16 * 3_600_000);
  assert.equal((await send(s, events(2))).data, { accepted: 2 }, 'a new day');
  assert.is(await stored(s), 7);
});

test('the budget survives a restart: it is read from the database', async () => {
  const s = await setup({ limits: { analyticsTenantEventsPerDay: 4 } });
  await send(s, events(3));
  const again = createApp({ db: s.db, distDir: '/nonexistent-dist', now: s.now, trustProxy: true, limits: { analyticsTenantEventsPerDay: 4 } });
  const reply = await again.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientNo: 'demo', events: events(3) }) });
  assert.equal(((await reply.json()) as { data: unknown }).data, { accepted: 1 });
  assert.is(await stored(s), 4);
});

test('properties past the stored size keep the first ones that fit; past the contract they are refused naming the field', async () => {
  const s = await setup();
  const wide = '字'.repeat(1000); // 1,000 characters, within the contract's 4,096, but 3,000 bytes of UTF-8
  assert.is((await send(s, [event({ cuid: 'abc', page: 'home', note: wide, after: 1 })])).code, 0);
  const kept = (await s.db.value<string>('SELECT properties FROM analytics_events'))!;
  assert.is(kept, '{"cuid":"abc","page":"home"}', 'the property past the size and those after it are dropped');
  assert.ok(Buffer.byteLength(kept) <= DEFAULT_LIMITS.analyticsPropertiesMaxBytes);
  const refused = await send(s, [event({ note: 'x'.repeat(4100) })]);
  assert.is(refused.code, ErrorCode.BAD_REQUEST);
  assert.match(refused.msg, /events\.0\.properties/);
});

test('a tighter stored size is set by its limit, and properties within it are stored whole', async () => {
  const s = await setup({ limits: { analyticsPropertiesMaxBytes: 40 } });
  await send(s, [event({ cuid: 'abc', page: 'home' }), event({ cuid: 'abc', page: 'home', section: 'devices' })]);
  const rows = await s.db.column('SELECT properties FROM analytics_events ORDER BY id');
  assert.equal(rows, ['{"cuid":"abc","page":"home"}', '{"cuid":"abc","page":"home"}']);
});

test('events past the retention window are deleted by the sweep the app runs as it starts', async () => {
  const s = await setup();
  await send(s, events(2));
  s.advance(20 * DAY_MS);
  await send(s, events(3));
  s.advance(11 * DAY_MS);
  const next = createApp({ db: s.db, distDir: '/nonexistent-dist', now: s.now });
  // Its first request waits for the start-up work.
  await next.request('/api/merchant/client/get-client-secure-data?clientNo=DEMO');
  assert.is(await stored(s), 3, 'the two received 31 days ago are gone, those of 11 days ago stay');
});

test('the sweep deletes in batches until none is left past the window, which its limit sets', async () => {
  const { ANALYTICS_SWEEP_BATCH, analyticsRoutes } = await import('../../../../server/routes/analytics.ts');
  const s = await setup();
  const old = s.now() - 8 * DAY_MS;
  const count = ANALYTICS_SWEEP_BATCH * 2 + 5;
  await s.db.transaction(async (tx) => {
    const insert = "INSERT INTO analytics_events (tenant_id, event_id, name, happened_at, properties, received_at) VALUES (1, ?, 'old', 0, '{}', ?)";
    for (let i = 0; i < count; i++) await tx.run(insert, `old-${i}`, old);
  });
  await send(s, events(1));
  const deps = { ...directDeps(s), limits: { ...DEFAULT_LIMITS, analyticsRetentionDays: 7 } };
  const { sweep } = analyticsRoutes(deps);
  assert.is(await sweep(), count);
  assert.is(await stored(s), 1);
  assert.is(await sweep(), 0, 'nothing more');
});

test('on upgrade the budget starts from the events already stored, per tenant and UTC day', () => {
  const db = new Database(':memory:');
  migrate(db, migrations.filter((m) => m.version <= 29));
  const insert = db.prepare("INSERT INTO analytics_events (tenant_id, event_id, name, happened_at, properties, received_at) VALUES (?, ?, 'old', 0, '{}', ?)");
  const today = Date.UTC(2025, 0, 2, 10);
  [[1, today], [1, today - 3_600_000], [1, today - DAY_MS], [100, today]].forEach(([tenant, at], i) => insert.run(tenant, `up-${i}`, at));
  migrate(db);
  const rows = db.prepare('SELECT tenant_id, day, events FROM analytics_budget ORDER BY tenant_id, day').all();
  const day = Math.floor(today / DAY_MS);
  assert.equal(rows, [{ tenant_id: 1, day: day - 1, events: 1 }, { tenant_id: 1, day, events: 2 }, { tenant_id: 100, day, events: 1 }]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { setup } from '../helpers.ts';

// The reference analytics collector (server/API.md "Analytics"): events by client number, no session or headers
// needed (a beacon sends none), the spec's name rule and send size enforced, and each address limited.

const PATH = '/api/analytics/collect';
let made = 0;
const event = (name: string, extra: Record<string, unknown> = {}) => ({ id: `lqx3k0-${String(++made).padStart(6, '0')}`, name, time: 1_700_000_000_000, properties: { cuid: 'abc', page: 'home' }, account: null, ...extra });

test('events are stored under the tenant of the client number, without a session or a tenant header', async () => {
  const s = await setup();
  const reply = await s.call(PATH, { tenant: null, body: { clientNo: 'green', events: [event('pageView'), event('login', { account: '10001', duration: 12.5 })] } });
  assert.is(reply.code, 0, reply.msg);
  assert.equal(reply.data, { accepted: 2 });
  const rows = await s.db.all('SELECT tenant_id, name, properties, account, duration FROM analytics_events ORDER BY id');
  assert.equal(rows, [
    { tenant_id: 100, name: 'pageView', properties: '{"cuid":"abc","page":"home"}', account: null, duration: null },
    { tenant_id: 100, name: 'login', properties: '{"cuid":"abc","page":"home"}', account: '10001', duration: 12.5 },
  ]);
});

test('an event sent twice (two tabs, a send cut by a closing page) is kept once', async () => {
  const s = await setup();
  const twice = event('pageView');
  for (let i = 0; i < 2; i++) assert.is((await s.call(PATH, { tenant: null, body: { clientNo: 'demo', events: [twice, event('login')] } })).code, 0);
  const names = await s.db.column('SELECT name FROM analytics_events ORDER BY id');
  assert.equal(names, ['pageView', 'login', 'login']);
});

test('a bad name, a long duration, more than fifty events, no events or an unknown client are refused whole', async () => {
  const s = await setup();
  const refused = async (body: unknown) => (await s.call(PATH, { tenant: null, body })).code;
  assert.is(await refused({ clientNo: 'demo', events: [event('pageView'), event('1bad')] }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'demo', events: [event(`a${'b'.repeat(50)}`)] }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'demo', events: [event('watch', { duration: 86_401 })] }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'demo', events: Array.from({ length: 51 }, () => event('pageView')) }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'demo', events: [] }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'demo', events: [event('noId', { id: '' })] }), ErrorCode.BAD_REQUEST);
  assert.is(await refused({ clientNo: 'nobody', events: [event('pageView')] }), ErrorCode.CLIENT_NOT_FOUND);
  assert.is((await s.db.get('SELECT COUNT(*) AS n FROM analytics_events') as { n: number }).n, 0);
});

test('one address may send a limited number of times a minute', async () => {
  const s = await setup({ limits: { analyticsAddressPerMinute: 3 } });
  const send = (address: string) => s.call(PATH, { tenant: null, address, body: { clientNo: 'demo', events: [event('pageView')] } });
  for (let i = 0; i < 3; i++) assert.is((await send('10.1.1.1')).code, 0);
  assert.is((await send('10.1.1.1')).code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is((await send('10.1.1.2')).code, 0, 'another address is not counted with it');
  s.advance(60_000);
  assert.is((await send('10.1.1.1')).code, 0, 'a minute later');
});

test.run();

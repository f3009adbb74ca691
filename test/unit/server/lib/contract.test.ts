import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { contractModules } from '../../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { endpoint as contractEndpoint, type Endpoint } from '../../../../shared/contract/endpoint.ts';
import { contractRoute } from '../../../../server/lib/contract-route.ts';
import type { AppEnv } from '../../../../server/lib/types.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { DEMO_MOBILE, DEMO_PASSWORD, setup } from '../helpers.ts';

// The contract (shared/contract/) is what the server answers: every endpoint it describes is registered, and a reply
// that leaves its schema fails the request in a test server (every server test runs with `checkReplies`).

async function endpoints(): Promise<Endpoint[]> {
  const modules = await contractModules();
  return modules.flatMap((module) => Object.values(module).filter((value): value is Endpoint => Boolean(value && typeof value === 'object' && 'route' in value && 'reply' in value)));
}

test('the contract describes each route once', async () => {
  const routes = (await endpoints()).map((endpoint) => endpoint.route);
  assert.ok(routes.length >= 40, `${routes.length} endpoints`);
  assert.equal(routes.filter((route, index) => routes.indexOf(route) !== index), []);
});

test('every endpoint of the contract is registered on the server', async () => {
  const ctx = await setup();
  const missing: string[] = [];
  for (const endpoint of await endpoints()) {
    const [method, path] = endpoint.route.split(' ') as [string, string];
    // No tenant: a registered route answers its envelope (missing tenant, or the call itself); an unknown one, 404.
    const reply = await ctx.call(path, { method, tenant: null, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    if (reply.status === 404 && reply.code === ErrorCode.NOT_FOUND) missing.push(endpoint.route);
  }
  assert.equal(missing, []);
});

test('a reply outside its schema fails the request in a test server, and passes through in production', async () => {
  const endpoint = contractEndpoint('GET /api/test/grade', { reply: v.strictObject({ id: v.number(), name: v.string() }) });
  const answer = async (checkReplies: boolean) => {
    const routes = new Hono<AppEnv>();
    // The handler's type says what it must answer; a drift that slips past it (a field added by hand) is caught here.
    contractRoute(routes, { checkReplies }, endpoint, [], () => ({ id: 1, name: 'Standard', sort: 1 }) as { id: number; name: string });
    const response = await routes.request('/api/test/grade');
    return { status: response.status, text: ((await response.json()) as { msg: string }).msg };
  };
  const checked = await answer(true);
  assert.is(checked.status, 500);
  assert.match(checked.text, 'The reply of GET /api/test/grade leaves its schema');
  assert.match(checked.text, 'sort');
  assert.is((await answer(false)).status, 200);
});

test('the server answers what its contract says (a call checked both ways)', async () => {
  const { listGrades } = await import('../../../../shared/contract/devices.ts');
  const ctx = await setup();
  const login = await ctx.passwordLogin(1, DEMO_MOBILE, DEMO_PASSWORD);
  const reply = await ctx.call('/api/device/grade/list', { token: login.data.accessToken });
  assert.is(reply.code, 0);
  assert.ok(v.safeParse(listGrades.reply, reply.data).success);
});

test.run();

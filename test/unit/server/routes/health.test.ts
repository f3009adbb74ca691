import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HEALTH_PATH } from '../../../../server/routes/health.ts';
import { setup } from '../helpers.ts';

// GET /health, what a load balancer asks each instance: 200 while it serves, 503 while it stops or cannot reach its
// database, never cached, with no tenant or token.

test('an instance that serves answers 200, never cached; stopping, 503', async () => {
  let stopping = false;
  const { app } = await setup({ stopping: () => stopping });
  const ok = await app.request(HEALTH_PATH);
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('cache-control'), 'no-store');
  assert.equal(await ok.json(), { status: 'ok', database: true });
  stopping = true;
  const draining = await app.request(HEALTH_PATH);
  assert.is(draining.status, 503);
  assert.equal(await draining.json(), { status: 'stopping', database: true });
});

test('an instance whose database does not answer is 503, and says so', async () => {
  const { app, db, errors } = await setup();
  assert.is((await app.request(HEALTH_PATH)).status, 200);
  await db.close();
  const down = await app.request(HEALTH_PATH);
  assert.is(down.status, 503);
  assert.equal(await down.json(), { status: 'database unreachable', database: false });
  assert.equal(errors, [], 'an expected answer, not an error');
});

test.run();

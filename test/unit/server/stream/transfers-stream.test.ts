import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOSE_NOT_ASSIGNED } from '../../../../shared/contract/stream-protocol.ts';
import { demo, phoneId } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { client, start } from '../stream-helpers.ts';
import { CASES_MOBILE, codes, give } from '../transfer-helpers.ts';

// API.md "Transfers": once a phone changed hands, the stream closes the sockets its old owner had open on it.

test('a transfer asks the stream to re-check once it moved a phone, and only then', async () => {
  let rechecks = 0;
  const ctx = await demo(1, DEMO_MOBILE, { accessRevoked: () => rechecks++ });
  await give(ctx, [await phoneId(ctx, 'Old account')], CASES_MOBILE);
  assert.is(rechecks, 0);
  await give(ctx, [await phoneId(ctx, 'Spare')], CASES_MOBILE);
  assert.is(rechecks, 1);
});

test("the sender's open stream of a moved phone closes", async () => {
  const s = await start();
  try {
    const id = await phoneId(s.ctx, 'Shop assistant');
    const c = client(s.port, await s.securityToken(id), id);
    await c.frame();
    const started = Date.now();
    assert.equal(codes(await give(s.ctx, [id], CASES_MOBILE)), [0]);
    const { code } = await c.closed();
    assert.is(code, CLOSE_NOT_ASSIGNED);
    assert.ok(Date.now() - started < 1000, `closed after ${Date.now() - started} ms`);
  } finally {
    await s.stop();
  }
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { installApp, installedApps } from '../../../../server/lib/phone-apps.ts';
import { OPERATION_DURATION_MS } from '../../../../server/lib/phones.ts';
import { createStreamServer, type StreamServer } from '../../../../server/stream/stream-server.ts';
import { demo, PHONE, phoneId } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { client } from '../stream-helpers.ts';

// server/API.md "Clones and templates": a cloned phone's screen starts again (the reset's boot) and its home screen
// then shows the template's apps, with the app's hooks wired to the stream as main.ts wires them.

test('a phone watched while it is cloned drops its viewers, and its next screen shows the template apps', async () => {
  const late: { stream?: StreamServer } = {};
  const ctx = await demo(1, DEMO_MOBILE, {
    appsChanged: async (id, change) => await late.stream?.appsChanged(id, change),
    phoneRestarted: (id, kind) => void late.stream?.restartPhone(id, { reset: kind === 'reset' }),
  });
  const stream = createStreamServer({
    db: ctx.db,
    now: ctx.now,
    logError: (line) => ctx.errors.push(line),
    installedApps: async (id) => (await installedApps(ctx.db, id)).map((row) => ({ packageName: row.package_name, label: row.label, iconPng: row.icon_png })),
  });
  late.stream = stream;
  const http = createServer((_req, res) => res.end('not here'));
  stream.attach(http);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;
  const token = async (id: number) => (await ctx.call(`${PHONE}/security-token?userPhoneId=${id}&validTime=86400`, { method: 'POST' })).data.token as string;
  try {
    const source = await phoneId(ctx, 'Shop assistant');
    await installApp({ db: ctx.db, now: ctx.now }, source, { packageName: 'com.example.notes', label: 'Notes', versionName: '1', versionCode: 1, iconPng: null, sizeBytes: 1 });
    const made = await ctx.call('/api/device/clone-template/create', { body: { userPhoneId: source, name: 'Notes kit' } });
    assert.is(made.data.state, 'creating');
    ctx.advance(OPERATION_DURATION_MS.template);

    const target = await phoneId(ctx, 'Spare');
    const viewer = client(port, await token(target), target);
    await viewer.picture();
    const packages = () => stream.screen(target)?.apps.map((app) => app.packageName) ?? [];
    assert.not.ok(packages().includes('com.example.notes'));

    const order = await ctx.call(`${PHONE}/clone`, { body: { templateId: made.data.templateId, userPhoneIds: [target] } });
    assert.is(order.code, 0, order.msg);
    assert.is(stream.screen(target), undefined, 'the screen starts again from the new instance');
    await viewer.closed();
    ctx.advance(OPERATION_DURATION_MS.clone);
    const next = client(port, await token(target), target);
    await next.picture();
    assert.ok(packages().includes('com.example.notes'));
    next.socket.close();
  } finally {
    await stream.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
});

test.run();

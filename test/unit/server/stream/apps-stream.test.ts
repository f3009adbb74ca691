import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../../../server/lib/types.ts';
import { installApp, installedApps, type AppChange } from '../../../../server/lib/phone-apps.ts';
import { phoneId } from '../device-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// server/API.md "Apps", "Screen": the stream server shows a phone's installed apps and follows appsChanged (main.ts
// wires the app's hook to it): an app installed shows at once, a start opens it, a stop closes it, an uninstall
// removes it, and the viewers get a new picture each time.

test('an open phone screen follows installs, starts, stops and uninstalls as they happen', async () => {
  const late: { db?: Db } = {};
  const s = await start({
    installedApps: async (id) => (await installedApps(late.db!, id)).map((row) => ({ packageName: row.package_name, label: row.label, iconPng: row.icon_png })),
  });
  late.db = s.ctx.db;
  try {
    const id = await phoneId(s.ctx, 'Shop assistant');
    const c = client(s.port, await s.securityToken(id), id);
    await c.picture();
    const model = s.stream.screen(id)!;
    const builtIns = model.apps.length;
    const tell = (phone: number, change?: AppChange) => s.stream.appsChanged(phone, change);
    await installApp({ db: s.ctx.db, now: s.ctx.now, appsChanged: tell }, id, {
      packageName: 'com.example.todo', label: 'Todo', versionName: '1', versionCode: 1, iconPng: null, sizeBytes: 1,
    });
    assert.equal(model.apps.map((app) => app.packageName).slice(builtIns), ['com.example.todo']);
    await c.picture();

    await tell(id, { action: 'start', packageName: 'com.example.todo' });
    assert.equal(model.screen, { kind: 'app', app: builtIns });
    await c.picture();
    await tell(id, { action: 'stop', packageName: 'com.example.todo' });
    assert.equal([model.screen, model.recents], [{ kind: 'home' }, []]);

    await s.ctx.db.run("DELETE FROM phone_apps WHERE package_name = 'com.example.todo'");
    await tell(id, { action: 'uninstall', packageName: 'com.example.todo' });
    assert.is(model.apps.length, builtIns);
    // A phone nobody watches has no screen to tell; its next screen reads its apps.
    await tell(await phoneId(s.ctx, 'Work phone'), { action: 'start', packageName: 'com.example.todo' });
    assert.is(s.stream.screen(await phoneId(s.ctx, 'Work phone')), undefined);
  } finally {
    await s.stop();
  }
});

test.run();

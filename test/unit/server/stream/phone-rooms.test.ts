import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PhoneScreen } from '../../../../server/data/phone-tokens.ts';
import { PhoneRooms } from '../../../../server/stream/phone-rooms.ts';
import type { InstalledAppInfo } from '../../../../server/stream/phone-apps.ts';
import type { Session } from '../../../../server/stream/session.ts';
import { demo, phoneId } from '../device-helpers.ts';
import { FakeSocket } from './fake-socket.ts';

// The rooms of the streaming service (server/stream/phone-rooms.ts): one per phone, made on demand, discarded by a
// reboot or reset (the clipboard outlives a reboot only), and told when the phone's apps change.

async function rooms(installed: InstalledAppInfo[] = []) {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const calls = { about: 0, apps: 0 };
  const registry = new PhoneRooms({
    db: ctx.db,
    now: ctx.now,
    clock: () => Date.UTC(2025, 0, 1, 8),
    installedApps: async () => {
      calls.apps++;
      return installed;
    },
    phoneAbout: async () => {
      calls.about++;
      return null as never;
    },
  });
  const row: PhoneScreen = { id, name: 'Shop assistant', width: 720, height: 1280 };
  return { registry, row, calls };
}

/** A session in `room` that only records what the room does to it. */
function sessionIn(room: Awaited<ReturnType<PhoneRooms['entryFor']>>) {
  const socket = new FakeSocket();
  const session = { socket: socket.ws, scheduled: 0, schedule: () => session.scheduled++ };
  room.sessions.add(session as unknown as Session);
  return { socket, session };
}

test('one room per phone, made on demand; a later call takes the resolution the API may have changed', async () => {
  const { registry, row, calls } = await rooms();
  assert.is(registry.current(row.id), undefined);
  const room = await registry.entryFor(row);
  assert.is(registry.current(row.id), room);
  assert.is(await registry.entryFor({ ...row, width: 1080, height: 1920 }), room);
  assert.equal([room.model.width, room.model.height], [1080, 1920]);
  assert.equal([...registry.all()].map(([id]) => id), [row.id]);
  assert.equal(calls, { about: 1, apps: 1 }, 'identity and apps are read when the screen is made, not on every call');
});

test('a socket joining reads the identity again in a room that was there; a new room reads it once', async () => {
  const { registry, row, calls } = await rooms();
  await registry.joined(row);
  assert.is(calls.about, 1);
  await registry.joined(row);
  assert.is(calls.about, 2);
});

test("a reboot cuts the room's sockets and makes a fresh screen that keeps the clipboard; a reset wipes it", async () => {
  const { registry, row } = await rooms();
  const room = await registry.entryFor(row);
  room.model.setClipboard('kept');
  const a = sessionIn(room);
  const b = sessionIn(room);
  assert.is(registry.restart(row.id, false), 2);
  assert.ok(a.socket.terminated && b.socket.terminated);
  assert.is(registry.current(row.id), undefined);
  const rebooted = await registry.entryFor(row);
  assert.is.not(rebooted, room);
  assert.is(rebooted.model.getClipboard(), 'kept');
  assert.is(registry.restart(row.id, true), 0, 'nobody watched the new screen');
  assert.is((await registry.entryFor(row)).model.getClipboard(), '');
  assert.is(registry.drop(row.id + 1000), 0, 'a phone without a room has nobody to cut');
});

test("apps changed: the room's screen reads its apps again, opens or closes the app, and its sockets get a picture", async () => {
  const app = { packageName: 'com.example.notes', label: 'Notes', iconPng: null };
  const { registry, row, calls } = await rooms([app]);
  await registry.appsChanged(row.id, { action: 'start', packageName: app.packageName });
  assert.is(calls.apps, 0, 'a phone nobody watches reads its apps when its screen is made');
  const room = await registry.entryFor(row);
  const watcher = sessionIn(room);
  await registry.appsChanged(row.id, { action: 'start', packageName: app.packageName });
  assert.is(calls.apps, 2);
  assert.equal(room.model.screen, { kind: 'app', app: room.model.apps.findIndex((a) => a.id === app.packageName) });
  assert.ok(watcher.session.scheduled > 0);
  await registry.appsChanged(row.id, { action: 'stop', packageName: app.packageName });
  assert.equal(room.model.screen, { kind: 'home' });
});

test.run();

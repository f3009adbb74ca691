import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCanvas } from '@napi-rs/canvas';
import { drawScreen } from '../../../../server/stream/draw-screen.ts';
import { BUILT_IN_APPS, type InstalledAppInfo } from '../../../../server/stream/phone-apps.ts';
import { HOME_PAGE_ICONS, NAV_BAR, PAGE_DOTS, iconRect } from '../../../../server/stream/phone-layout.ts';
import { virtualPhone } from '../stream-helpers.ts';

// Installed apps on the virtual phone's home screen (server/API.md "Apps", "Screen"): shown after the built-ins,
// opened by a tap, started and stopped through the API, removed on uninstall; pages of 16 icons.

const installed = (count: number, iconPng: Buffer | null = null): InstalledAppInfo[] =>
  Array.from({ length: count }, (_, i) => ({ packageName: `com.example.app${i}`, label: `App ${i}`, iconPng }));

test('a full page of icons stays clear of the navigation bar', () => {
  const last = iconRect(HOME_PAGE_ICONS - 1);
  // The label is drawn 34 units under the icon.
  assert.ok(last.y + last.h + 34 + 10 < PAGE_DOTS.y, 'labels above the page dots');
  assert.ok(PAGE_DOTS.y + PAGE_DOTS.h <= NAV_BAR.y, 'dots above the navigation bar');
  assert.equal(iconRect(HOME_PAGE_ICONS), iconRect(0), 'the next page starts at the top again');
});

test('installed apps follow the built-ins and open with a tap; stop closes, uninstall removes', () => {
  const { model, tap } = virtualPhone();
  const builtIns = BUILT_IN_APPS.length;
  model.setInstalledApps(installed(1));
  assert.is(model.apps.length, builtIns + 1);
  assert.equal([model.apps[builtIns]!.packageName, model.apps[builtIns]!.name, model.apps[builtIns]!.system], ['com.example.app0', 'App 0', false]);
  tap(iconRect(builtIns));
  assert.equal(model.screen, { kind: 'app', app: builtIns });
  model.text('hello');
  assert.ok(model.stopApp('com.example.app0'));
  assert.equal([model.screen, model.recents], [{ kind: 'home' }, []]);
  assert.ok(model.startApp('com.example.app0'));
  assert.equal(model.screen, { kind: 'app', app: builtIns });
  model.setInstalledApps([]);
  assert.equal([model.screen, model.recents, model.fieldText('com.example.app0')], [{ kind: 'home' }, [], '']);
  assert.not.ok(model.startApp('com.example.app0'));
});

test('the open app and the recents keep their apps when another one is removed', () => {
  const { model } = virtualPhone();
  const builtIns = BUILT_IN_APPS.length;
  model.setInstalledApps(installed(3));
  model.startApp('com.example.app2');
  model.startApp(BUILT_IN_APPS[0]!.packageName);
  model.startApp('com.example.app2');
  model.setInstalledApps(installed(3).slice(1));
  assert.equal(model.screen, { kind: 'app', app: builtIns + 1 });
  assert.equal(model.recents.map((i) => model.apps[i]!.packageName), ['com.example.app2', BUILT_IN_APPS[0]!.packageName]);
});

test('more apps than a page holds make further home pages, turned by the dots or a swipe', () => {
  const { model, tap, advance } = virtualPhone();
  model.setInstalledApps(installed(20));
  const total = BUILT_IN_APPS.length + 20;
  assert.is(model.homePages(), Math.ceil(total / HOME_PAGE_ICONS));
  tap(PAGE_DOTS);
  assert.is(model.homePage, 1);
  tap(iconRect(0));
  assert.equal(model.screen, { kind: 'app', app: HOME_PAGE_ICONS });
  model.key('home');
  assert.is(model.homePage, 0, 'home goes back to the first page');
  const from = model.toDevice({ x: 600, y: 600, w: 0, h: 0 });
  const to = model.toDevice({ x: 200, y: 620, w: 0, h: 0 });
  model.touch('down', [{ id: 0, ...from }]);
  advance(100);
  model.touch('move', [{ id: 0, ...to }]);
  model.touch('up', [{ id: 0, ...to }]);
  assert.is(model.homePage, 1, 'a swipe to the left shows the next page');
});

test('an installed app with a PNG icon is drawn with it; a broken icon falls back to its letter tile', () => {
  const icon = createCanvas(16, 16);
  const iconCtx = icon.getContext('2d');
  iconCtx.fillStyle = 'rgb(0,255,0)';
  iconCtx.fillRect(0, 0, 16, 16);
  const pixel = (png: Buffer | null) => {
    const { model } = virtualPhone();
    model.setInstalledApps([{ packageName: 'com.example.green', label: 'Green', iconPng: png }]);
    const canvas = createCanvas(720, 1280);
    const ctx = canvas.getContext('2d');
    drawScreen(ctx, model, 720, 1280, Date.UTC(2025, 0, 1, 8));
    const r = iconRect(model.apps.length - 1);
    return Array.from(ctx.getImageData(r.x + 20, r.y + r.h / 2, 1, 1).data.slice(0, 3));
  };
  assert.equal(pixel(icon.toBuffer('image/png')), [0, 255, 0]);
  const letter = pixel(Buffer.from('not a png'));
  assert.not.equal(letter, [0, 255, 0]);
});

test.run();

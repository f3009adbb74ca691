import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILT_IN_APPS, homeApps } from '../../../../server/stream/phone-apps.ts';
import { COPY_BUTTON, NAV_BUTTONS, PASTE_BUTTON, iconRect, recentCardRect } from '../../../../server/stream/phone-layout.ts';
import { virtualPhone } from '../stream-helpers.ts';

// The virtual phone screen (server/stream/virtual-screen.ts), its input and navigation (API.md "Streaming"). Its
// picture: stream-render.test.ts.

test('every phone has the same named, coloured built-in apps, each once, then its installed ones', () => {
  assert.ok(BUILT_IN_APPS.length >= 8, `${BUILT_IN_APPS.length} apps`);
  assert.ok(BUILT_IN_APPS.every((a) => a.name && a.color.length === 3 && a.system));
  assert.is(new Set(BUILT_IN_APPS.map((a) => a.id)).size, BUILT_IN_APPS.length);
  assert.is(new Set(BUILT_IN_APPS.map((a) => a.color.join())).size, BUILT_IN_APPS.length, 'no two tiles share a colour');
  const apps = homeApps([{ packageName: 'com.example.notes', label: 'My Notes', iconPng: null }]);
  assert.equal(apps.map((a) => a.id), [...BUILT_IN_APPS.map((a) => a.id), 'com.example.notes']);
  assert.is(apps.at(-1)!.system, false);
});

test('a tap on an icon opens that app; back, home and recents navigate', () => {
  const { model, tap } = virtualPhone();
  tap(iconRect(2));
  assert.equal(model.screen, { kind: 'app', app: 2 });
  model.key('back');
  assert.equal(model.screen, { kind: 'home' });
  tap(iconRect(0));
  model.key('home');
  assert.equal(model.screen, { kind: 'home' });
  model.key('recents');
  assert.equal(model.screen, { kind: 'recents' });
  assert.equal(model.recents, [0, 2]);
  tap(recentCardRect(1));
  assert.equal(model.screen, { kind: 'app', app: 2 });
  // The on-screen navigation buttons work as taps too.
  tap(NAV_BUTTONS.home);
  assert.equal(model.screen, { kind: 'home' });
});

test('a drag, a slow press, a second finger or a cancelled touch is not a tap', () => {
  const { model, advance } = virtualPhone();
  const p = model.toDevice(iconRect(1));
  model.touch('down', [{ id: 0, ...p }]);
  model.touch('move', [{ id: 0, x: p.x + 100, y: p.y }]);
  model.touch('up', [{ id: 0, x: p.x + 100, y: p.y }]);
  model.touch('down', [{ id: 0, ...p }]);
  advance(900);
  model.touch('up', [{ id: 0, ...p }]);
  model.touch('down', [{ id: 0, ...p }, { id: 1, x: 10, y: 10 }]);
  model.touch('up', [{ id: 0, ...p }]);
  // A touch the client's system cancelled ends the gesture: the next up is not a tap either.
  model.touch('down', [{ id: 0, ...p }]);
  model.touch('cancel', [{ id: 0, ...p }]);
  model.touch('up', [{ id: 0, ...p }]);
  assert.equal(model.screen, { kind: 'home' });
  model.touch('down', [{ id: 0, ...p }]);
  model.touch('up', [{ id: 0, ...p }]);
  assert.equal(model.screen, { kind: 'app', app: 1 }, 'a plain tap still opens the app');
  // Touch feedback: a dot for ~300 ms after the last touch.
  assert.ok(model.rippleVisible());
  advance(301);
  assert.not.ok(model.rippleVisible());
});

test('typed text, Chinese included, lands in the focused field; clipboard set, get and paste', () => {
  const { model, tap } = virtualPhone();
  model.text('hi ');
  assert.is(model.fieldText('home'), 'hi ');
  tap(iconRect(3));
  const app = model.apps[3]!.id;
  model.text('Hello ');
  model.text('世界😀');
  assert.is(model.fieldText(app), 'Hello 世界😀');
  model.setClipboard('复制的 text');
  assert.is(model.getClipboard(), '复制的 text');
  tap(PASTE_BUTTON);
  assert.is(model.fieldText(app), 'Hello 世界😀复制的 text');
  assert.ok(model.paste());
  assert.ok(model.fieldText(app).endsWith('复制的 text复制的 text'));
  model.key('recents');
  assert.not.ok(model.text('x'), 'recents has no field');
});

test('deleteBackward removes one code point (CJK and emoji whole) of the focused field; empty or unfocused: no-op', () => {
  const { model, tap } = virtualPhone();
  model.text('ab');
  const v = model.version;
  assert.ok(model.deleteBackward());
  assert.is(model.fieldText('home'), 'a');
  assert.is(model.version, v + 1);
  tap(iconRect(1));
  const app = model.apps[1]!.id;
  model.text('中文😀');
  assert.ok(model.deleteBackward());
  assert.is(model.fieldText(app), '中文', 'the emoji goes whole, not half a surrogate pair');
  assert.ok(model.deleteBackward());
  assert.ok(model.deleteBackward());
  assert.is(model.fieldText(app), '');
  const empty = model.version;
  assert.not.ok(model.deleteBackward());
  assert.is(model.version, empty, 'nothing changed, nothing to redraw');
  assert.is(model.fieldText('home'), 'a', 'only the focused field');
  model.key('recents');
  const recents = model.version;
  assert.not.ok(model.deleteBackward());
  assert.is(model.version, recents);
});

test('a tap on Copy puts the app field\'s text, Chinese included, on the clipboard; not on the home screen', () => {
  const { model, tap } = virtualPhone();
  model.setClipboard('before');
  tap(iconRect(2));
  model.text('你好, copy me');
  tap(COPY_BUTTON);
  assert.equal(model.screen, { kind: 'app', app: 2 });
  assert.is(model.getClipboard(), '你好, copy me');
  // Copying draws nothing new: the version stays.
  const v = model.version;
  model.copy();
  assert.is(model.version, v);
  // An empty field copies as empty.
  model.key('home');
  tap(iconRect(0));
  tap(COPY_BUTTON);
  assert.is(model.getClipboard(), '');
  // On the home screen that spot is not a Copy button.
  model.key('home');
  model.setClipboard('kept');
  model.text('home text');
  const p = model.toLayout(model.toDevice(COPY_BUTTON).x, model.toDevice(COPY_BUTTON).y);
  model.tap(p.x, p.y);
  assert.is(model.getClipboard(), 'kept');
});

test('resolution: 540x960, 720x1280 and 1080x1920; touches are in device pixels of the current one', () => {
  const { model, tap } = virtualPhone();
  assert.not.ok(model.setResolution(800, 600));
  for (const [w, h] of [[540, 960], [1080, 1920], [720, 1280]] as const) {
    assert.ok(model.setResolution(w, h));
    assert.is(model.width, w);
    const centre = model.toDevice(iconRect(1));
    assert.ok(centre.x < w && centre.y < h);
    tap(iconRect(1));
    assert.equal(model.screen, { kind: 'app', app: 1 });
    model.key('home');
  }
  // A 1080x1920 coordinate that is the icon's centre at 720x1280 scaled by 1.5.
  model.setResolution(1080, 1920);
  const r = iconRect(0);
  model.touch('down', [{ id: 0, x: (r.x + 50) * 1.5, y: (r.y + 50) * 1.5 }]);
  model.touch('up', [{ id: 0, x: (r.x + 50) * 1.5, y: (r.y + 50) * 1.5 }]);
  assert.equal(model.screen, { kind: 'app', app: 0 });
});

test('frameKey changes with the picture and the clock minute, not otherwise', () => {
  const { model, advance } = virtualPhone();
  const a = model.frameKey();
  advance(1000);
  assert.is(model.frameKey(), a);
  advance(60_000);
  assert.is.not(model.frameKey(), a);
  const b = model.frameKey();
  model.text('x');
  assert.is.not(model.frameKey(), b);
});

test.run();

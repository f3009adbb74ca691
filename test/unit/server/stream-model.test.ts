import { test } from 'uvu';
import * as assert from 'uvu/assert';
import jpeg from 'jpeg-js';
import { encodeJpeg } from '../../../server/stream/jpeg-encoder.ts';
import { qualityForBitrate, renderJpeg, renderRgba } from '../../../server/stream/rasterize.ts';
import { COPY_BUTTON, NAV_BUTTONS, PASTE_BUTTON, VirtualScreen, appsForPhone, iconRect, recentCardRect } from '../../../server/stream/virtual-screen.ts';
import type { Rect } from '../../../server/stream/virtual-screen.ts';

// The virtual phone screen (server/stream/virtual-screen.ts) and its rasterizer/encoder (API.md "Streaming").

function phone(id = 7) {
  let clock = Date.UTC(2025, 0, 1, 8, 0, 0);
  const model = new VirtualScreen({ id, name: `Phone ${id}` }, () => clock);
  function tap(r: Rect) {
    const p = model.toDevice(r);
    model.touch('down', [{ id: 0, ...p }]);
    clock += 50;
    model.touch('up', [{ id: 0, ...p }]);
  }
  return { model, tap, advance: (ms: number) => (clock += ms), now: () => clock };
}

test('each phone has 8-12 named, coloured apps, the same on every call', () => {
  for (const id of [1, 2, 3, 50, 999]) {
    const apps = appsForPhone(id);
    assert.ok(apps.length >= 8 && apps.length <= 12, `${apps.length} apps`);
    assert.equal(appsForPhone(id), apps);
    assert.ok(apps.every((a) => a.name && a.color.length === 3));
    assert.is(new Set(apps.map((a) => a.id)).size, apps.length);
  }
});

test('a tap on an icon opens that app; back, home and recents navigate', () => {
  const { model, tap } = phone();
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
  const { model, advance } = phone();
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
  const { model, tap } = phone();
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
  const { model, tap } = phone();
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
  const { model, tap } = phone();
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
  const { model, tap } = phone();
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
  const { model, advance } = phone();
  const a = model.frameKey();
  advance(1000);
  assert.is(model.frameKey(), a);
  advance(60_000);
  assert.is.not(model.frameKey(), a);
  const b = model.frameKey();
  model.text('x');
  assert.is.not(model.frameKey(), b);
});

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
}

test('the rasterizer produces a valid JPEG of the requested size that decodes to the drawn pixels', () => {
  const { model, now } = phone();
  for (const [w, h] of [[360, 640], [720, 1280], [1080, 1920]] as const) {
    const rgba = renderRgba(model, w, h, now());
    const bytes = encodeJpeg(rgba, w, h, 80);
    assert.ok(isJpeg(bytes));
    const decoded = jpeg.decode(bytes, { useTArray: true });
    assert.is(decoded.width, w);
    assert.is(decoded.height, h);
    let error = 0;
    for (let i = 0; i < rgba.length; i += 4) error += Math.abs(rgba[i]! - decoded.data[i]!) + Math.abs(rgba[i + 2]! - decoded.data[i + 2]!);
    const mean = error / (rgba.length / 2);
    assert.ok(mean < 6, `mean channel error ${mean}`);
  }
});

test('odd sizes encode too (partial blocks at the edges)', () => {
  const rgba = new Uint8Array(37 * 23 * 4).map((_, i) => (i * 13) & 255);
  const decoded = jpeg.decode(encodeJpeg(rgba, 37, 23, 90), { useTArray: true });
  assert.is(decoded.width, 37);
  assert.is(decoded.height, 23);
});

test('the app screen draws the Copy button like Paste: the button colour shows around its label', () => {
  const { model, tap, now, advance } = phone();
  tap(iconRect(0));
  advance(1000);
  const rgba = renderRgba(model, 720, 1280, now());
  const colour = (x: number, y: number) => Array.from(rgba.subarray((y * 720 + x) * 4, (y * 720 + x) * 4 + 3));
  // A point inside each button, off its label: both buttons share one colour, unlike the page behind them.
  const paste = colour(PASTE_BUTTON.x + 12, PASTE_BUTTON.y + PASTE_BUTTON.h - 12);
  const copy = colour(COPY_BUTTON.x + 12, COPY_BUTTON.y + COPY_BUTTON.h - 12);
  assert.equal(copy, paste);
  assert.not.equal(colour(COPY_BUTTON.x - 8, COPY_BUTTON.y + 12), copy);
  // And it carries a label: some pixels in its middle differ from the button colour.
  let label = 0;
  for (let x = COPY_BUTTON.x + 20; x < COPY_BUTTON.x + COPY_BUTTON.w - 20; x++) if (colour(x, COPY_BUTTON.y + 36).join() !== copy.join()) label++;
  assert.ok(label > 0);
});

test('different screens give different bytes; the text field shows typed text; bitrate sets the quality', () => {
  const { model, tap, now, advance } = phone();
  const home = renderJpeg(model, 720, 1280, 62, now());
  tap(iconRect(0));
  advance(1000); // past the touch dot
  const app = renderJpeg(model, 720, 1280, 62, now());
  assert.not.ok(home.equals(app));
  model.text('中文 and ASCII');
  const typed = renderJpeg(model, 720, 1280, 62, now());
  assert.not.ok(typed.equals(app));
  // Only the field changed: the difference is inside its rectangle.
  const before = renderRgba(model, 720, 1280, now());
  model.text('!');
  const after = renderRgba(model, 720, 1280, now());
  let outside = 0;
  let inside = 0;
  for (let y = 0; y < 1280; y++) {
    for (let x = 0; x < 720; x++) {
      const i = (y * 720 + x) * 4;
      if (before[i] === after[i] && before[i + 1] === after[i + 1]) continue;
      const field = model.screen.kind === 'app' && y >= 200 && y < 280 && x >= 40 && x < 540;
      if (field) inside++;
      else outside++;
    }
  }
  assert.ok(inside > 0);
  assert.is(outside, 0);
  assert.ok(qualityForBitrate(256) < qualityForBitrate(2048) && qualityForBitrate(2048) < qualityForBitrate(8192));
  assert.ok(renderJpeg(model, 720, 1280, qualityForBitrate(512), now()).length < renderJpeg(model, 720, 1280, qualityForBitrate(8192), now()).length);
});

test.run();

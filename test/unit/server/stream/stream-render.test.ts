import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { drawScreen } from '../../../../server/stream/draw-screen.ts';
import { PHONE_FONT, registerPhoneFonts } from '../../../../server/stream/phone-fonts.ts';
import { encodeCount, qualityForBitrate, renderJpeg } from '../../../../server/stream/render-frame.ts';
import { VirtualScreen } from '../../../../server/stream/virtual-screen.ts';
import { APP_FIELD, COPY_BUTTON, PASTE_BUTTON, iconRect } from '../../../../server/stream/phone-layout.ts';
import { virtualPhone } from '../stream-helpers.ts';

// The phone's picture (server/stream/draw-screen.ts, render-frame.ts): drawn with Skia in real type, encoded as
// JPEG off the event loop. Pixels are read back through the same library's decoder.

/** The picture as drawn, before any encoding: RGBA, `width` x `height`. */
function drawnPixels(model: VirtualScreen, width: number, height: number, now: number): Uint8ClampedArray {
  registerPhoneFonts();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawScreen(ctx, model, width, height, now);
  return ctx.getImageData(0, 0, width, height).data;
}

async function decodedPixels(jpeg: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** The drawn pixels of the app screen's text field holding `text`. */
function fieldPixels(text: string): Uint8ClampedArray {
  const { model, tap, advance, now } = virtualPhone();
  tap(iconRect(0));
  advance(1000);
  model.text(text);
  const all = drawnPixels(model, 720, 1280, now());
  const rows: number[] = [];
  for (let y = APP_FIELD.y; y < APP_FIELD.y + APP_FIELD.h; y++) rows.push(...all.subarray((y * 720 + APP_FIELD.x) * 4, (y * 720 + APP_FIELD.x + APP_FIELD.w) * 4));
  return Uint8ClampedArray.from(rows);
}

const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.reduce((n, value, i) => n + (value === b[i] ? 0 : 1), 0);

test('the phone font is registered from the package, whatever fonts the system has', () => {
  assert.ok(registerPhoneFonts() > 50);
  assert.ok(PHONE_FONT);
});

test('Chinese is drawn as text: two characters differ from each other and from a missing glyph\'s box', () => {
  const zhong = fieldPixels('中');
  const wen = fieldPixels('文');
  const missing = fieldPixels('\uE000');
  assert.ok(differing(zhong, wen) > 100, 'different characters, different pixels');
  assert.ok(differing(zhong, missing) > 100, 'not the box every missing character gets');
  assert.ok(differing(fieldPixels('\uE001'), missing) < 10, 'two missing characters do look alike');
});

test('frames are JPEGs of the requested size that decode to the drawn pixels', async () => {
  const { model, now } = virtualPhone();
  for (const [w, h] of [[360, 640], [720, 1280], [1080, 1920]] as const) {
    const drawn = drawnPixels(model, w, h, now());
    const before = encodeCount.value;
    const decoded = await decodedPixels(await renderJpeg(model, w, h, 80, now()));
    assert.is(encodeCount.value, before + 1);
    assert.equal([decoded.width, decoded.height], [w, h]);
    let error = 0;
    for (let i = 0; i < drawn.length; i += 4) error += Math.abs(drawn[i]! - decoded.data[i]!) + Math.abs(drawn[i + 2]! - decoded.data[i + 2]!);
    const mean = error / (drawn.length / 2);
    assert.ok(mean < 6, `mean channel error ${mean}`);
  }
});

test('the app screen draws the Copy button like Paste: the button colour shows around its label', () => {
  const { model, tap, now, advance } = virtualPhone();
  tap(iconRect(0));
  advance(1000);
  const rgba = drawnPixels(model, 720, 1280, now());
  const colour = (x: number, y: number) => Array.from(rgba.subarray((y * 720 + x) * 4, (y * 720 + x) * 4 + 3));
  // A point inside each button, off its label: both buttons share one colour, unlike the page behind them.
  const paste = colour(PASTE_BUTTON.x + 12, PASTE_BUTTON.y + PASTE_BUTTON.h - 12);
  const copy = colour(COPY_BUTTON.x + 12, COPY_BUTTON.y + COPY_BUTTON.h - 12);
  assert.equal(copy, paste);
  assert.not.equal(colour(COPY_BUTTON.x - 8, COPY_BUTTON.y + 12), copy);
  // And it carries a label: some pixels across its middle differ from the button colour.
  let label = 0;
  for (let x = COPY_BUTTON.x + 20; x < COPY_BUTTON.x + COPY_BUTTON.w - 20; x++) if (colour(x, COPY_BUTTON.y + 40).join() !== copy.join()) label++;
  assert.ok(label > 0);
});

test('typing changes only the field; screens differ; a higher bitrate gives a larger JPEG', async () => {
  const { model, tap, now, advance } = virtualPhone();
  const home = await renderJpeg(model, 720, 1280, 62, now());
  tap(iconRect(0));
  advance(1000); // past the touch dot
  const app = await renderJpeg(model, 720, 1280, 62, now());
  assert.not.ok(home.equals(app));
  model.text('中文 and ASCII');
  const before = drawnPixels(model, 720, 1280, now());
  model.text('!');
  const after = drawnPixels(model, 720, 1280, now());
  let outside = 0;
  let inside = 0;
  for (let y = 0; y < 1280; y++) {
    for (let x = 0; x < 720; x++) {
      const i = (y * 720 + x) * 4;
      if (before[i] === after[i] && before[i + 1] === after[i + 1] && before[i + 2] === after[i + 2]) continue;
      const field = y >= APP_FIELD.y && y < APP_FIELD.y + APP_FIELD.h && x >= APP_FIELD.x && x < APP_FIELD.x + APP_FIELD.w;
      if (field) inside++;
      else outside++;
    }
  }
  assert.ok(inside > 0);
  assert.is(outside, 0);
  assert.ok(qualityForBitrate(256) < qualityForBitrate(2048) && qualityForBitrate(2048) < qualityForBitrate(8192));
  const low = await renderJpeg(model, 720, 1280, qualityForBitrate(512), now());
  const high = await renderJpeg(model, 720, 1280, qualityForBitrate(8192), now());
  assert.ok(low.length < high.length);
});

test.run();

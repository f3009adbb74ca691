import { test } from 'uvu';
import * as assert from 'uvu/assert';
import jsQR from 'jsqr';
import { encode } from 'uqr';
import { drawQr, qrModules, QUIET_ZONE, type QrContext } from '../../../src/invite/qr-modules.ts';

// The poster's QR code (src/invite/qr-modules.ts): uqr's modules framed by a quiet zone, painted whole pixels.

const LINK = 'http://127.0.0.1:4173/app/login/demo?invite=12345678';

test('the matrix is uqr\'s modules inside a quiet zone of 4 modules', () => {
  const raw = encode(LINK, { ecc: 'M', border: 0 });
  const modules = qrModules(LINK);
  assert.is(modules.size, raw.size + 2 * QUIET_ZONE);
  assert.is(raw.size, 17 + 4 * raw.version);
  assert.is(modules.dark.length, modules.size);
  for (const row of modules.dark) assert.is(row.length, modules.size);
  for (let i = 0; i < modules.size; i++) {
    for (let q = 0; q < QUIET_ZONE; q++) {
      assert.not.ok(modules.dark[q][i] || modules.dark[modules.size - 1 - q][i], `row quiet zone at ${q},${i}`);
      assert.not.ok(modules.dark[i][q] || modules.dark[i][modules.size - 1 - q], `column quiet zone at ${i},${q}`);
    }
  }
  raw.data.forEach((row, r) => row.forEach((on, c) => assert.is(modules.dark[r + QUIET_ZONE][c + QUIET_ZONE], on)));
  // The top-left finder pattern starts right after the quiet zone: a dark 7-module ring.
  for (let i = 0; i < 7; i++) assert.ok(modules.dark[QUIET_ZONE][QUIET_ZONE + i] && modules.dark[QUIET_ZONE + i][QUIET_ZONE]);
});

/** A context that paints into RGBA pixels, as a canvas would (whole-pixel rectangles only). */
function pixelContext(width: number, height: number) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  const rects: Array<{ colour: string; x: number; y: number; w: number; h: number }> = [];
  const context: QrContext = {
    fillStyle: '#000000',
    fillRect(x: number, y: number, w: number, h: number) {
      const colour = String(context.fillStyle);
      rects.push({ colour, x, y, w, h });
      const value = colour === '#ffffff' ? 255 : 0;
      for (let py = y; py < y + h; py++) {
        for (let px = x; px < x + w; px++) {
          const at = (py * width + px) * 4;
          pixels.set([value, value, value, 255], at);
        }
      }
    },
  };
  return { context, pixels, rects };
}

test('drawing: a white square, then one dark whole-pixel square per dark module, inside the quiet zone', () => {
  const modules = qrModules(LINK);
  const side = 400;
  const { context, rects } = pixelContext(side + 20, side + 20);
  const unit = drawQr(context, modules, 10, 10, side);
  assert.is(unit, Math.floor(side / modules.size));
  assert.equal(rects[0], { colour: '#ffffff', x: 10, y: 10, w: side, h: side });
  const dark = rects.slice(1);
  assert.is(dark.length, modules.dark.flat().filter(Boolean).length);
  const offset = Math.floor((side - unit * modules.size) / 2);
  for (const rect of dark) {
    assert.is(rect.colour, '#000000');
    assert.ok(Number.isInteger(rect.x) && Number.isInteger(rect.y) && rect.w === unit && rect.h === unit);
    assert.ok(rect.x >= 10 + offset + QUIET_ZONE * unit && rect.y >= 10 + offset + QUIET_ZONE * unit);
    assert.ok(rect.x + unit <= 10 + offset + (modules.size - QUIET_ZONE) * unit);
    assert.ok(rect.y + unit <= 10 + offset + (modules.size - QUIET_ZONE) * unit);
  }
});

test('what is drawn decodes back to the link', () => {
  const modules = qrModules(LINK);
  const { context, pixels } = pixelContext(300, 300);
  drawQr(context, modules, 0, 0, 300);
  assert.is(jsQR(pixels, 300, 300)?.data, LINK);
});

test.run();

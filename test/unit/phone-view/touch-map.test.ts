import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fittedRect, stageSize, toDevicePoint } from '../../../src/phone-view/touch-map.ts';

const PHONE = { width: 720, height: 1280 };

test('fitted rect: a 9:16 picture fills a 9:16 box exactly', () => {
  assert.equal(fittedRect({ left: 10, top: 20, width: 360, height: 640 }, 720, 1280), { left: 10, top: 20, width: 360, height: 640 });
});

test('fitted rect: a box wider than 9:16 letterboxes left and right, centred', () => {
  assert.equal(fittedRect({ left: 0, top: 0, width: 560, height: 640 }, 720, 1280), { left: 100, top: 0, width: 360, height: 640 });
  assert.equal(fittedRect({ left: 50, top: 30, width: 560, height: 640 }, 720, 1280), { left: 150, top: 30, width: 360, height: 640 });
});

test('fitted rect: a box taller than 9:16 letterboxes top and bottom, centred', () => {
  assert.equal(fittedRect({ left: 0, top: 0, width: 360, height: 800 }, 720, 1280), { left: 0, top: 80, width: 360, height: 640 });
  assert.equal(fittedRect({ left: 5, top: 7, width: 360, height: 800 }, 720, 1280), { left: 5, top: 87, width: 360, height: 640 });
});

test('fitted rect: works for a landscape picture too', () => {
  assert.equal(fittedRect({ left: 0, top: 0, width: 400, height: 400 }, 1600, 900), { left: 0, top: 87.5, width: 400, height: 225 });
});

test('device point: corners and centre of a 9:16 box', () => {
  const box = { left: 10, top: 20, width: 360, height: 640 };
  assert.equal(toDevicePoint(box, PHONE, 10, 20), { x: 0, y: 0 });
  assert.equal(toDevicePoint(box, PHONE, 190, 340), { x: 360, y: 640 });
  assert.equal(toDevicePoint(box, PHONE, 370, 660), { x: 719, y: 1279 }, 'the far edge is the last pixel');
  assert.equal(toDevicePoint(box, PHONE, 370, 20), { x: 719, y: 0 });
  assert.equal(toDevicePoint(box, PHONE, 10, 660), { x: 0, y: 1279 });
  assert.equal(toDevicePoint(box, PHONE, 100, 100), { x: 180, y: 160 });
});

test('device point: maps through the letterboxed picture, not the box', () => {
  const wide = { left: 0, top: 0, width: 560, height: 640 }; // picture at x 100..460
  assert.equal(toDevicePoint(wide, PHONE, 100, 0), { x: 0, y: 0 });
  assert.equal(toDevicePoint(wide, PHONE, 280, 320), { x: 360, y: 640 });
  const tall = { left: 0, top: 0, width: 360, height: 800 }; // picture at y 80..720
  assert.equal(toDevicePoint(tall, PHONE, 0, 80), { x: 0, y: 0 });
  assert.equal(toDevicePoint(tall, PHONE, 180, 400), { x: 360, y: 640 });
});

test('device point: points outside the picture clamp to its edge', () => {
  const wide = { left: 0, top: 0, width: 560, height: 640 };
  assert.equal(toDevicePoint(wide, PHONE, 20, 320), { x: 0, y: 640 }, 'in the left letterbox');
  assert.equal(toDevicePoint(wide, PHONE, 550, 320), { x: 719, y: 640 }, 'in the right letterbox');
  assert.equal(toDevicePoint(wide, PHONE, -500, -500), { x: 0, y: 0 });
  assert.equal(toDevicePoint(wide, PHONE, 5000, 5000), { x: 719, y: 1279 });
});

test('device point: uses the phone\'s own resolution, rounding to whole pixels', () => {
  const box = { left: 0, top: 0, width: 360, height: 640 };
  assert.equal(toDevicePoint(box, { width: 1080, height: 1920 }, 180, 320), { x: 540, y: 960 });
  assert.equal(toDevicePoint(box, { width: 1080, height: 1920 }, 100.2, 0.1), { x: 301, y: 0 });
});

test('stage size: the largest 9:16 size within both limits', () => {
  assert.equal(stageSize(360, 640), { width: 360, height: 640 });
  assert.equal(stageSize(390, 10_000), { width: 390, height: 693 }, 'width-limited');
  assert.equal(stageSize(10_000, 640), { width: 360, height: 640 }, 'height-limited');
  for (const [w, h] of [[390, 844], [1920, 1080], [320, 480], [375, 560], [1001, 333], [10, 10]] as const) {
    const size = stageSize(w, h);
    assert.ok(size.width <= w && size.height <= h, `${w}x${h} -> ${size.width}x${size.height} fits`);
    assert.ok(Number.isInteger(size.width) && Number.isInteger(size.height), 'whole pixels');
    assert.ok(Math.abs(size.width * 16 - size.height * 9) <= 16, `${w}x${h} -> ${size.width}x${size.height} keeps 9:16`);
    assert.ok(size.width >= Math.min(w, (h * 9) / 16) - 1, 'as large as fits');
  }
});

test.run();

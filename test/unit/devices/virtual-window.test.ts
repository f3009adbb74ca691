import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardsToBuild, OVERSCAN_PX, rowWindow } from '../../../src/devices/parts/virtual-window.ts';

const base = { height: 600, stride: 100, padding: 10, rows: 1000 };

test('at the top the window is the screen plus the overscan below it', () => {
  const window = rowWindow({ ...base, scrollTop: 0 });
  assert.equal(window.first, 0);
  assert.equal(window.firstOnScreen, 0);
  assert.equal(window.lastOnScreen, 5);
  assert.equal(window.last, Math.floor((600 + OVERSCAN_PX - 10) / 100));
});

test('mid-list the overscan reaches both ways', () => {
  const window = rowWindow({ ...base, scrollTop: 5000 });
  assert.equal(window.firstOnScreen, 49);
  assert.equal(window.lastOnScreen, 55);
  assert.equal(window.first, Math.floor((5000 - OVERSCAN_PX - 10) / 100));
  assert.equal(window.last, Math.floor((5000 + 600 + OVERSCAN_PX - 10) / 100));
});

test('a stale scroll offset past a shrunken list still shows its last row', () => {
  const window = rowWindow({ ...base, rows: 3, scrollTop: 5000 });
  assert.equal([window.first, window.last, window.firstOnScreen, window.lastOnScreen], [2, 2, 2, 2]);
});

test('an empty list renders no row', () => {
  const window = rowWindow({ ...base, rows: 0, scrollTop: 0 });
  assert.ok(window.last < window.first);
});

test('without a scroll every card in the window is built', () => {
  assert.equal([...cardsToBuild([3, 4], [1, 2, 3, 4, 5], new Set(), Infinity)].sort(), [1, 2, 3, 4, 5]);
});

test('a scroll builds new cards on screen first, within the budget, and keeps the ones built before', () => {
  const built = cardsToBuild([5, 6, 7], [3, 4, 5, 6, 7, 8], new Set([3, 4, 99]), 2);
  assert.equal([...built].sort(), [3, 4, 5, 6]);
});

test('a spent budget still keeps built cards, and a card is never counted twice', () => {
  assert.equal([...cardsToBuild([1, 2], [1, 2, 3], new Set([2]), 0)], [2]);
  assert.equal([...cardsToBuild([1, 1, 2], [1, 2], new Set(), 1)], [1]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardsToBuild, frameBudget, JUMP_SHARE, NEW_ITEMS_PER_FRAME, outlineTile, OVERSCAN_PX, rowWindow } from '../../../src/core/ui/virtual-grid/virtual-window.ts';

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

test('a render that starts a view builds every card on screen at once, and the overscan in the frames after it', () => {
  assert.equal([...cardsToBuild([3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], new Set(), Infinity)].sort(), [3, 4, 5, 6]);
  // The next frames (a budget of one each, no scroll) add the overscan, on-screen cards staying built.
  const next = cardsToBuild([3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], new Set([3, 4, 5, 6]), NEW_ITEMS_PER_FRAME);
  assert.equal([...next].sort(), [1, 3, 4, 5, 6]);
  // Cards built before a view starts again (a new size) stay, wherever they are.
  assert.equal([...cardsToBuild([3, 4], [1, 2, 3, 4, 5], new Set([1, 2]), Infinity)].sort(), [1, 2, 3, 4]);
});

test('a scroll builds new cards on screen first, within the budget, and keeps the ones built before', () => {
  const built = cardsToBuild([5, 6, 7], [3, 4, 5, 6, 7, 8], new Set([3, 4, 99]), 2);
  assert.equal([...built].sort(), [3, 4, 5, 6]);
});

test('a spent budget still keeps built cards, and a card is never counted twice', () => {
  assert.equal([...cardsToBuild([1, 2], [1, 2, 3], new Set([2]), 0)], [2]);
  assert.equal([...cardsToBuild([1, 1, 2], [1, 2], new Set(), 1)], [1]);
});

test('a frame that scrolled a little builds a few cards, one that jumped more than half a screen builds none', () => {
  assert.equal(frameBudget(0, 800), NEW_ITEMS_PER_FRAME);
  assert.equal(frameBudget(-200, 800), NEW_ITEMS_PER_FRAME);
  assert.equal(frameBudget(800 * JUMP_SHARE, 800), NEW_ITEMS_PER_FRAME);
  assert.equal(frameBudget(800 * JUMP_SHARE + 1, 800), 0);
  assert.equal(frameBudget(-640, 800), 0);
});

test('the outline tile is one card and the gaps beside and below it, in the theme\'s colours and radius', () => {
  const url = outlineTile(90, 200, 8, { fill: '#173f35', edge: '#2c5d50', radius: 12 });
  const svg = decodeURIComponent(/^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url)![1]!);
  assert.match(svg, /<svg [^>]*width="98" height="208"/);
  assert.match(svg, /<rect x="0.5" y="0.5" width="89" height="199" rx="11.5" fill="#173f35" stroke="#2c5d50"\/>/);
});

test('a cell narrower than its edge draws an empty outline rather than a negative one', () => {
  const svg = decodeURIComponent(outlineTile(0, 0, 8, { fill: '#fff', edge: '#000', radius: 0 }));
  assert.match(svg, /width="0" height="0" rx="0"/);
});

test.run();

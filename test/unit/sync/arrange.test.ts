import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { autoArrange, PHONE_RATIO, validArrangement } from '../../../src/sync/arrange.ts';

// Group control's auto-arrange (spec: rows and columns above 0, at least 2 windows).

test('a layout needs rows and columns above 0 and room for at least 2 windows', () => {
  assert.ok(validArrangement(1, 2));
  assert.ok(validArrangement(2, 1));
  assert.ok(validArrangement(4, 5));
  assert.not.ok(validArrangement(1, 1));
  assert.not.ok(validArrangement(0, 3));
  assert.not.ok(validArrangement(3, 0));
  assert.not.ok(validArrangement(-1, -2));
  assert.not.ok(validArrangement(1.5, 2));
});

test('every arrangement holds all windows, at least two, with rows and columns above 0', () => {
  for (let count = 0; count <= 20; count++) {
    for (const [width, height] of [[366, 300], [366, 120], [800, 400], [0, 0]]) {
      const a = autoArrange(count, width!, height!);
      assert.ok(validArrangement(a.rows, a.columns), `${count} in ${width}x${height}: ${a.rows}x${a.columns}`);
      assert.ok(a.rows * a.columns >= Math.max(2, count), `${count} in ${width}x${height}`);
      // No row or column left empty.
      assert.ok((a.rows - 1) * a.columns < Math.max(2, count), `${count}: an empty row in ${a.rows}x${a.columns}`);
    }
  }
});

test('the windows keep the phone shape and fit the area', () => {
  for (let count = 1; count <= 20; count++) {
    const a = autoArrange(count, 366, 320, 8, 40);
    assert.ok(Math.abs(a.height - a.width * PHONE_RATIO) <= 1, `${count}: ${a.width}x${a.height}`);
    assert.ok(a.columns * a.width + (a.columns - 1) * 8 <= 366, `${count}: too wide`);
    assert.ok(a.rows * (a.height + 40) + (a.rows - 1) * 8 <= 320, `${count}: too tall`);
  }
});

test('the column count giving the largest windows wins: three followers on a phone sit side by side', () => {
  assert.equal([autoArrange(3, 366, 320, 8, 76).rows, autoArrange(3, 366, 320, 8, 76).columns], [1, 3]);
  // A wide, short area puts more in a row; a tall, narrow one stacks them.
  assert.equal(autoArrange(8, 1200, 300).rows, 1);
  assert.equal(autoArrange(2, 100, 800).columns, 1);
});

test.run();

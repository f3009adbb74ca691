import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatSize, idsOf, sourceId } from '../../../src/clones/clone-rules.ts';
import { CLONE_IDS_MAX } from '../../../shared/contract/clone-words.ts';

// The clone pages' rules (src/clones/clone-rules.ts): the phones of the address and the sizes shown.

test('ids of the address: positive integers, repeats dropped, in order, bounded', () => {
  assert.equal(idsOf(new URLSearchParams('ids=3,1,x,3,-2,0,2.5,7')), [3, 1, 7]);
  assert.equal(idsOf(new URLSearchParams('')), []);
  const many = Array.from({ length: CLONE_IDS_MAX + 5 }, (_, i) => i + 1).join(',');
  assert.is(idsOf(new URLSearchParams(`ids=${many}`)).length, CLONE_IDS_MAX);
});

test('the source phone of the address, or none', () => {
  assert.is(sourceId(new URLSearchParams('id=12')), 12);
  for (const query of ['', 'id=0', 'id=-3', 'id=x', 'id=1.5']) assert.is(sourceId(new URLSearchParams(query)), null, query);
});

test('sizes in the largest unit at 1 or more', () => {
  assert.is(formatSize(512), '512 B');
  assert.is(formatSize(512 * 1024 ** 2), '512 MB');
  assert.is(formatSize(512 * 1024 ** 2 + 30_000_000), '541 MB');
  assert.is(formatSize(1.5 * 1024 ** 3), '1.5 GB');
});

test.run();

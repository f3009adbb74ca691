import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MOCK_BATCH_LIMIT } from '../../../shared/contract/new-machine-words.ts';
import { chosenIds } from '../../../src/new-machine/new-machine-rules.ts';

// src/new-machine/new-machine-rules.ts: the phones the new-machine page is given in its address.

test('ids: positive integers in the order given, repeats dropped, the first MOCK_BATCH_LIMIT kept', () => {
  assert.equal(chosenIds(new URLSearchParams('ids=3, 1,3,x,-2,0,1.5')), { asked: [3, 1], kept: [3, 1] });
  assert.equal(chosenIds(new URLSearchParams('')), { asked: [], kept: [] });
  const many = Array.from({ length: MOCK_BATCH_LIMIT + 5 }, (_, i) => i + 1);
  const { asked, kept } = chosenIds(new URLSearchParams(`ids=${many.join(',')}`));
  assert.is(asked.length, MOCK_BATCH_LIMIT + 5);
  assert.equal(kept, many.slice(0, MOCK_BATCH_LIMIT));
});

test.run();

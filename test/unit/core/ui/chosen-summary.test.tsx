import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { ChosenSummary } from '../../../../src/core/ui/chosen-summary.tsx';

function shown(count: number, names: string[], notes?: Array<string | false | null | undefined>) {
  const root = document.createElement('div');
  render(<ChosenSummary title={`${count} phones`} count={count} names={names} testId="probe-count" notes={notes} />, root);
  const lines = [...root.querySelectorAll('p')].map((line) => line.textContent);
  const title = root.querySelector('h2[data-testid="probe-count"]')?.textContent;
  render(null, root);
  return { title, lines };
}

const names = (count: number) => Array.from({ length: count }, (_, index) => `Phone ${index + 1}`);

test('the count, then the first five names and an ellipsis for the rest', () => {
  assert.equal(shown(7, names(7)), { title: '7 phones', lines: ['Phone 1, Phone 2, Phone 3, Phone 4, Phone 5 …'] });
  assert.equal(shown(2, ['Two', 'One']), { title: '2 phones', lines: ['Two, One'] }, 'in the order given, no ellipsis');
  assert.equal(shown(6, names(2)).lines, ['Phone 1, Phone 2 …'], 'phones not read yet are counted, not named');
});

test('the page\'s notes follow the names; an empty note, and names when none is known, are left out', () => {
  assert.equal(shown(1, ['One'], ['At most 20 at once', false, null, undefined]).lines, ['One', 'At most 20 at once']);
  assert.equal(shown(2, [], [false]).lines, [], 'nothing under the count');
});

test.run();

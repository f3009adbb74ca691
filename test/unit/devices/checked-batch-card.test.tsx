import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { CheckedBatchCard } from '../../../src/devices/checked-batch-card.tsx';

const words = { none: 'None can go', edit: 'Edit', confirm: 'Send them' };

function mount(accepted: number, busy = false) {
  const root = document.createElement('div');
  document.body.append(root);
  const taps: string[] = [];
  act(() =>
    render(
      <CheckedBatchCard prefix="probe" heading="What will happen" accepted={accepted} busy={busy} words={words} confirmTestId="probe-confirm"
        onEdit={() => taps.push('edit')} onConfirm={() => taps.push('confirm')}>
        <ul><li>Phone 1</li></ul>
      </CheckedBatchCard>,
      root,
    ),
  );
  const confirm = root.querySelector<HTMLButtonElement>('[data-testid="probe-confirm"]')!;
  return { root, taps, confirm, unmount: () => (act(() => render(null, root)), root.remove()) };
}

test('the heading names the card and takes the focus; rows, Edit and the confirm button follow', () => {
  const card = mount(2);
  const heading = card.root.querySelector('h2')!;
  assert.is(card.root.querySelector('section')!.getAttribute('aria-labelledby'), 'probe-check-title');
  assert.is(heading.id, 'probe-check-title');
  assert.is(document.activeElement, heading, 'the pressed button went away: focus is on what the step shows');
  assert.is(card.root.querySelector('li')?.textContent, 'Phone 1');
  assert.is(card.root.querySelector('[role="alert"]'), null, 'no warning while some are accepted');
  assert.not.ok(card.confirm.disabled);
  card.confirm.click();
  card.root.querySelector<HTMLButtonElement>('[data-testid="probe-edit"]')!.click();
  assert.equal(card.taps, ['confirm', 'edit']);
  card.unmount();
});

test('none accepted: the warning shows and nothing can be confirmed; busy holds the button too', () => {
  const none = mount(0);
  assert.is(none.root.querySelector('[role="alert"]')?.textContent, 'None can go');
  assert.ok(none.confirm.disabled);
  none.unmount();
  const busy = mount(2, true);
  assert.ok(busy.confirm.disabled);
  busy.unmount();
});

test.run();

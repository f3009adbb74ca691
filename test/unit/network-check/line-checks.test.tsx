import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { useLineChecks } from '../../../src/network-check/state.ts';
import type { LineSocket } from '../../../src/network-check/measure.ts';
import type { LineNumber } from '../../../shared/contract/line-check-words.ts';

// The page's run of both lines: leaving the page, or testing again, stops the running measurement, whose socket
// closes at once instead of living on through its pings and download.

/** A socket that opens and never answers: only an abort (or the long timeouts) ends a measurement over it. */
function silentSocket() {
  const closers: Array<(code: number, reason: string) => void> = [];
  const state = { closed: false, sent: 0 };
  const socket: LineSocket = {
    opened: Promise.resolve(),
    send: () => void state.sent++,
    onMessage: () => {},
    onClose: (listener) => void closers.push(listener),
    close() {
      if (state.closed) return;
      state.closed = true;
      closers.forEach((close) => close(1000, ''));
    },
  };
  return { socket, state };
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

test('leaving the page and testing again close the running line socket', async () => {
  const opened: Array<{ line: LineNumber; state: { closed: boolean; sent: number } }> = [];
  const open = (line: LineNumber) => {
    const fake = silentSocket();
    opened.push({ line, state: fake.state });
    return fake.socket;
  };
  let again: () => Promise<void> = async () => {};
  function Page() {
    const { run } = useLineChecks(open);
    again = run;
    return null;
  }
  const root = document.createElement('div');
  await act(() => render(<Page />, root));
  await tick();
  assert.is(opened.length, 1);
  assert.ok(opened[0]!.state.sent > 0, 'line 1 is being measured');
  assert.not.ok(opened[0]!.state.closed);

  void again();
  await tick();
  assert.ok(opened[0]!.state.closed, 'test again closed the socket of the first run');
  assert.is(opened.length, 2, 'and measures line 1 afresh');
  assert.is(opened[1]!.line, 1);

  await act(() => render(null, root));
  await tick();
  assert.ok(opened[1]!.state.closed, 'leaving closed the running socket');
  assert.is(opened.length, 2, 'and line 2 was never opened');
});

test.run();

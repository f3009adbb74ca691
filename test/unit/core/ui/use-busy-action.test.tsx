import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { installDictionary } from '../../../../src/core/i18n/index.ts';
import enUS from '../../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../../src/app/text-parts/signed-in-en-US.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../../../src/core/errors.ts';
import { notices } from '../../../../src/core/ui/notify.ts';
import { useBusyAction } from '../../../../src/core/ui/use-busy-action.ts';
import { errorInto } from '../../../../src/core/ui/error-into.ts';
import { ERRORS_EN_US } from '../../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp));
test.before.each(() => {
  notices.value = [];
});

type Action = ReturnType<typeof useBusyAction>;

/** Mounts the hook; `action()` is its newest state (busy changes with each render). */
function mount() {
  let latest: Action | undefined;
  const root = document.createElement('div');
  function Probe() {
    latest = useBusyAction();
    return null;
  }
  act(() => render(<Probe />, root));
  return { action: () => latest!, unmount: () => act(() => render(null, root)) };
}

/** A call that ends when the test says so. */
function pending() {
  let finish!: () => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const refused = new ApiError(ErrorCode.TOO_MANY_REQUESTS, 'slow down');

/** Starts a run of a call that ends when `end` is told, checks the flag is up, ends it, and lets the run finish. */
async function runUntil(probe: ReturnType<typeof mount>, end: (call: ReturnType<typeof pending>) => void) {
  const call = pending();
  let running: Promise<void> | undefined;
  act(() => {
    running = probe.action().run(() => call.promise);
  });
  assert.ok(probe.action().busy, 'busy while the call runs');
  await act(async () => {
    end(call);
    await running;
  });
}

test('busy while the call runs, not after it succeeds', async () => {
  const probe = mount();
  await runUntil(probe, (call) => call.finish());
  assert.not.ok(probe.action().busy);
  assert.equal(notices.value, [], 'nothing to say after a success');
  probe.unmount();
});

test('a failed call lowers the flag and says why in a notice, unless the page routes it elsewhere', async () => {
  const probe = mount();
  await runUntil(probe, (call) => call.fail(refused));
  assert.not.ok(probe.action().busy);
  assert.equal(notices.value.map((notice) => [notice.kind, notice.text]), [['error', describeError(refused)]]);

  const shown: string[] = [];
  await act(() => probe.action().run(() => Promise.reject(refused), errorInto((text) => shown.push(text))));
  assert.equal(shown, [describeError(refused)], 'the text goes where the page puts it');
  assert.is(notices.value.length, 1, 'and no second notice');
  assert.not.ok(probe.action().busy);
  probe.unmount();
});

test('a second run while one is under way is dropped, even before the next render', async () => {
  const probe = mount();
  const call = pending();
  let calls = 0;
  let first: Promise<void> | undefined;
  act(() => {
    const { run } = probe.action();
    first = run(() => (calls++, call.promise));
    // The same render's run, as a double tap would use it.
    void run(async () => void calls++);
  });
  assert.is(calls, 1);
  await act(() => probe.action().run(async () => void calls++));
  assert.is(calls, 1, 'still refused after the render');
  await act(async () => {
    call.finish();
    await first;
  });
  await act(() => probe.action().run(async () => void calls++));
  assert.is(calls, 2, 'taken again once the first ended');
  probe.unmount();
});

test('the hook\'s own route serves every run that names none', async () => {
  const seen: unknown[] = [];
  let latest: ReturnType<typeof useBusyAction> | undefined;
  const root = document.createElement('div');
  function Probe() {
    latest = useBusyAction((error) => seen.push(error));
    return null;
  }
  act(() => render(<Probe />, root));
  await act(() => latest!.run(() => Promise.reject(refused)));
  assert.equal(seen, [refused]);
  assert.equal(notices.value, [], 'no notice: the page said where its errors go');
  act(() => render(null, root));
});

test.run();

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { settle as settleDom } from '../dom.ts';
import { useLoad, type Loaded, type LoadOptions } from '../../../src/core/ui/use-load.ts';

/** Runs pending effects (preact defers them to the next frame) and lets replies land. */
const settle = () => act(settleDom);

/** A promise the test settles by hand, to control which answer lands first. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Mounts a probe that records every state the hook hands out; `latest()` is the current one. */
function mount<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[], options?: LoadOptions) {
  const seen: Loaded<T>[] = [];
  const root = document.createElement('div');
  function Probe({ deps }: { deps: unknown[] }) {
    seen.push(useLoad(load, deps, options));
    return null;
  }
  act(() => render(<Probe deps={deps} />, root));
  return {
    seen,
    latest: () => seen[seen.length - 1]!,
    rerender: (next: unknown[]) => act(() => render(<Probe deps={next} />, root)),
    unmount: () => act(() => render(null, root)),
  };
}

test('the answer arrives: loading, then the data', async () => {
  const answer = deferred<string[]>();
  const probe = mount(() => answer.promise, []);
  await settle();
  assert.equal({ data: probe.latest().data, loading: probe.latest().loading, error: probe.latest().error }, { data: undefined, loading: true, error: null });
  answer.resolve(['a', 'b']);
  await settle();
  assert.equal(probe.latest().data, ['a', 'b']);
  assert.is(probe.latest().loading, false);
  assert.is(probe.latest().error, null);
  probe.unmount();
});

test('a failure is kept as thrown; retry runs the load again and its answer replaces the error', async () => {
  const failure = new Error('offline');
  let calls = 0;
  const probe = mount(() => (++calls === 1 ? Promise.reject(failure) : Promise.resolve(42)), []);
  await settle();
  assert.is(probe.latest().error, failure);
  assert.is(probe.latest().data, undefined);
  assert.is(probe.latest().loading, false);
  act(() => probe.latest().retry());
  await settle();
  assert.is(calls, 2);
  assert.is(probe.latest().data, 42);
  assert.is(probe.latest().error, null);
  probe.unmount();
});

test('an answer that lands after unmount sets nothing, and the load is told it was abandoned', async () => {
  const answer = deferred<number>();
  let signal: AbortSignal | undefined;
  const probe = mount((given) => {
    signal = given;
    return answer.promise;
  }, []);
  await settle();
  const renders = probe.seen.length;
  probe.unmount();
  assert.ok(signal?.aborted);
  answer.resolve(7);
  await settle();
  assert.is(probe.seen.length, renders, 'no render after unmount');
});

test('a deps change makes the earlier, slower answer ignored', async () => {
  const answers = new Map([['unused', deferred<string>()], ['used', deferred<string>()]]);
  let current = 'unused';
  const probe = mount(() => answers.get(current)!.promise, ['unused']);
  await settle();
  current = 'used';
  probe.rerender(['used']);
  await settle();
  answers.get('used')!.resolve('used list');
  await settle();
  assert.is(probe.latest().data, 'used list');
  answers.get('unused')!.resolve('unused list');
  await settle();
  assert.is(probe.latest().data, 'used list', 'the older reply does not overwrite the newer one');
  assert.is(probe.latest().loading, false);
  probe.unmount();
});

test('a new run starts from nothing, unless asked to keep the last answer', async () => {
  let count = 0;
  const slow = deferred<number>();
  const fresh = mount(() => (++count === 1 ? Promise.resolve(1) : slow.promise), [1]);
  await settle();
  act(() => fresh.latest().retry());
  await settle();
  assert.is(fresh.latest().data, undefined);
  assert.is(fresh.latest().loading, true);
  fresh.unmount();

  count = 0;
  const kept = mount(() => (++count === 1 ? Promise.resolve(1) : slow.promise), [1], { keep: true });
  await settle();
  act(() => kept.latest().retry());
  await settle();
  assert.is(kept.latest().data, 1);
  assert.is(kept.latest().loading, true);
  slow.reject(new Error('gone'));
  await settle();
  assert.is(kept.latest().data, 1, 'a failed refresh keeps the last list');
  assert.instance(kept.latest().error, Error);
  kept.unmount();
});

test.run();

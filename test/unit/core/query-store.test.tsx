import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { settle as settleDom } from '../dom.ts';
import {
  clearQueries,
  ensureQuery,
  fetchQuery,
  invalidateQueries,
  queryState,
  removeQueries,
  setQueryData,
  type Fetcher,
  type QueryKey,
} from '../../../src/core/store/query-store.ts';
import { useQuery, type QueryOptions, type QueryView } from '../../../src/core/store/use-query.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';

/** Runs pending effects (preact defers them to the next frame) and lets replies land. */
const settle = () => act(settleDom);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A fetcher whose answers the test gives by hand, one per call, counting the calls. */
function manual<T>() {
  const calls: Array<ReturnType<typeof deferred<T>> & { signal: AbortSignal; progress: (partial: T) => boolean }> = [];
  const fetcher: Fetcher<T> = (progress, signal) => {
    const call = { ...deferred<T>(), signal, progress };
    calls.push(call);
    return call.promise;
  };
  return { fetcher, calls };
}

function mount<T>(key: QueryKey | null, fetcher: Fetcher<T>, options?: QueryOptions) {
  const seen: QueryView<T>[] = [];
  const root = document.createElement('div');
  function Probe({ queryKey }: { queryKey: QueryKey | null }) {
    seen.push(useQuery(queryKey, fetcher, options));
    return null;
  }
  act(() => render(<Probe queryKey={key} />, root));
  return {
    latest: () => seen[seen.length - 1]!,
    rerender: (next: QueryKey | null) => act(() => render(<Probe queryKey={next} />, root)),
    unmount: () => act(() => render(null, root)),
  };
}

test('one request per key while it is on its way; every caller gets its answer', async () => {
  const { fetcher, calls } = manual<string>();
  const first = fetchQuery(['t1'], fetcher);
  const second = fetchQuery(['t1'], fetcher);
  assert.is(calls.length, 1);
  assert.is(queryState(['t1']).value.loading, true);
  calls[0]!.resolve('a');
  assert.equal(await Promise.all([first, second]), ['a', 'a']);
  assert.equal(queryState(['t1']).value, { data: 'a', error: null, loading: false });
  // A fresh answer is given without asking; an invalidated one is asked again.
  assert.is(await ensureQuery(['t1'], fetcher), 'a');
  assert.is(calls.length, 1);
  invalidateQueries(['t1']);
  const again = ensureQuery(['t1'], fetcher);
  assert.is(calls.length, 2);
  calls[1]!.resolve('b');
  assert.is(await again, 'b');
});

test('an answer that was on its way when its key was invalidated never lands; shown keys are asked again', async () => {
  const { fetcher, calls } = manual<number>();
  const probe = mount(['t2', 1], fetcher);
  await settle();
  assert.is(calls.length, 1);
  calls[0]!.resolve(1);
  await settle();
  assert.is(probe.latest().data, 1);
  // A mutation changed the data while a refresh was on its way.
  probe.latest().refetch();
  assert.is(calls.length, 2);
  invalidateQueries(['t2']);
  assert.is(calls.length, 3, 'the shown key is asked again at once');
  assert.ok(calls[1]!.signal.aborted, 'the stale request is told to stop');
  calls[1]!.resolve(99);
  await settle();
  assert.is(probe.latest().data, 1, 'the old answer stays on screen, the stale one does not land');
  calls[2]!.resolve(2);
  await settle();
  assert.is(probe.latest().data, 2);
  probe.unmount();
});

test('a page that comes back shows the kept answer at once and asks again behind it', async () => {
  const { fetcher, calls } = manual<string>();
  const first = mount(['t3'], fetcher);
  await settle();
  calls[0]!.resolve('kept');
  await settle();
  first.unmount();
  const back = mount(['t3'], fetcher);
  assert.is(back.latest().data, 'kept');
  await settle();
  assert.is(calls.length, 2);
  assert.is(back.latest().loading, true);
  calls[1]!.resolve('fresh');
  await settle();
  assert.equal([back.latest().data, back.latest().loading], ['fresh', false]);
  back.unmount();
  // `cached` shows it without asking again.
  const cached = mount(['t3'], fetcher, { cached: true });
  await settle();
  assert.is(calls.length, 2);
  assert.is(cached.latest().data, 'fresh');
  cached.unmount();
});

test('another key shows its own answer, or the last one with keepPrevious; a late answer of the old key stays in it', async () => {
  const { fetcher, calls } = manual<string>();
  const probe = mount(['t4', 'zh'], fetcher, { keepPrevious: true });
  await settle();
  calls[0]!.resolve('你好');
  await settle();
  probe.rerender(['t4', 'en']);
  await settle();
  assert.equal([probe.latest().data, probe.latest().loading], ['你好', true]);
  calls[1]!.resolve('hello');
  await settle();
  assert.is(probe.latest().data, 'hello');
  probe.rerender(null);
  assert.is(probe.latest().loading, false);
  probe.unmount();
});

test('the last page leaving aborts a polling request; the session ending drops every answer and every late one', async () => {
  const { fetcher, calls } = manual<string>();
  const probe = mount(['t5'], fetcher);
  await settle();
  probe.unmount();
  assert.ok(calls[0]!.signal.aborted);
  // The next visit asks anew rather than joining the request told to stop (which may end without an answer).
  const again = mount(['t5'], fetcher);
  await settle();
  assert.is(calls.length, 2);
  calls[0]!.resolve('stopped');
  calls[1]!.resolve('fresh');
  await settle();
  assert.is(again.latest().data, 'fresh');
  again.unmount();
  const late = fetchQuery(['t6'], fetcher);
  sessionCleared();
  assert.ok(calls[2]!.signal.aborted);
  assert.is(calls[2]!.progress('partial'), false, 'a fetcher of the session before is told to stop');
  calls[2]!.resolve('old account');
  await late;
  assert.equal(queryState(['t6']).value, { data: undefined, error: null, loading: false });
  setQueryData<number>(['t7'], () => 1);
  clearQueries();
  assert.is(queryState(['t7']).value.data, undefined);
});

test('a failure is kept beside the last answer; progress writes only for the newest request; remove empties a key', async () => {
  const { fetcher, calls } = manual<string>();
  const first = fetchQuery(['t8'], fetcher);
  calls[0]!.resolve('one');
  await first;
  const failing = fetchQuery(['t8'], fetcher).catch((error) => error);
  assert.is(calls[0]!.progress('x'), false);
  assert.is(calls[1]!.progress('part'), true);
  assert.equal(queryState(['t8']).value, { data: 'part', error: null, loading: true });
  calls[1]!.reject(new Error('down'));
  assert.is(((await failing) as Error).message, 'down');
  assert.is((queryState(['t8']).value.error as Error).message, 'down');
  assert.is(queryState(['t8']).value.data, 'part');
  removeQueries(['t8']);
  assert.equal(queryState(['t8']).value, { data: undefined, error: null, loading: false });
});

test.run();

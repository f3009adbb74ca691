/**
 * Loading on mount: runs `load` when the component mounts and again when `deps` change or `retry` is called,
 * and keeps only the answer of the newest run. An answer that lands after unmount, or after a newer run began
 * (the user switched tab while a slower reply was on its way), is dropped, so it can never overwrite the
 * newer one. `load` receives an AbortSignal that fires at that moment, so work it does after an await (a
 * cache write, a navigation) can be skipped too.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The newest answer; undefined until it arrives (and, unless `keep`, again while a new run is under way). */
  data: T | undefined;
  loading: boolean;
  /** The newest run's failure as thrown (pages show `describeError(error)`), or null. */
  error: unknown;
  /** Runs the load again with the same deps. */
  retry: () => void;
}

export interface LoadOptions {
  /**
   * Keep the previous answer (and failure) on screen while a new run is under way, instead of starting
   * from nothing: for a list refreshed after a change, which should not blink to "loading".
   */
  keep?: boolean;
}

interface State<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
}

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], options: LoadOptions = {}): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const run = new AbortController();
    setState((old) => {
      if (options.keep) return old.loading ? old : { ...old, loading: true };
      // The first run already starts from this state: no extra render for it.
      return old.loading && old.data === undefined && old.error === null ? old : { data: undefined, loading: true, error: null };
    });
    load(run.signal).then(
      (data) => {
        if (!run.signal.aborted) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        if (!run.signal.aborted) setState((old) => ({ data: options.keep ? old.data : undefined, loading: false, error }));
      },
    );
    return () => run.abort();
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}

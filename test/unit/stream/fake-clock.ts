/**
 * A hand-made fake clock for the stream tests (uvu has none): while installed, the global setTimeout, clearTimeout,
 * setInterval and clearInterval queue callbacks that only run when the test calls tick(). `now` is the same clock,
 * for the modules' `now` dependency. Always restore() (test.after.each), or later tests get a frozen clock.
 */
interface Task {
  id: number;
  at: number;
  every: number | null;
  run: () => void;
}

/** The real timer, captured before any clock is installed: flush() must keep working under a fake clock. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Lets pending promise callbacks (and anything they chain) run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** The promise's outcome, or a failure if it has not settled within `ms` of real time (instead of a hung run). */
export function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => realClearTimeout(timer));
}

/** What a promise has come to so far, as a plain record a test can look at without awaiting forever. */
export interface Watched<T> {
  settled: boolean;
  value?: T;
  error?: unknown;
}

/** Follows a promise into a Watched record (filled in once it settles; flush() to let that happen). */
export function watch<T>(promise: Promise<T>): Watched<T> {
  const state: Watched<T> = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

export interface FakeClock {
  now(): number;
  /** Advances time by `ms`, running every timer that falls due, in order (an interval as often as it is due). */
  tick(ms: number): void;
  /** Delays (from now) of the timeouts still waiting, in the order they were set; intervals are left out. */
  pendingTimeouts(): number[];
  /** How many timers (timeouts and intervals) are waiting. */
  pendingCount(): number;
  restore(): void;
}

export function installClock(start = 10_000): FakeClock {
  const saved = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  };
  let time = start;
  let nextId = 1;
  const tasks = new Map<number, Task>();
  const schedule = (run: () => void, ms: number | undefined, repeat: boolean): number => {
    const delay = Math.max(0, Number(ms) || 0);
    const id = nextId++;
    tasks.set(id, { id, at: time + delay, every: repeat ? Math.max(1, delay) : null, run });
    return id;
  };
  const cancel = (id: unknown) => void tasks.delete(id as number);
  globalThis.setTimeout = ((run: () => void, ms?: number) => schedule(run, ms, false)) as unknown as typeof setTimeout;
  globalThis.setInterval = ((run: () => void, ms?: number) => schedule(run, ms, true)) as unknown as typeof setInterval;
  globalThis.clearTimeout = cancel as typeof clearTimeout;
  globalThis.clearInterval = cancel as typeof clearInterval;
  return {
    now: () => time,
    tick(ms) {
      const end = time + ms;
      for (;;) {
        let due: Task | undefined;
        for (const task of tasks.values()) if (task.at <= end && (!due || task.at < due.at)) due = task;
        if (!due) break;
        time = due.at;
        if (due.every === null) tasks.delete(due.id);
        else due.at += due.every;
        due.run();
      }
      time = end;
    },
    pendingTimeouts: () => [...tasks.values()].filter((task) => task.every === null).map((task) => task.at - time),
    pendingCount: () => tasks.size,
    restore() {
      Object.assign(globalThis, saved);
    },
  };
}

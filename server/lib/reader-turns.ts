// Whose package is read next (server/API.md "Files"). A reader is scarce (a worker thread, its heap and up to its
// time limit of processor), so reads take turns: at most `readersAtOnce` run, each user has at most one read waiting
// for a reader or running, and a user's next read waits in that user's own line until its previous one has settled,
// then goes to the back of the turns. One account sending many packages therefore takes one reader at most, and
// every other user's package gets its turn after at most one of that account's.
// What waits is bounded: past `maxWaiting` packages in all, or `maxWaitingPerUser` of one user's (so that one account
// cannot fill the whole queue and turn everyone else away), a package is refused at once. A package is also refused
// when it has not started by its start-by time (its deadline less its own time limit), so each is settled within its
// deadline of being queued whatever the queue did meanwhile.

export interface TurnLimits {
  readersAtOnce: number;
  maxWaiting: number;
  maxWaitingPerUser: number;
}

/** A package not read because the readers are busy: the queue was full, or its turn did not come in time. */
export class ReaderBusy extends Error {
  override name = 'ReaderBusy';
}

interface Job {
  start: () => void;
  refuse: (error: ReaderBusy) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** One user's reads: the one running, if any, and the ones waiting, oldest first. */
interface Line {
  user: number;
  running: boolean;
  jobs: Job[];
}

export class ReaderTurns {
  readonly #limits: TurnLimits;
  #running = 0;
  #waiting = 0;
  /** Lines whose first job waits for a reader, in the order their turn came; never more than one per user. */
  #turns: Line[] = [];
  /** Each user with a read running or waiting. */
  #lines = new Map<number, Line>();

  constructor(limits: TurnLimits) {
    this.#limits = limits;
  }

  /** Packages waiting (not running), for the server's log and the tests. */
  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Runs `read` in `user`'s turn; rejects with ReaderBusy at once when the queue is full, or once `startWithinMs` have
   * passed without its turn coming. The turn passes on once `read` has settled.
   */
  run<T>(user: number, startWithinMs: number, read: () => Promise<T>): Promise<T> {
    const line = this.#lines.get(user) ?? { user, running: false, jobs: [] };
    const startsNow = !line.running && line.jobs.length === 0 && this.#running < this.#limits.readersAtOnce;
    if (!startsNow && this.#waiting >= this.#limits.maxWaiting) return Promise.reject(new ReaderBusy(`${this.#waiting} packages wait to be read`));
    if (!startsNow && line.jobs.length >= this.#limits.maxWaitingPerUser) return Promise.reject(new ReaderBusy(`${line.jobs.length} of this user's packages wait to be read`));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        start: () => {
          void Promise.resolve()
            .then(read)
            .then(resolve, reject)
            .finally(() => this.#settled(line));
        },
        refuse: reject,
        timer: setTimeout(() => this.#expire(line, job, startWithinMs), startWithinMs),
      };
      this.#lines.set(user, line);
      line.jobs.push(job);
      this.#waiting++;
      if (!line.running && line.jobs.length === 1) this.#turns.push(line);
      this.#next();
    });
  }

  /** Starts the first job of the lines whose turn it is, while readers are free. */
  #next(): void {
    while (this.#running < this.#limits.readersAtOnce) {
      const line = this.#turns.shift();
      if (!line) return;
      const job = line.jobs.shift()!;
      clearTimeout(job.timer);
      this.#waiting--;
      this.#running++;
      line.running = true;
      job.start();
    }
  }

  #settled(line: Line): void {
    this.#running--;
    line.running = false;
    if (line.jobs.length > 0) this.#turns.push(line);
    else this.#lines.delete(line.user);
    this.#next();
  }

  /** A job whose turn did not come by its start-by time leaves the queue, refused. */
  #expire(line: Line, job: Job, startWithinMs: number): void {
    const at = line.jobs.indexOf(job);
    if (at < 0) return;
    line.jobs.splice(at, 1);
    this.#waiting--;
    // The user's next job, if any, keeps the line's place in the turns.
    if (at === 0 && !line.running && line.jobs.length === 0) {
      this.#turns.splice(this.#turns.indexOf(line), 1);
      this.#lines.delete(line.user);
    }
    job.refuse(new ReaderBusy(`not started within ${startWithinMs} ms of being queued`));
  }
}

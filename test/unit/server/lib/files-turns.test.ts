import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APK_WAITING, READERS_AT_ONCE, readApkManifest } from '../../../../server/lib/apk.ts';
import { ReaderBusy, ReaderTurns, type TurnLimits } from '../../../../server/lib/reader-turns.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { uploadFolder } from '../upload-helpers.ts';

// Whose package is read next (server/API.md "Files"): one read per user at a time, turns going round the users, a
// bound on what waits and a deadline from being queued. The queue is tried with reads the test ends by hand, then the
// server's own reader with real workers.

const folder = uploadFolder();
process.on('exit', () => folder.remove());

/** Every promise callback queued so far has run (the queue passes the turn on a few callbacks after a read ends). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A queue whose reads are named, recorded as they start, and ended by the test. */
function queue(limits: Partial<TurnLimits> = {}) {
  const turns = new ReaderTurns({ readersAtOnce: 1, maxWaiting: 32, maxWaitingPerUser: 8, ...limits });
  const started: string[] = [];
  const ends = new Map<string, (fail?: boolean) => void>();
  const read = (user: number, name: string, startWithinMs = 60_000) =>
    turns.run(user, startWithinMs, () => {
      started.push(name);
      return new Promise<string>((resolve, reject) => ends.set(name, (fail) => (fail ? reject(new Error(name)) : resolve(name))));
    });
  const end = async (name: string, fail = false) => {
    ends.get(name)!(fail);
    await settle();
  };
  return { turns, started, read, end };
}

/** The reason `promise` rejects with; fails the test when it resolves. */
async function refusal(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('resolved, not refused');
}

test("one user's many packages take turns with another user's: the other's starts after at most one of them", async () => {
  const q = queue();
  const first = ['a1', 'a2', 'a3', 'a4'].map((name) => q.read(1, name));
  const other = q.read(2, 'b1');
  await settle();
  assert.equal(q.started, ['a1']);
  await q.end('a1');
  assert.equal(q.started, ['a1', 'b1']);
  await q.end('b1');
  for (const name of ['a2', 'a3', 'a4']) await q.end(name);
  assert.equal(q.started, ['a1', 'b1', 'a2', 'a3', 'a4']);
  assert.equal(await Promise.all([...first, other]), ['a1', 'a2', 'a3', 'a4', 'b1']);
});

test("a user's second read waits for its first even with a reader free, and a read that fails passes the turn on", async () => {
  const q = queue({ readersAtOnce: 2 });
  const reads = [q.read(1, 'a1'), q.read(1, 'a2'), q.read(2, 'b1')];
  const failed = refusal(reads[0]!);
  await settle();
  assert.equal(q.started, ['a1', 'b1']);
  await q.end('a1', true);
  assert.equal(q.started, ['a1', 'b1', 'a2']);
  await q.end('a2');
  await q.end('b1');
  assert.equal((await failed).message, 'a1');
  assert.equal(await Promise.all(reads.slice(1)), ['a2', 'b1']);
});

test('past the cap on what waits, a package is refused at once and the others are read', async () => {
  const q = queue({ maxWaiting: 3 });
  const reads = [1, 2, 3, 4].map((user) => q.read(user, `u${user}`));
  const refused = await refusal(q.read(5, 'u5'));
  assert.ok(refused instanceof ReaderBusy, refused.name);
  assert.match(refused.message, '3 packages wait');
  assert.equal([q.started, q.turns.waiting], [['u1'], 3]);
  for (const user of [1, 2, 3, 4]) await q.end(`u${user}`);
  assert.equal(await Promise.all(reads), ['u1', 'u2', 'u3', 'u4']);
});

test("past a user's own share of what waits, that user's package is refused at once and another user's still waits", async () => {
  const q = queue({ maxWaitingPerUser: 2 });
  const reads = [q.read(1, 'a1'), q.read(1, 'a2'), q.read(1, 'a3')];
  const refused = await refusal(q.read(1, 'a4'));
  assert.ok(refused instanceof ReaderBusy, refused.name);
  reads.push(q.read(2, 'b1'));
  for (const name of ['a1', 'b1', 'a2', 'a3']) await q.end(name);
  assert.equal(q.started, ['a1', 'b1', 'a2', 'a3']);
  assert.equal(await Promise.all(reads), ['a1', 'a2', 'a3', 'b1']);
});

test('a package whose turn has not come by its start-by time is refused as busy and never read; the next goes on', async () => {
  const q = queue();
  const running = q.read(1, 'a1');
  const late = q.read(2, 'b1', 5);
  const next = q.read(3, 'c1');
  const refused = await refusal(late);
  assert.ok(refused instanceof ReaderBusy, refused.name);
  assert.is(refused.message, 'not started within 5 ms of being queued');
  assert.is(q.turns.waiting, 1);
  await q.end('a1');
  await q.end('c1');
  assert.equal(q.started, ['a1', 'c1']);
  assert.equal(await Promise.all([running, next]), ['a1', 'c1']);
});

test("the server's reader: one user's three packages do not hold another user's back", async () => {
  const file = join(folder.dir, 'turns.apk');
  writeFileSync(file, await buildApk({ packageName: 'com.example.turns' }));
  const order: string[] = [];
  const read = (userId: number, name: string) => readApkManifest(file, { userId }).then((manifest) => (order.push(name), manifest));
  const reads = [read(1, 'a1'), read(1, 'a2'), read(1, 'a3'), read(2, 'b1')];
  await Promise.all(reads);
  // Two readers, one per user: the other user's starts beside the first user's first, while that user's next two
  // read one after the other, so it ends before the last of them (in a plain queue it would come last).
  assert.equal(READERS_AT_ONCE, 2);
  assert.ok(order.indexOf('b1') < order.indexOf('a3'), order.join(' '));
});

test("the server's reader: past its cap on what waits, a package is refused at once", async () => {
  const file = join(folder.dir, 'cap.apk');
  writeFileSync(file, await buildApk({ packageName: 'com.example.cap' }));
  // Two read, APK_WAITING wait (two per user, within each user's share); each is ended after 1 ms.
  const users = (READERS_AT_ONCE + APK_WAITING) / 2;
  let settled = 0;
  const queued = Array.from({ length: users * 2 }, (_, at) => readApkManifest(file, { userId: 100 + (at % users), timeLimitMs: 1 }).finally(() => settled++));
  const outcomes = Promise.allSettled(queued);
  const refused = await refusal(readApkManifest(file, { userId: 99 }));
  assert.equal([refused.name, settled], ['ReaderBusy', 0]);
  assert.ok((await outcomes).every((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).name === 'ApkRefused'));
});

test.run();

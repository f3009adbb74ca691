import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCKED_REFUSAL, SharedUploadLocker, UPLOAD_LOCK_MS } from '../../../../server/lib/upload-locks.ts';
import { rejection, seededDatabase } from '../helpers.ts';

// The tus lock of an upload held across instances (lib/upload-locks.ts): one request at a time, whichever instance it
// reaches; a holder is asked to let go, in its own instance directly and in another through an instance event; a
// holder whose instance died lapses.

/** Two instances' lockers on one database, each telling the other when it wants a lock, as the instance events do. */
async function twoInstances() {
  const db = await seededDatabase();
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const asked: string[] = [];
  const lockers: SharedUploadLocker[] = [];
  for (const name of ['a', 'b']) {
    lockers.push(new SharedUploadLocker({
      db,
      now,
      instance: name,
      askRelease: (id) => {
        asked.push(`${name} asks for ${id}`);
        for (const other of lockers) if (other !== lockers[name === 'a' ? 0 : 1]) other.releaseWanted(id);
      },
    }));
  }
  return { db, clock, asked, a: lockers[0]!, b: lockers[1]! };
}

const live = () => new AbortController().signal;

test('a request on another instance has the holder let go, then takes the lock', async () => {
  const { a, b, asked } = await twoInstances();
  const events: string[] = [];
  const first = a.newLock('u1');
  // The holder on A ends its request when asked, as tus does (the request's cancel), and unlocks.
  await first.lock(live(), async () => {
    events.push('a released');
    await first.unlock();
  });
  const second = b.newLock('u1');
  await second.lock(live(), () => {});
  events.push('b locked');
  assert.equal(events, ['a released', 'b locked']);
  assert.equal(asked, ['b asks for u1']);
  await second.unlock();
});

test('two requests of one instance take turns too', async () => {
  const { a } = await twoInstances();
  const first = a.newLock('u2');
  let released = false;
  await first.lock(live(), async () => {
    released = true;
    await first.unlock();
  });
  const second = a.newLock('u2');
  await second.lock(live(), () => {});
  assert.ok(released);
  await second.unlock();
  // Other uploads are not held back by it.
  const other = a.newLock('u3');
  await other.lock(live(), () => assert.unreachable('nobody wants it'));
  await other.unlock();
});

test('a holder that does not let go keeps the lock until the waiting request gives up with 423', async () => {
  const { a, b } = await twoInstances();
  await a.newLock('u4').lock(live(), () => {});
  const giveUp = new AbortController();
  const waiting = rejection(b.newLock('u4').lock(giveUp.signal, () => {}));
  setTimeout(() => giveUp.abort(), 300);
  assert.is(await waiting, LOCKED_REFUSAL);
});

test('the lock of a holder whose instance died lapses and is taken at once', async () => {
  const { db, clock, b } = await twoInstances();
  await db.run('INSERT INTO upload_locks (upload_id, holder, expires_at) VALUES (?, ?, ?)', 'u5', 'dead instance', clock.now + UPLOAD_LOCK_MS);
  const giveUp = new AbortController();
  setTimeout(() => giveUp.abort(), 300);
  assert.is(await rejection(b.newLock('u5').lock(giveUp.signal, () => {})), LOCKED_REFUSAL, 'not yet lapsed');
  clock.now += UPLOAD_LOCK_MS;
  const lock = b.newLock('u5');
  await lock.lock(live(), () => {});
  assert.match(await db.value('SELECT holder FROM upload_locks WHERE upload_id = ?', 'u5') as string, /^b /);
  await lock.unlock();
  assert.is(await db.value('SELECT COUNT(*) FROM upload_locks'), 0);
});

test.run();

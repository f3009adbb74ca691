import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LISTENER_NAME, postgresEvents, type InstanceEvent } from '../../../../server/lib/instance-events.ts';
import { freshPostgres, postgresSkipped } from '../db/postgres-databases.ts';

// Instances on one PostgreSQL database tell one another what their streams must follow (instance-events.ts): each
// hears the others, not itself; a listener whose connection was cut comes back and catches up with a re-check.

const skipped = postgresSkipped();

/** Resolves with the next event `heard` gets, or fails after 5 s. */
function listener() {
  const events: InstanceEvent[] = [];
  const waiting: Array<() => void> = [];
  const heard = (event: InstanceEvent) => {
    events.push(event);
    for (const wake of waiting.splice(0)) wake();
  };
  async function next(count: number): Promise<InstanceEvent[]> {
    for (const deadline = Date.now() + 5000; events.length < count; ) {
      if (Date.now() > deadline) throw new Error(`heard ${events.length} of ${count} events`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return events.slice(0, count);
  }
  return { heard, events, next };
}

test('one instance tells, the others hear it, itself does not; a cut listener comes back and catches up', async () => {
  if (skipped) return console.log(`instance events skipped: ${skipped}`);
  const database = await freshPostgres();
  const errors: string[] = [];
  const a = listener();
  const b = listener();
  const first = await postgresEvents(database.url, a.heard, (line) => errors.push(line));
  const second = await postgresEvents(database.url, b.heard, (line) => errors.push(line));
  try {
    await first.tell({ type: 'appsChanged', userPhoneId: 7, change: { action: 'install', packageName: 'com.example.notes' } });
    await first.tell({ type: 'phoneRestarted', userPhoneId: 7, kind: 'reboot' });
    assert.equal(await b.next(2), [
      { type: 'appsChanged', userPhoneId: 7, change: { action: 'install', packageName: 'com.example.notes' } },
      { type: 'phoneRestarted', userPhoneId: 7, kind: 'reboot' },
    ]);
    await second.tell({ type: 'accessRevoked' });
    assert.equal(await a.next(1), [{ type: 'accessRevoked' }]);
    assert.is(b.events.length, 2, 'an instance does not hear itself');

    // The listeners' connections are cut: each connects again and asks its stream for a re-check.
    const cut = await database.engine.value('SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?', LISTENER_NAME);
    assert.is(cut, 2);
    assert.equal((await b.next(3))[2], { type: 'accessRevoked' });
    assert.equal((await a.next(2))[1], { type: 'accessRevoked' });
    await first.tell({ type: 'phoneRestarted', userPhoneId: 8, kind: 'reset' });
    assert.equal((await b.next(4))[3], { type: 'phoneRestarted', userPhoneId: 8, kind: 'reset' });
    assert.ok(errors.some((line) => line.includes('listener lost')), errors.join('\n'));
  } finally {
    await first.close();
    await second.close();
    await database.close();
  }
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionControl } from '../../../src/stream/session-control.ts';
import type { StreamEvents } from '../../../src/stream/types.ts';

// Who the session is and whether it drives the phone, on its own.

function control() {
  const changes: Array<StreamEvents['control']> = [];
  return { control: createSessionControl((change) => changes.push(change)), changes };
}

test('control: before any hello, and after a hello from a host without roles, the session drives as the owner', () => {
  const { control: made, changes } = control();
  assert.is(made.drives(false), true);
  assert.is(made.isOwner(), true);
  made.hello({});
  assert.equal(changes, [{ role: 'owner', control: true, reason: 'hello' }]);
  assert.is(made.drives(undefined), true);
});

test('control: the hello says who the session is; each change after it is reported with its reason', () => {
  const { control: made, changes } = control();
  made.hello({ role: 'viewer', control: false });
  assert.is(made.drives(false), false);
  assert.is(made.isOwner(), false, 'a viewer does not take control');
  made.changed(true, 'permission');
  assert.is(made.drives(false), true);
  made.changed(false, 'taken');
  assert.equal(changes, [
    { role: 'viewer', control: false, reason: 'hello' },
    { role: 'viewer', control: true, reason: 'permission' },
    { role: 'viewer', control: false, reason: 'taken' },
  ]);
});

test('control: a view-only session never drives, whatever the host says', () => {
  const { control: made } = control();
  made.hello({ role: 'owner', control: true });
  assert.is(made.drives(true), false);
});

test.run();

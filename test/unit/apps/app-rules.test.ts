import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { actionAllowed, appCoverage, idsOf, operationOver } from '../../../src/apps/app-rules.ts';
import type { AppOperation, AppSummary } from '../../../src/apps/api.ts';
import { appOperationStatus } from '../../../shared/contract/app-words.ts';

// The app manager's rules (src/apps/app-rules.ts) and the operation status both sides derive (contract/app-words.ts).

const app = (system: boolean, phones: AppSummary['phones']): AppSummary => ({
  packageName: 'com.example.notes', label: 'Notes', versionName: '1.0', versionCode: 1, system, phones,
});

test('coverage counts the chosen phones that have the app and run it', () => {
  const notes = app(false, [{ userPhoneId: 1, running: true }, { userPhoneId: 3, running: false }, { userPhoneId: 9, running: true }]);
  assert.equal(appCoverage(notes, [1, 2, 3, 4]), { count: 2, total: 4, running: 1 });
  assert.equal(appCoverage(notes, [2]), { count: 0, total: 1, running: 0 });
});

test('system apps start and stop but are not uninstalled; nothing without an app', () => {
  assert.ok(actionAllowed(app(true, []), 'start') && actionAllowed(app(true, []), 'stop'));
  assert.not.ok(actionAllowed(app(true, []), 'uninstall'));
  assert.ok(actionAllowed(app(false, []), 'uninstall'));
  assert.not.ok(actionAllowed(undefined, 'start'));
});

test('an operation is over once no item runs; its status follows its items', () => {
  assert.is(appOperationStatus(['running', 'success']), 'running');
  assert.is(appOperationStatus(['success', 'success']), 'success');
  assert.is(appOperationStatus(['failed', 'success']), 'partial');
  assert.is(appOperationStatus(['failed']), 'failed');
  const operation = { status: 'partial' } as AppOperation;
  assert.ok(operationOver(operation));
  assert.not.ok(operationOver({ status: 'running' } as AppOperation));
});

test('ids of the address: positive integers, repeats dropped, in order', () => {
  assert.equal(idsOf(new URLSearchParams('ids=3,1,x,3,-2,0,2.5,7')), [3, 1, 7]);
  assert.equal(idsOf(new URLSearchParams('')), []);
});

test.run();

import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Phone } from '../../../src/devices/api.ts';
import type { Operation } from '../../../shared/device-types.ts';
import { progressPlan } from '../../../src/devices/polling.ts';
import { applyProgress, phonesById, putPhones } from '../../../src/devices/phone-store.ts';

// The busy poll (src/devices/polling.ts): each running task is asked for through get-progress under its spec task
// type; a phone shown busy before its task is known, and a task that ended, are asked for their status.

function phone(id: number, operation: Operation['type'] | null, status: Phone['businessStatus'] = 'operating'): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: 'Default group', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + 86_400_000, businessStatus: status, root: false, width: 720, height: 1280, dpi: 320,
    operation: operation ? { type: operation, progress: 10, startedAt: 1 } : null,
  };
}

test('busy phones are grouped by the task type get-progress knows them by', () => {
  const plan = progressPlan([
    phone(1, 'reboot'), phone(2, 'displace', 'replacing'), phone(3, 'replace', 'replacing'), phone(4, 'clone'),
    phone(5, 'template'), phone(6, 'upgrade'), phone(7, 'newMachine'), phone(8, 'displace', 'replacing'), phone(9, null),
  ]);
  assert.equal(Object.fromEntries(plan.byTask), {
    reboot: [1], DISPLACE: [2, 8], REPLACE: [3], CLONE: [4], CLONE_TEMPLATE_ING: [5], UPGRADE: [6], newMachine: [7],
  });
  assert.equal(plan.needStatus, [9], 'shown busy, task not known yet');
});

test('running entries move the stored progress on; ended ones leave it for the status call', () => {
  putPhones([phone(11, 'clone'), phone(12, 'clone'), phone(13, null, 'online')]);
  applyProgress([
    { userPhoneId: 11, taskType: 'CLONE', progress: 64, status: 'running' },
    { userPhoneId: 12, taskType: 'CLONE', progress: 100, status: 'done' },
    { userPhoneId: 13, taskType: 'CLONE', progress: 50, status: 'running' },
  ]);
  assert.is(phonesById.value.get(11)!.operation!.progress, 64);
  assert.is(phonesById.value.get(12)!.operation!.progress, 10);
  assert.is(phonesById.value.get(13)!.operation, null, 'no task known: nothing invented');
});

test.run();

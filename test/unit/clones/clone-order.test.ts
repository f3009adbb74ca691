import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CloneOrder } from '../../../src/clones/api.ts';
import { liveOrder } from '../../../src/clones/clone-rules.ts';
import { cloneOrderKey } from '../../../src/clones/state.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';
import { queryData, setQueryData } from '../../../src/core/store/query-store.ts';
import type { Phone } from '../../../src/devices/api.ts';

// A clone order on the clone page: its phones' progress comes from the device store (moved on by the busy poll), a
// phone the store shows no longer busy asks for the order again, and the order goes with the session.

function phone(id: number, operation: { type: 'clone' | 'reboot'; progress: number } | null, status: Phone['businessStatus']): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: 'Default group', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + 86_400_000, businessStatus: status, root: false, width: 720, height: 1280, dpi: 320,
    operation: operation ? { ...operation, startedAt: 1 } : null,
  };
}

const order: CloneOrder = {
  orderNo: 'CL1', templateId: 3, templateName: 'Kit', createdAt: 1,
  items: [1, 2, 3, 4, 5].map((id) => ({ userPhoneId: id, phoneName: `Phone ${id}`, status: id === 5 ? 'done' : 'cloning', progress: id === 5 ? 100 : 0, code: 0 })),
};

test("a phone being cloned takes the store's progress; one no longer busy has ended; unknown ones and done ones stay", () => {
  const byId = new Map([
    [1, phone(1, { type: 'clone', progress: 42 }, 'operating')],
    [2, phone(2, null, 'online')],
    [3, phone(3, null, 'operating')],
    [5, phone(5, null, 'online')],
  ]);
  const live = liveOrder(order, byId);
  assert.equal(live.items.map((item) => [item.status, item.progress]), [['cloning', 42], ['cloning', 0], ['cloning', 0], ['cloning', 0], ['done', 100]]);
  assert.equal(live.ended, [2], 'shown busy before its task is known (3) or not in the store (4): not ended');
});

test('the order lives in the client store and goes with the session', () => {
  setQueryData(cloneOrderKey('CL1'), () => order);
  assert.is(queryData<CloneOrder>(cloneOrderKey('CL1'))?.orderNo, 'CL1');
  sessionCleared();
  assert.is(queryData(cloneOrderKey('CL1')), undefined);
});

test.run();

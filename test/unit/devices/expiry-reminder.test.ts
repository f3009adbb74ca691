import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import { closeDialog, dialogs } from '../../../src/core/ui/dialogs.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';
import type { Phone } from '../../../src/devices/api.ts';
import { remindExpiry } from '../../../src/devices/expiry-reminder.ts';

const HOUR = 3600_000;
const TODAY = '2026-11-22';

function expiring(id: number): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: 'Default group', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + 5 * HOUR, businessStatus: 'online', root: false, width: 720, height: 1280, dpi: 320, operation: null,
  };
}

/** Shows the reminder if due; says whether it opened, and closes it. */
async function reminded(list = [expiring(1)], today = TODAY): Promise<boolean> {
  const shown = remindExpiry(list, today);
  const opened = dialogs.value.length > 0;
  for (const dialog of dialogs.value) closeDialog(dialog.id);
  await shown;
  return opened;
}

/** A locked-down webview: reading localStorage throws. */
function denyStorage(): () => void {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  return () => (own ? Object.defineProperty(globalThis, 'localStorage', own) : delete (globalThis as { localStorage?: Storage }).localStorage);
}

test.before(() => installDictionary('en-US', enUS, enUSApp));
test.before.each(() => {
  sessionCleared();
  localStorage.clear();
  dialogs.value = [];
});

test('with storage denied the reminder shows once for the session, not each time home is shown', async () => {
  const allow = denyStorage();
  try {
    assert.ok(await reminded(), 'due: nothing says it was shown');
    assert.not.ok(await reminded(), 'home shown again the same day');
    assert.not.ok(await reminded(), 'and again');
    assert.ok(await reminded([expiring(1)], '2026-11-23'), 'the next day it is due again');
  } finally {
    allow();
  }
});

test('the day held in memory goes with the session: the next account is reminded', async () => {
  const allow = denyStorage();
  try {
    assert.ok(await reminded());
    sessionCleared();
    assert.ok(await reminded());
  } finally {
    allow();
  }
});

test('with storage the day is stored, and a day stored by an earlier visit counts', async () => {
  assert.ok(await reminded());
  assert.is(localStorage.getItem('lastExpireTipDate'), JSON.stringify(TODAY));
  assert.is(localStorage.getItem('hasExpireReminded'), 'true');
  sessionCleared();
  assert.not.ok(await reminded(), 'stored today by this device');
  localStorage.setItem('lastExpireTipDate', JSON.stringify('2026-11-21'));
  assert.ok(await reminded(), 'stored yesterday');
});

test('nothing expiring soon: no reminder, and nothing written', async () => {
  assert.not.ok(await reminded([{ ...expiring(2), expireTime: Date.now() + 900 * HOUR }]));
  assert.is(localStorage.getItem('lastExpireTipDate'), null);
});

test.run();

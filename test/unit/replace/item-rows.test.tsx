import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import enUSReplace from '../../../src/replace/texts/replace-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { PreviewRows, ProgressRows } from '../../../src/replace/parts/item-rows.tsx';
import type { Phone } from '../../../src/devices/api.ts';
import type { Operation } from '../../../shared/device-types.ts';
import { applyProgress, applyStatuses, phonesById, putPhones } from '../../../src/devices/phone-store.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSReplace));
// The phone store is shared by every test file: it is left empty, as found.
test.after(() => {
  phonesById.value = new Map();
});

// The change-phone page's rows: what the preview says per phone for the chosen type, and each phone's live state.

const preview = (extra: Record<string, unknown>) => ({
  userPhoneId: 1, phoneNo: 'CP1', name: 'One', ok: true, code: 0, msg: '', installedApps: 2, root: true, lastReplacedAt: null, ...extra,
});

test('the preview says what each type does to an allowed phone, and a refusal in its own words', () => {
  const root = document.createElement('div');
  const items = [preview({}), preview({ userPhoneId: 2, name: 'Two', ok: false, code: ErrorCode.REPLACE_TOO_FREQUENT, msg: '' })];
  render(<PreviewRows items={items} type={1} />, root);
  const rows = [...root.querySelectorAll('[data-testid="replace-preview-item"]')].map((row) => row.textContent);
  assert.equal(rows, ['OneCan be replaced2 installed apps will be erasedRoot will be turned off', 'TwoThis phone was replaced too recently']);
  render(<PreviewRows items={items.slice(0, 1)} type={2} />, root);
  assert.is(root.textContent, 'OneCan be replaced2 installed apps will be kept');
  render(null, root);
});

function phone(id: number, status: Phone['businessStatus'], operation: Operation['type'] | null, progress = 0): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: 'Default group', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + 86_400_000, businessStatus: status, root: false, width: 720, height: 1280, dpi: 320,
    operation: operation ? { type: operation, progress, startedAt: 1 } : null,
  };
}

test('progress comes from the phone store: replacing with its share while its task runs, done once it is back; a failed start with its reason', () => {
  const root = document.createElement('div');
  const item = (id: number, success: boolean, code = 0) => ({ userPhoneId: id, phoneNo: `CP${id}`, name: '', success, code, msg: '', taskType: 'REPLACE' as const });
  const items = [item(1, true), item(2, true), item(3, false, ErrorCode.REPLACE_FAILED)];
  putPhones([phone(1, 'replacing', 'replace', 40), phone(2, 'online', null), phone(3, 'online', null)]);
  render(<ProgressRows items={items} />, root);
  const rows = () => [...root.querySelectorAll('[data-testid="replace-result-item"]')];
  assert.equal(rows().map((row) => row.getAttribute('data-state')), ['replacing', 'done', 'failed']);
  assert.match(rows()[0]!.textContent!, 'Replacing 40%');
  assert.is(rows()[0]!.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'), '40');
  assert.match(rows()[2]!.textContent!, 'Replacement failed');
  assert.is(rows()[2]!.querySelector('[role="progressbar"]'), null);

  // The shared poll moves the store on: the row follows, then shows done once the status says the phone is back.
  applyProgress([{ userPhoneId: 1, taskType: 'REPLACE', progress: 75, status: 'running' }]);
  render(<ProgressRows items={items} />, root);
  assert.match(rows()[0]!.textContent!, 'Replacing 75%');
  applyStatuses([{ userPhoneId: 1, businessStatus: 'online', operation: null }]);
  render(<ProgressRows items={items} />, root);
  assert.is(rows()[0]!.getAttribute('data-state'), 'done');
  assert.match(rows()[0]!.textContent!, 'Done');

  // Not read yet, or shown busy before its task is known: a started phone is replacing at 0%.
  render(<ProgressRows items={[item(4, true)]} />, root);
  assert.match(root.textContent!, 'Replacing 0%');
  putPhones([phone(4, 'operating', null)]);
  render(<ProgressRows items={[item(4, true)]} />, root);
  assert.match(root.textContent!, 'Replacing 0%');
  // Busy with another task than a replacement: the replacement itself is over.
  putPhones([phone(4, 'operating', 'reboot', 30)]);
  render(<ProgressRows items={[item(4, true)]} />, root);
  assert.is(rows()[0]!.getAttribute('data-state'), 'done');
  render(null, root);
});

test.run();

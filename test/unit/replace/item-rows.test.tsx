import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/core/i18n/en-US.ts';
import enUSApp from '../../../src/core/i18n/en-US-app.ts';
import enUSReplace from '../../../src/replace/texts/replace-en-US.ts';
import { ErrorCode } from '../../../src/core/error-codes.ts';
import { PreviewRows, ProgressRows } from '../../../src/replace/parts/item-rows.tsx';
import { ERRORS_EN_US } from '../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSReplace));

// The change-phone page's rows: what the preview says per phone for the chosen type, and each phone's live state.

const preview = (extra: Record<string, unknown>) => ({
  userPhoneId: 1, phoneNo: 'CP1', name: 'One', ok: true, code: 0, msg: '', installedApps: 2, root: true, lastReplacedAt: null, ...extra,
});

test('the preview says what each type does to an allowed phone, and a refusal in its own words', () => {
  const root = document.createElement('div');
  const items = [preview({}), preview({ userPhoneId: 2, name: 'Two', ok: false, code: ErrorCode.REPLACE_TOO_FREQUENT, msg: '' })];
  render(<PreviewRows items={items} type={1} />, root);
  const rows = [...root.querySelectorAll('[data-testid="replace-preview-item"]')].map((row) => row.textContent);
  assert.equal(rows, ['OneCan be replaced2 installed app(s) will be erasedRoot will be turned off', 'TwoThis phone was replaced too recently']);
  render(<PreviewRows items={items.slice(0, 1)} type={2} />, root);
  assert.is(root.textContent, 'OneCan be replaced2 installed app(s) will be kept');
  render(null, root);
});

test('progress: replacing with its share until get-progress says done; a failed start with its reason', () => {
  const root = document.createElement('div');
  const item = (id: number, success: boolean, code = 0) => ({ userPhoneId: id, phoneNo: `CP${id}`, name: '', success, code, msg: '', taskType: 'REPLACE' as const });
  const items = [item(1, true), item(2, true), item(3, false, ErrorCode.REPLACE_FAILED)];
  render(<ProgressRows items={items} progress={[{ userPhoneId: 1, taskType: 'REPLACE', progress: 40, status: 'running' }, { userPhoneId: 2, taskType: 'REPLACE', progress: 100, status: 'done' }]} />, root);
  const rows = [...root.querySelectorAll('[data-testid="replace-result-item"]')];
  assert.equal(rows.map((row) => row.getAttribute('data-state')), ['replacing', 'done', 'failed']);
  assert.match(rows[0]!.textContent!, 'Replacing 40%');
  assert.is(rows[0]!.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'), '40');
  assert.match(rows[2]!.textContent!, 'Replacement failed');
  assert.is(rows[2]!.querySelector('[role="progressbar"]'), null);
  // Before the first answer a started phone is replacing at 0%.
  render(<ProgressRows items={items.slice(0, 1)} progress={[]} />, root);
  assert.match(root.textContent!, 'Replacing 0%');
  render(null, root);
});

test.run();

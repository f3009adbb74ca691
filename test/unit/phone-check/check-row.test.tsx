import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import enUSCheck from '../../../src/phone-check/texts/phone-check-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { CheckRow } from '../../../src/phone-check/parts/check-row.tsx';
import type { PhoneCheckItem } from '../../../src/phone-check/api.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSCheck));

// One check's row: its result in words, its figure or problem, and its fix only where it can be offered.

const GB = 1024 ** 3;
const item = (extra: Partial<PhoneCheckItem>): PhoneCheckItem => ({ name: 'reachable', result: 'ok', fix: null, code: 0, msg: '', value: null, limit: null, ...extra });

function rowOf(entry: PhoneCheckItem, canFix = true) {
  const root = document.createElement('div');
  const fixes: string[] = [];
  render(<ul><CheckRow item={entry} canFix={() => canFix} onFix={(fix) => fixes.push(fix)} busy={false} /></ul>, root);
  return { root, fixes, text: root.querySelector('[data-testid="check-row"]')!.textContent };
}

test('a problem says what is wrong in the catalogue\'s words and offers its fix', () => {
  const { root, fixes, text } = rowOf(item({ result: 'problem', fix: 'reboot', code: ErrorCode.DEVICE_OFFLINE }));
  assert.is(text, '✕ConnectionProblemThe device is offlineReboot');
  (root.querySelector('[data-testid="check-fix-reboot"]') as HTMLButtonElement).click();
  assert.equal(fixes, ['reboot']);
  assert.is(rowOf(item({ result: 'problem', fix: 'renew', code: ErrorCode.DEVICE_EXPIRED }), false).root.querySelector('button'), null, 'no fix where its page is off');
});

test('figures: storage used of its total, latency in ms, time left; skipped says so', () => {
  assert.is(rowOf(item({ name: 'storage', value: 12.4 * GB, limit: 64 * GB })).text, '✓StorageOK12.4 GB used of 64.0 GB');
  assert.is(rowOf(item({ name: 'latency', value: 3.2 })).text, '✓Network latencyOK3.2 ms');
  assert.is(rowOf(item({ name: 'time', result: 'warning', fix: 'renew', value: 5 * 3600_000 })).text, '!Time leftAttention5h 0m leftExpiring soon: renew in timeRenew');
  assert.is(rowOf(item({ name: 'memory', result: 'skipped' })).text, '–MemoryNot checkedCannot be checked now');
});

test.run();

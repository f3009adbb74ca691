import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import enUSShop from '../../../src/shop/texts/shop-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { CodeRows, outcomes } from '../../../src/shop/parts/codes/code-rows.tsx';
import { ERRORS_EN_US } from '../error-texts.ts';

installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSShop);

// Activation results: the spec §4 status of each code, and the narrower spec §8 reason when the server gives one.

test('outcomes keep the order sent, count an unanswered code as failed, and carry the narrower reason', () => {
  const result = outcomes(
    ['AAAABBBBCCCC', 'RENSTD000001', 'BOUNDSTD0001', 'NEWSTD000009'],
    [
      { code: 'BOUNDSTD0001', status: 'specMismatch', errorCode: ErrorCode.ACTIVATION_NOT_BOUND, msg: 'The activation code is not bound to a cloud phone you selected' },
      { code: 'RENSTD000001', status: 'specMismatch', errorCode: ErrorCode.ACTIVATION_RENEWAL_ONLY, msg: 'This activation code supports renewal only' },
      { code: 'AAAABBBBCCCC', status: 'activated', userPhoneId: 7 },
    ],
  );
  assert.equal(result, [
    { status: 'activated' },
    { status: 'specMismatch', detail: { code: ErrorCode.ACTIVATION_RENEWAL_ONLY, msg: 'This activation code supports renewal only' } },
    { status: 'specMismatch', detail: { code: ErrorCode.ACTIVATION_NOT_BOUND, msg: 'The activation code is not bound to a cloud phone you selected' } },
    { status: 'failed' },
  ]);
});

test('a row shows the narrower reason in the catalogue\'s words, else its status', () => {
  const root = document.createElement('div');
  const rows = [
    { code: 'RENSTD000001', valid: true, status: 'specMismatch' as const, detail: { code: ErrorCode.ACTIVATION_RENEWAL_ONLY, msg: '' } },
    { code: 'NEWSTD000001', valid: true, status: 'specMismatch' as const, detail: { code: ErrorCode.ACTIVATION_PURCHASE_ONLY, msg: '' } },
    { code: 'NEWPRO000001', valid: true, status: 'specMismatch' as const },
  ];
  act(() => render(<CodeRows rows={rows} />, root));
  const texts = [...root.querySelectorAll('[data-testid="code-status"]')].map((node) => node.textContent);
  assert.equal(texts, ['This activation code supports renewal only', 'This activation code supports purchase only', 'Specification mismatch']);
  act(() => render(null, root));
});

test.run();

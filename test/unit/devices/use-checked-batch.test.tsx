import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { installDictionary, t } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError } from '../../../src/core/errors.ts';
import { closeDialog, dialogs } from '../../../src/core/ui/dialogs.ts';
import { useCheckedBatch, type CheckedPhone } from '../../../src/devices/use-checked-batch.ts';
import { settle } from '../dom.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp));
test.after.each(() => {
  for (const dialog of dialogs.value) closeDialog(dialog.id);
});

interface Check {
  items: CheckedPhone[];
}
type Batch = ReturnType<typeof useCheckedBatch<Check, string>>;

const item = (userPhoneId: number, ok: boolean): CheckedPhone => ({ userPhoneId, ok });

/** Mounts the hook over a server that answers the check with `answer` (or refuses it) and records what is sent. */
function mount(answer: Check | Error, refuseSubmit?: Error) {
  let latest: Batch | undefined;
  const sent: number[][] = [];
  const errors: unknown[] = [];
  const root = document.createElement('div');
  function Probe() {
    latest = useCheckedBatch<Check, string>({
      check: () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
      confirmWords: (_check, count) => ({ title: 'Sure?', message: `${count} phone(s) go`, action: `Send ${count}` }),
      submit: (_check, accepted) => {
        sent.push(accepted);
        return refuseSubmit ? Promise.reject(refuseSubmit) : Promise.resolve(`done ${accepted.join(',')}`);
      },
      onError: (error) => errors.push(error),
    });
    return null;
  }
  act(() => render(<Probe />, root));
  return { batch: () => latest!, sent, errors, unmount: () => act(() => render(null, root)) };
}

/** Confirms (or cancels) the one dialog the confirm step opened, and lets the submit settle. */
async function answerDialog(value: string | undefined) {
  await act(settle);
  assert.is(dialogs.value.length, 1, 'one confirmation');
  const [dialog] = dialogs.value;
  await act(async () => {
    closeDialog(dialog!.id, value);
    await settle();
  });
  return dialog!;
}

test('all accepted: the confirmation counts them, they are all sent, and the check gives way to the result', async () => {
  const probe = mount({ items: [item(1, true), item(2, true)] });
  await act(() => probe.batch().check());
  assert.equal(probe.batch().accepted, [1, 2]);
  assert.not.ok(probe.batch().busy);
  let confirming: Promise<void> | undefined;
  act(() => {
    confirming = probe.batch().confirm();
  });
  const dialog = await answerDialog('yes');
  await act(() => confirming!);
  assert.is(dialog.message, '2 phone(s) go');
  assert.equal(dialog.actions.map((action) => action.label), [t('common.cancel'), 'Send 2']);
  assert.equal(probe.sent, [[1, 2]]);
  assert.is(probe.batch().result, 'done 1,2');
  assert.is(probe.batch().checked, null);
  assert.not.ok(probe.batch().busy);
  act(() => probe.batch().startOver());
  assert.is(probe.batch().result, null);
  probe.unmount();
});

test('some refused: only the accepted ones are sent; a cancelled confirmation sends nothing and keeps the check', async () => {
  const probe = mount({ items: [item(1, false), item(2, true), item(3, false), item(4, true)] });
  await act(() => probe.batch().check());
  assert.equal(probe.batch().accepted, [2, 4]);

  let confirming: Promise<void> | undefined;
  act(() => {
    confirming = probe.batch().confirm();
  });
  await answerDialog(undefined);
  await act(() => confirming!);
  assert.equal(probe.sent, [], 'cancelled');
  assert.ok(probe.batch().checked, 'the rows stay');

  act(() => {
    confirming = probe.batch().confirm();
  });
  const dialog = await answerDialog('yes');
  await act(() => confirming!);
  assert.is(dialog.message, '2 phone(s) go');
  assert.equal(probe.sent, [[2, 4]]);
  assert.is(probe.batch().result, 'done 2,4');
  probe.unmount();
});

test('none accepted: there is nothing to confirm and nothing is sent', async () => {
  const probe = mount({ items: [item(1, false), item(2, false)] });
  await act(() => probe.batch().check());
  assert.ok(probe.batch().checked);
  assert.equal(probe.batch().accepted, []);
  await act(() => probe.batch().confirm());
  await act(settle);
  assert.is(dialogs.value.length, 0, 'no dialog');
  assert.equal(probe.sent, []);
  probe.unmount();
});

test('a failed check goes to the page, leaves no check and is not busy', async () => {
  const refusal = new ApiError(ErrorCode.TRANSFER_TARGET_NOT_FOUND, 'no such account');
  const probe = mount(refusal);
  await act(() => probe.batch().check());
  assert.equal(probe.errors, [refusal]);
  assert.is(probe.batch().checked, null);
  assert.not.ok(probe.batch().busy);
  await act(() => probe.batch().confirm());
  assert.is(dialogs.value.length, 0, 'nothing to confirm');
  probe.unmount();
});

test('a refused submit goes to the page and asks for a new check; edit drops a check', async () => {
  const refusal = new ApiError(ErrorCode.SERVER_ERROR, 'down');
  const probe = mount({ items: [item(1, true)] }, refusal);
  await act(() => probe.batch().check());
  let confirming: Promise<void> | undefined;
  act(() => {
    confirming = probe.batch().confirm();
  });
  await answerDialog('yes');
  await act(() => confirming!);
  assert.equal(probe.sent, [[1]]);
  assert.equal(probe.errors, [refusal]);
  assert.is(probe.batch().checked, null);
  assert.is(probe.batch().result, null);
  assert.not.ok(probe.batch().busy);

  await act(() => probe.batch().check());
  assert.ok(probe.batch().checked);
  act(() => probe.batch().edit());
  assert.is(probe.batch().checked, null);
  probe.unmount();
});

test('busy while the check runs; a second check meanwhile is not asked', async () => {
  let finish!: (check: Check) => void;
  let asked = 0;
  let latest: Batch | undefined;
  const root = document.createElement('div');
  function Probe() {
    latest = useCheckedBatch<Check, string>({
      check: () => (asked++, new Promise<Check>((resolve) => (finish = resolve))),
      confirmWords: () => ({ title: '', message: '', action: '' }),
      submit: async () => '',
      onError: () => {},
    });
    return null;
  }
  act(() => render(<Probe />, root));
  let first: Promise<void> | undefined;
  act(() => {
    first = latest!.check();
    void latest!.check();
  });
  assert.is(asked, 1);
  assert.ok(latest!.busy);
  await act(async () => {
    finish({ items: [item(1, true)] });
    await first;
  });
  assert.not.ok(latest!.busy);
  assert.equal(latest!.accepted, [1]);
  act(() => render(null, root));
});

test.run();
